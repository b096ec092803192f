import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonToKsef } from '../src/codec/json-to-xml.ts';
import { nodePointer, readLibxml2Tree } from '../src/codec/libxml2-tree.ts';
import { xmlTreeToJsonWalked } from '../src/codec/xml-to-json.ts';
import { parseInvoice } from '../src/schema/xsd.ts';
import { ksefToJson, validateKsef } from '../src/validate.ts';
import { invoiceSamples, LATE_ACCEPTANCE, sampleName } from './validate-corpus.ts';

const schemaValid = invoiceSamples().filter((file) => {
  const result = validateKsef(readFileSync(file), { acceptedOn: LATE_ACCEPTANCE });
  return !result.findings.some((finding) => finding.layer === 'xml' || finding.layer === 'schema');
});

const minimal = (extra = ''): string => `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>2026-02-01T00:00:00Z</DataWytworzeniaFa>
  </Naglowek>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>2026-02-01</P_1>
    <P_2>A&amp;B &lt;1&gt;${extra}</P_2>
    <FaWiersz><NrWierszaFa>1</NrWierszaFa></FaWiersz>
  </Fa>
</Faktura>`;

describe('XML → JSON → XML keeps the document', () => {
  it('there are valid samples of FA(3), FA(2) and FA_RR(1) to prove it on', () => {
    const forms = new Set(schemaValid.map((file) => ksefToJson(readFileSync(file)).form));
    expect(schemaValid.length).toBeGreaterThan(70);
    expect([...forms].sort()).toEqual(['FA(2)', 'FA(3)', 'FA_RR(1)']);
  });

  it.each(schemaValid.map((file) => [sampleName(file), file]))('%s', (_name, file) => {
    const original = readFileSync(file);
    const first = ksefToJson(original);
    expect(first.findings).toEqual([]);
    const written = jsonToKsef(first.json);
    expect(written.problems).toEqual([]);
    const again = ksefToJson(written.xml ?? '');
    expect(again.json).toEqual(first.json);
    const before = validateKsef(original, { acceptedOn: LATE_ACCEPTANCE });
    const after = validateKsef(written.xml ?? '', { acceptedOn: LATE_ACCEPTANCE });
    expect(after).toEqual(before);
  });
});

