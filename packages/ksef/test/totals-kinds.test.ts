/**
 * The advisory totals on every kind of invoice (RodzajFaktury), each with the meaning its kind
 * gives P_13_x, P_14_x and P_15: the real documents are the test. The Ministry's examples get no
 * finding at all; every schema-valid third-party sample gets no totals finding but those listed
 * with the error they carry; a copy of an example of each kind with one amount changed gets the
 * finding of that amount.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { validateKsef, type KsefFinding } from '../src/index.ts';
import { invoiceSamples, ksefSamples, LATE_ACCEPTANCE, sampleName } from './validate-corpus.ts';

const TOTALS_CODES = new Set([
  'advisory-net-total',
  'advisory-vat-total',
  'advisory-gross-total',
  'advisory-order-total',
]);

const validate = (xml: string | Uint8Array) => validateKsef(xml, { acceptedOn: LATE_ACCEPTANCE });

const totalsFindings = (findings: KsefFinding[]): string[] =>
  findings.filter((finding) => TOTALS_CODES.has(finding.code)).map((finding) => finding.code);

const official = (name: string): string =>
  readFileSync(path.join(ksefSamples, 'fa3-official-mf', name), 'utf8');

/** The kind of an invoice (its RodzajFaktury), read from the text. */
const kindOf = (xml: string): string => /<RodzajFaktury>([^<]*)</.exec(xml)?.[1] ?? '';

/**
 * `xml` with the text of the `nth` (from 0) `<name>` changed. Throws when there is none: each
 * mutation below must apply.
 */
function change(xml: string, name: string, to: (text: string) => string, nth = 0): string {
  let open = -1;
  for (let seen = 0; seen <= nth; seen += 1) {
    open = xml.indexOf(`<${name}>`, open + 1);
    if (open === -1) throw new Error(`no <${name}> number ${nth}`);
  }
  const start = open + name.length + 2;
  const end = xml.indexOf(`</${name}>`, start);
  return xml.slice(0, start) + to(xml.slice(start, end)) + xml.slice(end);
}

const plus =
  (delta: string) =>
  (text: string): string =>
    new Decimal(text).plus(delta).toFixed(2);

/** The findings of the totals on `xml`, which otherwise passes. */
function totalsOf(xml: string): [string, string][] {
  const result = validate(xml);
  expect(result.findings.filter((finding) => finding.layer !== 'advisory')).toEqual([]);
  return result.findings
    .filter((finding) => TOTALS_CODES.has(finding.code))
    .map((finding) => [finding.code, finding.path]);
}

/**
 * Third-party samples that are schema-valid but whose totals are wrong, each with its error (the
 * findings are right). Every other schema-valid sample gets no totals finding.
 */
const KNOWN_WRONG: Record<string, { codes: string[]; why: string }> = {
  'third-party/ksef4dev__ksef-fop/fa2/podstawowa/FA_2_Przyklad_4.xml': {
    codes: ['advisory-net-total'],
    why: 'a line of 3457.35 exempt (zw) and no P_13_7',
  },
  'third-party/ksef4dev__ksef-fop/fa2/zaliczkowa_korekta/5501234_2024.XML': {
    codes: ['advisory-gross-total'],
    why: 'an exempt advance: P_15 1178685.76 with every P_13_x at 0 and no P_13_7',
  },
  'third-party/ksef4dev__ksef-fop/fa3/obciazeniowa/FA_3_obciazeniowa.xml': {
    codes: ['advisory-net-total'],
    why: 'P_13_1 12948.01 for one line of 738.21',
  },
  'third-party/ksef4dev__ksef-fop/fa3/obciazeniowa/FA_3_obciazeniowa_rozliczona.xml': {
    codes: ['advisory-net-total'],
    why: 'P_13_1 12948.01 for one line of 738.21',
  },
  'third-party/ksef4dev__ksef-fop/fa3/podstawowa/FA_3_Przyklad_1.xml': {
    codes: ['advisory-net-total', 'advisory-net-total'],
    why: 'a line at 23% and no P_13_1; P_13_7 4001.49 for an exempt line of 3457.35',
  },
  'third-party/ksef4dev__ksef-fop/fa3/podstawowa/FA_3_Przyklad_3_netto_brutto.xml': {
    codes: ['advisory-net-total'],
    why: 'a gross line of 500 and a net line of 100, totals of 500 gross',
  },
  'third-party/ksef4dev__ksef-fop/fa3/podstawowa/FA_3_complex.xml': {
    codes: [
      'advisory-net-total',
      'advisory-net-total',
      'advisory-net-total',
      'advisory-net-total',
      'advisory-net-total',
      'advisory-gross-total',
    ],
    why: 'totals for every rate made up, unlike the lines, and P_15 not their sum',
  },
  'third-party/ksef4dev__ksef-fop/fa3/zaliczkowa/FA_3_Przyklad_2.xml': {
    codes: ['advisory-order-total'],
    why: 'WartoscZamowienia 1234.95 for an order line of 2699.95 + 620.99',
  },
};

