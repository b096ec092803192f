import { describe, expect, it } from 'vitest';
import { resolveContext } from './active-context';

describe('resolveContext', () => {
  it('keeps the stored context while it is available', () => {
    expect(resolveContext('peppol_be', ['peppol', 'peppol_be'])).toBe('peppol_be');
  });

  it('falls back to Italy, then to the first available context', () => {
    expect(resolveContext('pl', ['it', 'peppol'])).toBe('it');
    expect(resolveContext(null, ['peppol', 'peppol_be'])).toBe('peppol');
    expect(resolveContext('garbage', ['ob'])).toBe('ob');
    expect(resolveContext(null, [])).toBeNull();
  });
});
