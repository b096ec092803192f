import { describe, expect, it } from 'vitest';
import { readFileAsBase64 } from './read-file';

describe('readFileAsBase64', () => {
  it('reads a file as the base64 the API takes, without the data URL prefix', async () => {
    const file = new File(['<FatturaElettronica/>'], 'a.xml', { type: 'application/xml' });
    expect(await readFileAsBase64(file)).toBe(btoa('<FatturaElettronica/>'));
    expect(await readFileAsBase64(new Blob([]))).toBe('');
  });
});