describe('the totals on the real documents', () => {
  const samples = invoiceSamples().map((file) => [sampleName(file), file] as const);
  const officialSamples = samples.filter(([name]) => name.startsWith('fa3-official-mf/'));

  it("the Ministry's 26 examples cover every kind", () => {
    expect(officialSamples).toHaveLength(26);
    const kinds = new Set(officialSamples.map(([, file]) => kindOf(readFileSync(file, 'utf8'))));
    expect([...kinds].sort()).toEqual(['KOR', 'KOR_ROZ', 'KOR_ZAL', 'ROZ', 'UPR', 'VAT', 'ZAL']);
  });

  it.each(officialSamples)("the Ministry's %s gets no finding", (_name, file) => {
    expect(validate(readFileSync(file))).toMatchObject({ valid: true, findings: [] });
  });

  const schemaValid = samples.filter(([name, file]) => {
    if (name.startsWith('fa3-official-mf/')) return false;
    const result = validate(readFileSync(file));
    return result.form !== undefined && !result.findings.some((f) => f.layer === 'schema');
  });

  it('the third-party samples are many and of every kind', () => {
    expect(schemaValid.length).toBeGreaterThan(50);
    const kinds = new Set(schemaValid.map(([, file]) => kindOf(readFileSync(file, 'utf8'))));
    for (const kind of ['KOR', 'KOR_ROZ', 'KOR_ZAL', 'ROZ', 'UPR', 'VAT', 'ZAL']) {
      expect(kinds).toContain(kind);
    }
    // Every sample listed as wrong is still there and schema-valid.
    const names = new Set(schemaValid.map(([name]) => name));
    expect(Object.keys(KNOWN_WRONG).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(schemaValid)('%s: no totals finding but its known error', (name, file) => {
    const result = validate(readFileSync(file));
    const known = KNOWN_WRONG[name];
    expect(totalsFindings(result.findings), known?.why).toEqual(known?.codes ?? []);
  });
});

describe('one amount changed in an example of each kind', () => {
  describe('VAT (Przykład 1): the lines per rate, the VAT of each rate, P_15', () => {
    const xml = official('FA_3_Przykład_1.xml');
    it('is clean', () => expect(totalsOf(xml)).toEqual([]));
    it('a line', () => {
      expect(totalsOf(change(xml, 'P_11', plus('10')))).toEqual([
        ['advisory-net-total', 'Faktura.Fa.P_13_1'],
      ]);
    });
    it('P_14_1 off by 0.02', () => {
      expect(totalsOf(change(change(xml, 'P_14_1', plus('0.02')), 'P_15', plus('0.02')))).toEqual([
        ['advisory-vat-total', 'Faktura.Fa.P_14_1'],
      ]);
    });
    it('P_15', () => {
      expect(totalsOf(change(xml, 'P_15', plus('1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
  });

  describe('KOR (Przykład 2): differences, the lines "before" subtracted', () => {
    const xml = official('FA_3_Przykład_2.xml');
    it('is clean', () => expect(totalsOf(xml)).toEqual([]));
    it('the line after the correction', () => {
      expect(totalsOf(change(xml, 'P_11', plus('10'), 1))).toEqual([
        ['advisory-net-total', 'Faktura.Fa.P_13_1'],
      ]);
    });
    it('P_15', () => {
      expect(totalsOf(change(xml, 'P_15', plus('1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
  });

  describe('UPR: P_15 alone, or totals without the lines', () => {
    const withTotals = official('FA_3_Przykład_15.xml');
    const alone = official('FA_3_Przykład_16.xml');
    it('are clean', () => {
      expect(totalsOf(withTotals)).toEqual([]);
      expect(totalsOf(alone)).toEqual([]);
    });
    it('P_15 (Przykład 15)', () => {
      expect(totalsOf(change(withTotals, 'P_15', plus('1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
    it('P_14_1, with no line giving its rate: 23% or 22% of P_13_1 (Przykład 15)', () => {
      expect(totalsOf(change(change(withTotals, 'P_14_1', plus('1')), 'P_15', plus('1')))).toEqual([
        ['advisory-vat-total', 'Faktura.Fa.P_14_1'],
      ]);
      // 365.85 at 22% is 80.49: a total at the other rate of the group is accepted.
      const at22 = change(
        change(withTotals, 'P_14_1', () => '80.49'),
        'P_15',
        () => '446.34',
      );
      expect(totalsOf(at22)).toEqual([]);
    });
    it('lines with their values are compared with the totals per rate (Przykład 15)', () => {
      const lines = withTotals.replace('</P_7>', '</P_7><P_11>365.85</P_11><P_12>23</P_12>');
      expect(totalsOf(lines)).toEqual([]);
      expect(totalsOf(change(lines, 'P_11', plus('10')))).toEqual([
        ['advisory-net-total', 'Faktura.Fa.P_13_1'],
      ]);
    });
    it('P_15 alone: a line with its gross value is no total per rate (Przykład 16)', () => {
      expect(
        totalsOf(alone.replace('<P_12>23</P_12>', '<P_11A>450</P_11A><P_12>23</P_12>')),
      ).toEqual([]);
    });
  });

  describe('ZAL (Przykład 10): the advance, at the rates of the order', () => {
    const xml = official('FA_3_Przykład_10.xml');
    it('is clean', () => expect(totalsOf(xml)).toEqual([]));
    it("an order line: WartoscZamowienia is the sum of the order's lines", () => {
      expect(totalsOf(change(xml, 'P_11NettoZ', plus('10')))).toEqual([
        ['advisory-order-total', 'Faktura.Fa.Zamowienie.WartoscZamowienia'],
      ]);
      expect(totalsOf(change(xml, 'P_11VatZ', plus('1'), 1))).toEqual([
        ['advisory-order-total', 'Faktura.Fa.Zamowienie.WartoscZamowienia'],
      ]);
    });
    it('the VAT of the advance (art. 106f ust. 1 pkt 3)', () => {
      expect(totalsOf(change(change(xml, 'P_14_1', plus('1')), 'P_15', plus('1')))).toEqual([
        ['advisory-vat-total', 'Faktura.Fa.P_14_1'],
      ]);
    });
    it('P_15, the advance received', () => {
      expect(totalsOf(change(xml, 'P_15', plus('1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
    it('an advance at 8% on an order at 23%', () => {
      const at8 = xml
        .replace('<P_13_1>16260.16</P_13_1>', '<P_13_2>18518.52</P_13_2>')
        .replace('<P_14_1>3739.84</P_14_1>', '<P_14_2>1481.48</P_14_2>');
      expect(totalsOf(at8)).toEqual([['advisory-net-total', 'Faktura.Fa.P_13_2']]);
    });
  });

  describe('KOR_ZAL (Przykład 11): differences of the advance', () => {
    const xml = official('FA_3_Przykład_11.xml');
    it('is clean', () => expect(totalsOf(xml)).toEqual([]));
    it('P_14_2', () => {
      expect(totalsOf(change(change(xml, 'P_14_2', plus('1')), 'P_15', plus('1')))).toEqual([
        ['advisory-vat-total', 'Faktura.Fa.P_14_2'],
      ]);
    });
    it('P_15', () => {
      expect(totalsOf(change(xml, 'P_15', plus('1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
    it('an order line: not compared (the lines may be differences, or only those corrected)', () => {
      expect(totalsOf(change(xml, 'P_11NettoZ', plus('10'), 1))).toEqual([]);
    });
  });

  describe('ROZ (Przykład 14): what remains after the advances', () => {
    const xml = official('Fa_3_Przykład_14.xml');
    it('is clean', () => expect(totalsOf(xml)).toEqual([]));
    it('P_14_1: 0.01 per rounding, the invoice and its one advance', () => {
      const off = (delta: string) =>
        change(change(xml, 'P_14_1', plus(delta)), 'P_15', plus(delta));
      expect(totalsOf(off('0.02'))).toEqual([]);
      expect(totalsOf(off('0.03'))).toEqual([['advisory-vat-total', 'Faktura.Fa.P_14_1']]);
    });
    it('P_15, the amount remaining', () => {
      expect(totalsOf(change(xml, 'P_15', plus('1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
    it("a line: not compared (the advances' amounts are not on the invoice)", () => {
      expect(totalsOf(change(xml, 'P_11', plus('10')))).toEqual([]);
    });
  });

  describe('KOR_ROZ (Przykład 18): differences of the amount remaining', () => {
    const xml = official('Fa_3_Przykład_18.xml');
    it('is clean', () => expect(totalsOf(xml)).toEqual([]));
    it('P_14_2: 0.01 per rounding, both invoices and the advance twice', () => {
      const off = (delta: string) =>
        change(change(xml, 'P_14_2', plus(delta)), 'P_15', plus(delta));
      expect(totalsOf(off('0.02'))).toEqual([]);
      expect(totalsOf(off('0.05'))).toEqual([['advisory-vat-total', 'Faktura.Fa.P_14_2']]);
    });
    it('P_15', () => {
      expect(totalsOf(change(xml, 'P_15', plus('-1')))).toEqual([
        ['advisory-gross-total', 'Faktura.Fa.P_15'],
      ]);
    });
  });
});
