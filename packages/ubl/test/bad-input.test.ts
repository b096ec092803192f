import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ublToJson } from '../src/codec/index.ts';
import { validateUbl } from '../src/validate.ts';
import { parseUbl } from '../src/xml/parse.ts';
import { MAX_XML_DEPTH, MAX_XML_MARKUP } from '../src/xml/limits.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

const baseExample = readFileSync(
  peppolDocuments().find((file) =>
    specName(file).endsWith('bis-billing-3/examples/base-example.xml'),
  )!,
  'utf8',
);
const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';

/** The layer-1 finding ids each entry point gives for `input` (all must agree). */
function layerOneIds(input: string | Uint8Array, options: { maxBytes?: number } = {}): string[] {
  const parsed = parseUbl(input, options).findings.map((finding) => finding.id);
  const validated = validateUbl(input, options);
  expect(validated.valid).toBe(false);
  expect(validated.findings.filter((f) => f.layer === 'xml').map((f) => f.id)).toEqual(parsed);
  const converted = ublToJson(input, options);
  expect(converted.json).toBeUndefined();
  expect(converted.findings.map((finding) => finding.id)).toEqual(parsed);
  for (const finding of converted.findings) {
    expect(finding.flag).toBe('fatal');
    expect(finding.layer).toBe('xml');
    expect(finding.message.length).toBeGreaterThan(10);
  }
  return parsed;
}