describe('the JSON shape', () => {
  it('keys by Polish names, attributes beside __value, repeating elements as arrays', () => {
    const { json, form } = ksefToJson(minimal());
    expect(form).toBe('FA(3)');
    expect(json?.Faktura.Naglowek).toEqual({
      KodFormularza: { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E', __value: 'FA' },
      WariantFormularza: '3',
      DataWytworzeniaFa: '2026-02-01T00:00:00Z',
    });
    // One line, still an array (FaWiersz repeats in the XSD); text unescaped, as a string.
    expect(json?.Faktura.Fa).toMatchObject({
      P_2: 'A&B <1>',
      FaWiersz: [{ NrWierszaFa: '1' }],
    });
    expect(json?.Faktura.$xmlns).toEqual({ '': 'http://crd.gov.pl/wzor/2025/06/25/13775/' });
  });

  it('CDATA, character references and prefixes give the same JSON text', () => {
    const plain = ksefToJson(minimal()).json?.Faktura.Fa;
    const cdata = ksefToJson(minimal().replace('A&amp;B &lt;1&gt;', '<![CDATA[A&B <1>]]>'));
    const refs = ksefToJson(minimal().replace('A&amp;B', '&#65;&#x26;B'));
    expect(cdata.json?.Faktura.Fa).toEqual(plain);
    expect(refs.json?.Faktura.Fa).toEqual(plain);
  });

  it('writes the prefix of the root back, and escapes text and carriage returns', () => {
    const prefixed = minimal()
      .replaceAll('<', '<tns:')
      .replaceAll('<tns:/', '</tns:')
      .replace('<tns:?xml', '<?xml')
      .replace('xmlns=', 'xmlns:tns=');
    const { json } = ksefToJson(prefixed);
    expect(json?.Faktura.$prefix).toBe('tns');
    const xml = jsonToKsef(json).xml ?? '';
    expect(xml).toContain('<tns:Faktura xmlns:tns="http://crd.gov.pl/wzor/2025/06/25/13775/">');
    expect(xml).toContain('<tns:P_2>A&amp;B &lt;1&gt;</tns:P_2>');
    const withCr = structuredClone(json) as { Faktura: { Fa: { P_2: string } } };
    withCr.Faktura.Fa.P_2 = 'a\r\nb';
    const back = ksefToJson(jsonToKsef(withCr).xml ?? '');
    expect((back.json?.Faktura.Fa as { P_2: string }).P_2).toBe('a\r\nb');
  });

  it("keeps the root's other namespace declarations and xsi:schemaLocation", () => {
    const located = minimal().replace(
      '<Faktura xmlns=',
      '<Faktura xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:x schema.xsd" xmlns=',
    );
    const { json } = ksefToJson(located);
    expect(json?.Faktura.$attributes).toEqual({ 'xsi:schemaLocation': 'urn:x schema.xsd' });
    const xml = jsonToKsef(json).xml ?? '';
    expect(xml).toContain('xsi:schemaLocation="urn:x schema.xsd"');
    expect(ksefToJson(xml).json).toEqual(json);
  });

  it('writes elements in schema order whatever the order of the keys', () => {
    const { json } = ksefToJson(minimal());
    const fa = json?.Faktura.Fa as Record<string, unknown>;
    const reversed = Object.fromEntries(Object.entries(fa).reverse());
    const xml = jsonToKsef({ Faktura: { ...json?.Faktura, Fa: reversed } }).xml ?? '';
    expect(xml.indexOf('<KodWaluty>')).toBeLessThan(xml.indexOf('<FaWiersz>'));
    expect(validateKsef(xml, { acceptedOn: LATE_ACCEPTANCE }).findings).toEqual(
      validateKsef(minimal(), { acceptedOn: LATE_ACCEPTANCE }).findings,
    );
  });

  it('reports what it cannot write: unknown keys, non-strings, non-arrays, no root', () => {
    const { json } = ksefToJson(minimal());
    const fa = json?.Faktura.Fa as Record<string, unknown>;
    const broken = {
      Faktura: {
        ...json?.Faktura,
        Fa: { ...fa, Nieznany: 'x', P_1: 20260201, FaWiersz: { NrWierszaFa: '1' } },
      },
    };
    const result = jsonToKsef(broken);
    expect(result.xml).toBeUndefined();
    expect(result.problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['json-unknown-key', 'Faktura.Fa.Nieznany'],
      ['json-not-string', 'Faktura.Fa.P_1'],
      ['json-not-array', 'Faktura.Fa.FaWiersz'],
    ]);
    expect(jsonToKsef(null).problems[0]?.code).toBe('json-root');
    expect(jsonToKsef({ Faktura: {}, Other: {} }).problems[0]?.code).toBe('json-root');
    expect(jsonToKsef({ Faktura: { Fa: {} } }).problems[0]?.code).toBe('json-form');
  });
});

describe("reading libxml2's memory gives the JSON of the walk through its API", () => {
  const variants = (xml: string): string[] => [
    xml,
    xml.replace('<P_2>', '<P_2><!-- c --><![CDATA[&x]]>&#65;'),
    xml
      .replace(/<(\/?)([A-Z_a-z][\w.-]*)(?=[\s/>])/g, '<$1t:$2')
      .replace(/\sxmlns="/, ' xmlns:t="'),
  ];
  it.each(invoiceSamples().map((file) => [sampleName(file), file]))('%s', (_name, file) => {
    for (const xml of variants(readFileSync(file, 'utf8'))) {
      const { parsed } = parseInvoice(new TextEncoder().encode(xml));
      if (!parsed?.form) continue;
      try {
        const fast = readLibxml2Tree(nodePointer(parsed.root), parsed.form);
        expect(fast).toBeDefined();
        expect(JSON.stringify(fast)).toBe(
          JSON.stringify(xmlTreeToJsonWalked(parsed.root, parsed.form)),
        );
      } finally {
        parsed.document.dispose();
      }
    }
  });
});
