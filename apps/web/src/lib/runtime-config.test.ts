import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, RuntimeConfigError } from './runtime-config';
import { testRuntimeConfig } from '../test/test-runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts the API document and keeps demo logins of a sandbox', () => {
    const config = parseRuntimeConfig({
      ...testRuntimeConfig,
      demoLogins: [{ email: 'italy@demo.fiscus.test', persona: 'Italian business' }, { bad: 1 }],
    });
    expect(config.demoLogins).toEqual([
      { email: 'italy@demo.fiscus.test', persona: 'Italian business' },
    ]);
    expect(config.services.it).toBe('/api/it');
  });

  it('drops demo logins when not a sandbox and defaults platform keys to context ids', () => {
    const config = parseRuntimeConfig({
      services: testRuntimeConfig.services,
      sandbox: false,
      demoLogins: [{ email: 'a@b.test', persona: 'x' }],
    });
    expect(config.demoLogins).toEqual([]);
    expect(config.platformKeys.peppol_be).toBe('peppol_be');
  });

  it('rejects a document without service URLs', () => {
    expect(() => parseRuntimeConfig({ services: { common: '/api/common' } })).toThrow(
      RuntimeConfigError,
    );
  });
});
