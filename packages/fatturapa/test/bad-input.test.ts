import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, MAX_XML_NAME_LENGTH } from '../src/codec/xml-markup-limits.ts';
import { parseInvoice, type ParseResult } from '../src/parse.ts';
import { validateInvoice } from '../src/validate.ts';
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

describe('hostile names, depth and characters are refused before anything is converted', () => {
  const text = fpr01.toString('utf8');
  /** The official FPR01 with `inner` as the first child of DatiTrasmissione. */
  const withInDatiTrasmissione = (inner: string) =>
    text.replace('<DatiTrasmissione>', `<DatiTrasmissione>${inner}`);

  async function bothCodes(xml: string | Uint8Array): Promise<[string[], string[]]> {
    const validated = await validateInvoice(xml);
    return [
      codes(await parseInvoice(xml)),
      validated.findings.map((finding) => `${finding.layer}:${finding.code}`),
    ];
  }

  it('the longest schema name is the limit', () => {
    expect(MAX_XML_NAME_LENGTH).toBe('TerzoIntermediarioOSoggettoEmittente'.length);
  });

  // 1,000,000 capitals: the former conversion of the name took more than 17 minutes.
  it.each([150_000, 1_000_000])('a %i-character element name (parse and validate)', async (n) => {
    const xml = withInDatiTrasmissione(`<${'N'.repeat(n)}/>`);
    expect(await bothCodes(xml)).toEqual([['xml:xml-name-too-long'], ['xml:xml-name-too-long']]);
    expect(await bothCodes(new TextEncoder().encode(xml))).toEqual([
      ['xml:xml-name-too-long'],
      ['xml:xml-name-too-long'],
    ]);
  });

  it.each([
    ['an end tag', `<A></${'N'.repeat(5000)}>`],
    ['an attribute', `<A ${'N'.repeat(5000)}="1"/>`],
    ['a prefix', `<${'n'.repeat(5000)}:A/>`],
    ['an attribute after another', `<A x="&gt; /" ${'N'.repeat(5000)}='1'/>`],
  ])('a long name in %s', async (_where, inner) => {
    expect(await bothCodes(withInDatiTrasmissione(inner))).toEqual([
      ['xml:xml-name-too-long'],
      ['xml:xml-name-too-long'],
    ]);
  });

  it('names at the limit, and long text in comments and CDATA, are read as before', async () => {
    const name = 'N'.repeat(MAX_XML_NAME_LENGTH);
    const xml = withInDatiTrasmissione(
      `<${name} ${name}="1"/><!-- <${'N'.repeat(5000)}> --><p:X xmlns:p="urn:x"/>`,
    );
    const parsed = await parseInvoice(xml);
    expect(parsed.ok).toBe(true);
    const validated = await validateInvoice(xml);
    expect(validated.findings.map((finding) => finding.code)).toEqual(['00200']);
  });

  // Each of these made the former regular expressions of the tag reader backtrack.
  it.each([
    ['blanks in a start tag', `<A${' '.repeat(200_000)}x`],
    ['attributes without end', `<A${' a="1"'.repeat(50_000)}`],
    ['blanks in the root tag', ''],
  ])('%s: malformed, read in one pass', async (name, inner) => {
    const xml =
      name === 'blanks in the root tag'
        ? `<p:FatturaElettronica xmlns:p="${NS}"${'\u3000 '.repeat(100_000)}versione="FPR12"/>`
        : withInDatiTrasmissione(inner);
    const [parsed] = await bothCodes(xml);
    expect(parsed).toEqual([expect.stringMatching(/^xml:xml-(malformed|wrong-root)$/)]);
  });

  it('a 1 MB value is not repeated in its schema finding', async () => {
    const xml = text.replace(
      /<Denominazione>[^<]*<\/Denominazione>/,
      `<Denominazione>${'A'.repeat(1024 * 1024)}</Denominazione>`,
    );
    const { findings } = await validateInvoice(xml);
    expect(findings.map((finding) => finding.code)).toEqual(['00200']);
    expect(findings[0]?.message).toMatch(/^Line \d+: Denominazione: /);
    expect(findings[0]?.message.length).toBeLessThan(400);
    expect(JSON.stringify(findings[0]).length).toBeLessThan(2000);
  });

  it('XML nested 10,000 levels deep', async () => {
    const xml = withInDatiTrasmissione(`${'<A>'.repeat(10_000)}${'</A>'.repeat(10_000)}`);
    expect(await bothCodes(xml)).toEqual([['xml:xml-too-deep'], ['xml:xml-too-deep']]);
  });

  it(`nesting is read up to ${MAX_XML_DEPTH} levels`, async () => {
    // The root and FatturaElettronicaHeader, DatiTrasmissione are 3 levels already.
    const within = MAX_XML_DEPTH - 3;
    const deepest = withInDatiTrasmissione(`${'<A>'.repeat(within)}${'</A>'.repeat(within)}`);
    expect((await parseInvoice(deepest)).ok).toBe(true);
    const deeper = withInDatiTrasmissione(
      `${'<A>'.repeat(within + 1)}${'</A>'.repeat(within + 1)}`,
    );
    expect(codes(await parseInvoice(deeper))).toEqual(['xml:xml-too-deep']);
  });

  it.each(['&#xD800;', '&#56320;', '&#x1;', '&#xFFFE;', '&#0;'])(
    'a character reference to no XML character: %s',
    async (reference) => {
      const xml = text.replace('<Denominazione>', `<Denominazione>${reference}`);
      const [parsed, validated] = await bothCodes(xml);
      expect(parsed).toEqual(['xml:xml-malformed']);
      expect(validated).toEqual(['xml:xml-malformed']);
    },
  );

  it('a lone surrogate in the text given as a string', async () => {
    const xml = text.replace('<Denominazione>', '<Denominazione>\uD800');
    expect(await bothCodes(xml)).toEqual([['xml:00106'], ['xml:00106']]);
    // A pair is one character, read as any other.
    const pair = text.replace('<Denominazione>', '<Denominazione>\u{1F600}');
    expect((await parseInvoice(pair)).ok).toBe(true);
  });
});
