import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openP7m } from '../src/p7m/p7m.ts';
import { parseInvoice } from '../src/parse.ts';
import { realworldSamples } from './corpus-paths.ts';

const netSamples = path.join(realworldSamples, 'FatturaElettronica__FatturaElettronica.NET');
const ocaSamples = path.join(realworldSamples, 'OCA__l10n-italy/16.0/l10n_it_fatturapa_in');

describe('CAdES .p7m', () => {
  it('extracts the invoice of a DER .p7m and reports the signer', async () => {
    const result = await parseInvoice(
      readFileSync(path.join(ocaSamples, 'IT01234567890_FPR03.xml.p7m')),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(result.format).toBe('FPR12');
    expect(result.signer?.commonName).toBe('CORATO SERGIO');
    expect(result.signer?.certificateSerial).toMatch(/^[0-9a-f]+$/);
    const plain = await parseInvoice(
      readFileSync(path.join(ocaSamples, 'IT01234567890_FPR03.xml')),
    );
    expect(plain.ok && plain.invoice).toEqual(result.invoice);
  });

  it.each(['IT02182030391_31.Base64.xml.p7m', 'IT02182030391_31.Base64.CRLF.xml.p7m'])(
    'reads the base64 envelope %s',
    async (name) => {
      const result = await parseInvoice(readFileSync(path.join(netSamples, name)));
      if (!result.ok) throw new Error(JSON.stringify(result.findings));
      expect(result.signer?.commonName).toBe('GARDINI STEFANO');
      expect(result.signer?.fiscalCode).toMatch(/^[A-Z0-9]{16}$/);
    },
  );

  it('opens a signed non-invoice and returns its content', async () => {
    const result = await openP7m(
      new Uint8Array(
        readFileSync(path.join(realworldSamples, 'Truelite__python-a38/test.txt.p7m')),
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(new TextDecoder().decode(result.content).length).toBeGreaterThan(0);
  });

  it('a non-invoice inside a valid envelope is not an invoice', async () => {
    const result = await parseInvoice(
      readFileSync(path.join(realworldSamples, 'Truelite__python-a38/test.txt.p7m')),
    );
    expect(result.ok).toBe(false);
  });
});