describe('hostile and broken XML gives layer-1 findings, never an exception', () => {
  it.each([
    ['an empty document', '', 'XML-EMPTY'],
    ['blanks only', ' \n\t ', 'XML-EMPTY'],
    ['plain text', 'hello, this is no invoice', 'XML-NOT-XML'],
    ['JSON', '{"Invoice": {}}', 'XML-NOT-XML'],
    ['an unclosed element', `<Invoice xmlns="${INVOICE_NS}"><ID>1</ID>`, 'XML-MALFORMED'],
    ['mismatched tags', `<Invoice xmlns="${INVOICE_NS}"><ID>1</Id></Invoice>`, 'XML-MALFORMED'],
    ['an undefined entity', `<Invoice xmlns="${INVOICE_NS}">&nbsp;</Invoice>`, 'XML-MALFORMED'],
    ['an undeclared prefix', '<cbc:Invoice/>', 'XML-MALFORMED'],
    [
      'two roots',
      `<Invoice xmlns="${INVOICE_NS}"/><Invoice xmlns="${INVOICE_NS}"/>`,
      'XML-MALFORMED',
    ],
    ['a NUL character', `<Invoice xmlns="${INVOICE_NS}">\u0000</Invoice>`, 'XML-CHARACTER'],
    ['a control character', `<Invoice xmlns="${INVOICE_NS}">\u0007</Invoice>`, 'XML-CHARACTER'],
    ['a lone high surrogate', `<Invoice xmlns="${INVOICE_NS}">\uD800</Invoice>`, 'XML-CHARACTER'],
    ['a lone low surrogate', `<Invoice xmlns="${INVOICE_NS}">a\uDFFFb</Invoice>`, 'XML-CHARACTER'],
    [
      'an external entity (XXE)',
      `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice xmlns="${INVOICE_NS}">&xxe;</Invoice>`,
      'XML-DOCTYPE',
    ],
    [
      'billion laughs',
      `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Invoice xmlns="${INVOICE_NS}">&lol3;</Invoice>`,
      'XML-DOCTYPE',
    ],
    [
      'a DOCTYPE in lower case',
      `<!doctype Invoice><Invoice xmlns="${INVOICE_NS}"/>`,
      'XML-DOCTYPE',
    ],
    ['an element named 100,000 characters', `<${'N'.repeat(100_000)}/>`, 'XML-NAME-TOO-LONG'],
    [
      'an attribute named 100,000 characters',
      `<Invoice xmlns="${INVOICE_NS}" ${'a'.repeat(100_000)}="1"/>`,
      'XML-NAME-TOO-LONG',
    ],
    ['100,000-deep nesting', `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`, 'XML-DEPTH'],
    ['an unknown root', '<Factura xmlns="urn:example:factura"/>', 'XML-ROOT'],
    ['an Invoice without namespace', '<Invoice><ID>1</ID></Invoice>', 'XML-ROOT'],
    [
      'an Invoice in a wrong namespace',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-3"/>',
      'XML-ROOT',
    ],
    [
      'a CreditNote root in the Invoice namespace',
      `<CreditNote xmlns="${INVOICE_NS}"/>`,
      'XML-ROOT',
    ],
  ])('%s', (_name, input, id) => {
    expect(layerOneIds(input)).toEqual([id]);
    // As bytes, a lone surrogate can only be written as invalid UTF-8 (below).
    if (!/\p{Cs}/u.test(input)) expect(layerOneIds(new TextEncoder().encode(input))).toEqual([id]);
  });

  it('a surrogate written in UTF-8 bytes (CESU) is invalid UTF-8', () => {
    const bytes = Buffer.concat([
      Buffer.from(`<Invoice xmlns="${INVOICE_NS}">`),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('</Invoice>'),
    ]);
    expect(layerOneIds(bytes)).toEqual(['XML-ENCODING']);
  });

  it('refuses nesting one level past the limit, accepts it at the limit', () => {
    const nested = (depth: number): string =>
      `<Invoice xmlns="${INVOICE_NS}">${'<a>'.repeat(depth - 1)}${'</a>'.repeat(depth - 1)}</Invoice>`;
    expect(parseUbl(nested(MAX_XML_DEPTH + 1)).findings.map((f) => f.id)).toEqual(['XML-DEPTH']);
    expect(parseUbl(nested(MAX_XML_DEPTH)).findings).toEqual([]);
  });

  it('refuses bytes that are not valid in their encoding, and unknown encodings', () => {
    const invalidUtf8 = Buffer.concat([
      Buffer.from(`<Invoice xmlns="${INVOICE_NS}"><ID>`),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('</ID></Invoice>'),
    ]);
    expect(layerOneIds(invalidUtf8)).toEqual(['XML-ENCODING']);
    const unknown = Buffer.from(
      `<?xml version="1.0" encoding="x-klingon"?><Invoice xmlns="${INVOICE_NS}"/>`,
    );
    expect(layerOneIds(unknown)).toEqual(['XML-ENCODING']);
  });

  it('accepts a BOM (UTF-8, UTF-16) and a declared ISO-8859-1 encoding', () => {
    const plain = parseUbl(baseExample);
    const utf8Bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(baseExample)]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(baseExample, 'utf16le')]);
    for (const input of [utf8Bom, utf16, `\uFEFF${baseExample}`]) {
      const parsed = parseUbl(input);
      expect(parsed.findings).toEqual([]);
      expect(ublToJson(input).json).toEqual(ublToJson(baseExample).json);
      expect(parsed.document?.root?.children.length).toBe(plain.document?.root?.children.length);
    }
    const latin1 = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?><Invoice xmlns="${INVOICE_NS}" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:Note>Città è più</cbc:Note></Invoice>`,
      'latin1',
    );
    expect(ublToJson(latin1).json).toMatchObject({ Invoice: { Note: ['Città è più'] } });
  });

  it('refuses a document above the size limit before reading it', () => {
    const size = Buffer.byteLength(baseExample);
    expect(layerOneIds(baseExample, { maxBytes: size - 1 })).toEqual(['XML-TOO-LARGE']);
    expect(layerOneIds(Buffer.from(baseExample), { maxBytes: size - 1 })).toEqual([
      'XML-TOO-LARGE',
    ]);
    expect(parseUbl(baseExample, { maxBytes: size }).findings).toEqual([]);
    // Counted in UTF-8 bytes, not UTF-16 units.
    const accented = baseExample.replace(
      '<cbc:ID>Snippet1</cbc:ID>',
      `<cbc:ID>${'é'.repeat(10)}</cbc:ID>`,
    );
    expect(parseUbl(accented, { maxBytes: Buffer.byteLength(accented) - 1 }).findings[0]?.id).toBe(
      'XML-TOO-LARGE',
    );
  });

  it('reads a 50 MB document in bounded time and memory (a finding, not a crash)', () => {
    const note = 'x'.repeat(50 * 1024 * 1024);
    const big = baseExample.replace(
      '<cbc:IssueDate>',
      `<cbc:Note>${note}</cbc:Note><cbc:IssueDate>`,
    );
    const parsed = parseUbl(big);
    // libxml2 refuses a text node above 10 MB (its XML_MAX_TEXT_LENGTH without XML_PARSE_HUGE).
    expect(parsed.findings.map((finding) => finding.id)).toEqual(['XML-MALFORMED']);
    expect(parseUbl(big, { maxBytes: 10 * 1024 * 1024 }).findings[0]?.id).toBe('XML-TOO-LARGE');
  });

  it('refuses more markup than the tree may hold in memory', () => {
    const open = `<Invoice xmlns="${INVOICE_NS}">`;
    const elements = `${open}${'<a/>'.repeat(MAX_XML_MARKUP)}</Invoice>`;
    expect(parseUbl(elements).findings.map((finding) => finding.id)).toEqual([
      'XML-TOO-MANY-NODES',
    ]);
    const attributes = `<Invoice xmlns="${INVOICE_NS}" ${Array.from({ length: 1000 }, (_, i) => `a${i}=""`).join(' ')}>${'<b c="" d="" e=""/>'.repeat(MAX_XML_MARKUP / 4)}</Invoice>`;
    expect(parseUbl(attributes).findings.map((finding) => finding.id)).toEqual([
      'XML-TOO-MANY-NODES',
    ]);
  });

  it('reads a 50 MB document of many elements', () => {
    const line =
      '<cbc:Note>Payment within 10 days, 2% discount, thank you for your order</cbc:Note>';
    const lines = line.repeat(Math.ceil((50 * 1024 * 1024) / line.length));
    const big = baseExample.replace('<cbc:IssueDate>', `${lines}<cbc:IssueDate>`);
    const parsed = parseUbl(big);
    expect(parsed.findings).toEqual([]);
    expect(parsed.document?.root?.children.length).toBeGreaterThan(600_000);
  }, 60_000);
});

describe('unknown transactions and wrong namespaces', () => {
  it('an unknown CustomizationID is fatal: an access point refuses it', () => {
    const unknown = baseExample.replace(
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      'urn:example:my-own-invoice:1.0',
    );
    const result = validateUbl(unknown);
    expect(result.valid).toBe(false);
    expect(result.transaction).toBeUndefined();
    expect(result.customizationId).toBe('urn:example:my-own-invoice:1.0');
    expect(result.findings.map((finding) => [finding.id, finding.flag])).toEqual([
      ['UBL-TRANSACTION', 'fatal'],
    ]);
  });

  it('a document without CustomizationID has no transaction', () => {
    const missing = baseExample.replace(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, '');
    const result = validateUbl(missing);
    expect(result.valid).toBe(false);
    expect(result.findings.map((finding) => finding.id)).toEqual(['UBL-TRANSACTION']);
    expect(result.findings[0]!.message).toContain('no CustomizationID');
  });

  it('children in a wrong namespace fail the XSD, with their place', () => {
    const wrong = baseExample.replace(
      'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
      'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-3"',
    );
    const result = validateUbl(wrong);
    expect(result.valid).toBe(false);
    const xsd = result.findings.filter((finding) => finding.id === 'XSD');
    expect(xsd.length).toBeGreaterThan(0);
    expect(xsd[0]!.location).toContain('CustomizationID');
    expect(xsd[0]!.path).toBe('Invoice.$cbc:CustomizationID[0]');
  });
});
