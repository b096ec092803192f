import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInvoice, type ParseResult } from '../src/parse.ts';
import { officialSamples, realworldSamples } from './corpus-paths.ts';

const NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const fpr01 = readFileSync(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'));

function codes(result: ParseResult): string[] {
  return result.ok ? [] : result.findings.map((finding) => `${finding.layer}:${finding.code}`);
}

describe('bad input gives a finding with a code, never an exception', () => {
  it('malformed XML', async () => {
    const result = await parseInvoice(
      `<p:FatturaElettronica xmlns:p="${NS}" versione="FPR12"><FatturaElettronicaHeader></p:FatturaElettronica>`,
    );
    expect(codes(result)).toEqual(['xml:xml-malformed']);
    expect(result.ok ? '' : result.findings[0]?.message).toMatch(/line 1/);
  });

  it.each([
    ['mismatched end tag', '<A><B></A></B>'],
    ['unclosed element', '<A><B></B>'],
    ['unescaped ampersand', '<A><B>fish & chips</B></A>'],
    ['unknown entity', '<A><B>&euro;</B></A>'],
    ['text after the root', '<A></A>trailing'],
    ['two roots', '<A></A><A></A>'],
    ['unquoted attribute', '<A><B x=1></B></A>'],
  ])('malformed XML: %s', async (_name, inner) => {
    const xml = `<p:FatturaElettronica xmlns:p="${NS}" versione="FPR12">${inner}</p:FatturaElettronica>`;
    const wrapped = inner.startsWith('<A></A>')
      ? `<p:FatturaElettronica xmlns:p="${NS}" versione="FPR12"/>${inner.slice(7)}`
      : xml;
    expect(codes(await parseInvoice(wrapped))).toEqual(['xml:xml-malformed']);
  });

  it('wrong root element', async () => {
    const result = await parseInvoice(`<Fattura xmlns="${NS}" versione="FPR12"/>`);
    expect(codes(result)).toEqual(['xml:xml-wrong-root']);
  });

  it('unknown version', async () => {
    const result = await parseInvoice(`<p:FatturaElettronica xmlns:p="${NS}" versione="FPR13"/>`);
    expect(codes(result)).toEqual(['xml:xml-unknown-version']);
  });

  it('FatturaPA 1.1 gets "version not supported"', async () => {
    const file = path.join(officialSamples, 'v1.1/IT01234567890_11001.xml');
    const result = await parseInvoice(readFileSync(file));
    expect(codes(result)).toEqual(['xml:xml-version-not-supported']);
    expect(result.ok ? '' : result.findings[0]?.message).toMatch(/not supported/);
  });

  it('empty file, as bytes and as text', async () => {
    expect(codes(await parseInvoice(new Uint8Array()))).toEqual(['xml:00106']);
    expect(codes(await parseInvoice('  \n'))).toEqual(['xml:00106']);
  });

  it('a 20 MB file is refused on size before being read (00003)', async () => {
    const big = new Uint8Array(20 * 1024 * 1024).fill(0x20);
    big.set(fpr01);
    const result = await parseInvoice(big);
    expect(codes(result)).toEqual(['xml:00003']);
  });

  it('the size limit is configurable', async () => {
    expect(codes(await parseInvoice(fpr01, { maxBytes: 1000 }))).toEqual(['xml:00003']);
    expect((await parseInvoice(fpr01, { maxBytes: 10_000 })).ok).toBe(true);
  });

  it('binary garbage', async () => {
    const garbage = Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256);
    expect(codes(await parseInvoice(garbage))).toEqual(['xml:00106']);
    expect(codes(await parseInvoice('<a>\u0000\u0001</a>'))).toEqual(['xml:00106']);
  });

  it('XXE: an external entity is rejected, not followed', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE p:FatturaElettronica [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><p:FatturaElettronica xmlns:p="${NS}" versione="FPR12"><FatturaElettronicaHeader><DatiTrasmissione><ProgressivoInvio>&xxe;</ProgressivoInvio></DatiTrasmissione></FatturaElettronicaHeader></p:FatturaElettronica>`;
    const result = await parseInvoice(xxe);
    expect(codes(result)).toEqual(['xml:xml-doctype-forbidden']);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('billion laughs: entity expansion is rejected', async () => {
    const entities = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`,
    ).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><p:FatturaElettronica xmlns:p="${NS}" versione="FPR12"><FatturaElettronicaHeader><DatiTrasmissione><ProgressivoInvio>&lol9;</ProgressivoInvio></DatiTrasmissione></FatturaElettronicaHeader></p:FatturaElettronica>`;
    expect(codes(await parseInvoice(bomb))).toEqual(['xml:xml-doctype-forbidden']);
  });

  it('a tampered .p7m (DER) is refused', async () => {
    const file = path.join(
      realworldSamples,
      'FatturaElettronica__FatturaElettronica.NET/IT02182030391_31_tampered.xml.p7m',
    );
    const result = await parseInvoice(readFileSync(file));
    expect(result.ok).toBe(false);
    expect(codes(result)[0]).toMatch(/^xml:(00102|00106)$/);
  });

  it('a tampered .p7m (base64) is refused', async () => {
    const file = path.join(
      realworldSamples,
      'FatturaElettronica__FatturaElettronica.NET/IT02182030391_31_tampered.Base64.xml.p7m',
    );
    const result = await parseInvoice(readFileSync(file));
    expect(codes(result)[0]).toMatch(/^xml:(00102|00106)$/);
  });

  it('a signed file whose content was altered fails the signature check (00102)', async () => {
    const file = path.join(
      realworldSamples,
      'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT01234567890_FPR03.xml.p7m',
    );
    const der = new Uint8Array(readFileSync(file));
    // Change one character of the invoice inside the envelope: the digest no longer matches.
    const text = new TextDecoder('latin1').decode(der);
    const at = text.indexOf('<ProgressivoInvio>') + '<ProgressivoInvio>'.length;
    expect(at).toBeGreaterThan(20);
    der[at] = der[at] === 0x41 ? 0x42 : 0x41;
    expect(codes(await parseInvoice(der))).toEqual(['xml:00102']);
  });

  it('an envelope that is not PKCS#7 is unreadable (00106)', async () => {
    expect(codes(await parseInvoice(new Uint8Array([0x30, 0x03, 0x02, 0x01])))).toEqual([
      'xml:00106',
    ]);
  });
});
