import { describe, expect, it, vi } from 'vitest';
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

describe('loadRuntimeConfig', () => {
  /** A fresh module: the configuration is loaded once per page. */
  async function freshModule() {
    vi.resetModules();
    return import('./runtime-config');
  }

  function pageWith(json: string): Document {
    const doc = document.implementation.createHTMLDocument('console');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'fiscus-runtime-config';
    block.textContent = json;
    doc.head.append(block);
    return doc;
  }

  it('reads the configuration the API wrote into the page, without a request', async () => {
    const { loadRuntimeConfig, getRuntimeConfig } = await freshModule();
    const fetchImpl = vi.fn<typeof fetch>();
    const inlined = {
      ...testRuntimeConfig,
      services: { ...testRuntimeConfig.services, it: '/x/it' },
    };
    const config = await loadRuntimeConfig(fetchImpl, pageWith(JSON.stringify(inlined)));
    expect(config.services.it).toBe('/x/it');
    expect(getRuntimeConfig().services.it).toBe('/x/it');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches /config.json when the page holds none, or a block it cannot read', async () => {
    for (const doc of [document.implementation.createHTMLDocument('dev'), pageWith('{not json')]) {
      const { loadRuntimeConfig } = await freshModule();
      const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(testRuntimeConfig));
      const config = await loadRuntimeConfig(fetchImpl, doc);
      expect(config.services.it).toBe(testRuntimeConfig.services.it);
      expect(fetchImpl).toHaveBeenCalledWith('/config.json', expect.anything());
    }
  });
});
