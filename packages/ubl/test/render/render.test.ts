import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from '@fiscus/fatturapa/render-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { ublToJson } from '../../src/codec/index.ts';
import { renderHtml, renderPdf, ublLanguages, type UblLang } from '../../src/render/index.ts';
import {
  describeUblCode,
  labelKeys,
  ublCodesOf,
  ublLabels,
  type CodeListName,
} from '../../src/render/labels.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const peppol = path.resolve(here, '../../../../../shared/spec/peppol');
const exampleFiles: Record<string, string> = {
  'base-example': 'bis-billing-3/examples/base-example.xml',
  'base-creditnote-correction': 'bis-billing-3/examples/base-creditnote-correction.xml',
  order: 'poacc-upgrade-3/examples/Order_Example.xml',
  'order-response': 'poacc-upgrade-3/examples/OrderResponse_Example.xml',
};

/** The UBL JSON of a real example file. */
function example(name: string): unknown {
  const { json, findings } = ublToJson(readFileSync(path.join(peppol, exampleFiles[name] ?? name)));
  if (!json) throw new Error(`${name}: ${JSON.stringify(findings)}`);
  return json;
}

/** No-break and narrow no-break spaces as plain spaces, runs of white space as one. */
function plain(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

const work = mkdtempSync(path.join(tmpdir(), 'ubl-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pdfText(bytes: Uint8Array): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

interface Case {
  name: string;
  title: 'invoice' | 'creditNote' | 'order' | 'orderResponse';
  number: string;
  /** The amount the document ends with (payable, or the order total), per language. */
  total?: Record<UblLang, string>;
  /** Values that must show whatever the language. */
  values: string[];
}

const cases: Case[] = [
  {
    name: 'base-example',
    title: 'invoice',
    number: 'Snippet1',
    total: {
      it: '1.656,25 €',
      en: '€1,656.25',
      pl: '1 656,25 €',
      nl: '€ 1.656,25',
      fr: '1 656,25 €',
    },
    values: [
      'SupplierOfficialName Ltd',
      'Buyer Official Name',
      '0088: 9482348239847239874',
      'GB1232434',
      'SE4598375937',
      'IBAN32423940',
      'BIC324098',
      '0150abc',
      'item name 2',
      'Payment within 10 days, 2% discount',
    ],
  },
  {
    name: 'base-creditnote-correction',
    title: 'creditNote',
    number: 'Snippet1',
    total: {
      it: '1.656,25 €',
      en: '€1,656.25',
      pl: '1 656,25 €',
      nl: '€ 1.656,25',
      fr: '1 656,25 €',
    },
    values: ['SupplierOfficialName Ltd', 'Buyer Official Name'],
  },
  {
    name: 'order',
    title: 'order',
    number: '34',
    total: {
      it: '6.363,00 NOK',
      en: 'NOK 6,363.00',
      pl: '6 363,00 NOK',
      nl: 'NOK 6.363,00',
      fr: '6 363,00 NOK',
    },
    values: ['Helseforetak AS', 'Medical AS', 'Lørenskog', 'QuoteID123', '9000012345'],
  },
  {
    name: 'order-response',
    title: 'orderResponse',
    number: '101',
    values: ['The Supplier AB', 'City Hospital', '11233', 'Brown sauce', 'Sauce brown, ready'],
  },
];

describe('rendering UBL documents', () => {
  for (const entry of cases) {
    for (const lang of ublLanguages) {
      it(`${entry.name} in ${lang}: title, key labels, values and the total in HTML and PDF`, async () => {
        const labels = ublLabels(lang);
        const json = example(entry.name);
        const html = plain(renderHtml(json, { lang }));
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(`<h1>${escapeHtml(labels[entry.title])}</h1>`);
        for (const label of [labels.number, labels.lines, labels.quantity, labels.price]) {
          expect(html).toContain(plain(escapeHtml(label)));
        }
        expect(html).toContain(entry.number);
        for (const value of entry.values)
          expect(html).toContain(plain(value).replace(/&/g, '&amp;'));
        const pdf = await renderPdf(json, { lang });
        expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
        const text = pdfText(pdf);
        expect(text).toContain(plain(labels[entry.title]));
        if (entry.total) {
          const total = plain(entry.total[lang]);
          const label = entry.title === 'order' ? labels.orderTotal : labels.payable;
          expect(html).toContain(`${escapeHtml(label)}</th><td>${total}</td>`);
          expect(text).toContain(plain(label));
          expect(text).toContain(total);
        }
        expect(text).toContain(
          plain(ublLabels(lang).page.replace('{page}', '1').replace('{pages}', '')).trim(),
        );
      });
    }
  }

  it('shows what an accountant books on an invoice: type, VAT breakdown, allowances, lines, payment', () => {
    const html = plain(renderHtml(example('base-example'), { lang: 'en' }));
    expect(html).toContain('380 - Commercial invoice');
    // VAT breakdown row: category with its meaning, rate, taxable amount, tax.
    expect(html).toMatch(
      /S - Standard rate<\/td><td class="right">25\.00%<\/td><td class="right">€1,325\.00<\/td><td class="right">€331\.25<\/td>/,
    );
    // The charge of the document, and a credited line with its negative quantity and amount.
    expect(html).toContain('<td class="left">Charge</td><td class="left">Insurance</td>');
    expect(html).toContain('-3 days');
    expect(html).toContain('-€1,500.00');
    expect(html).toContain('30 - Credit transfer');
    // Lines carry the category code and rate; its meaning is in the VAT breakdown.
    expect(html).toContain('<td class="left">S 25.00%</td>');
    // The code's meaning in the reader's language, not the file's English name of it.
    const italian = plain(renderHtml(example('base-example'), { lang: 'it' }));
    expect(italian).toContain('<dd>30 - Bonifico</dd>');
    expect(html).toContain('1 Dec 2017');
  });

  it('formats amounts from their decimal text, never through a float', () => {
    const json = example('base-example') as { Invoice: Record<string, unknown> };
    const total = json.Invoice.LegalMonetaryTotal as Record<string, unknown>;
    total.PayableAmount = { value: '12345678901234567.89', currencyID: 'EUR' };
    const html = plain(renderHtml(json, { lang: 'it' }));
    expect(html).toContain('12.345.678.901.234.567,89 €');
  });

  it("shows the order response code and each line's answer", () => {
    const html = plain(renderHtml(example('order-response'), { lang: 'fr' }));
    expect(html).toContain('CA - Acceptée avec modifications');
    expect(html).toContain('3 - Modifiée');
    expect(html).toContain('5 - Acceptée');
    const english = plain(renderHtml(example('order-response'), { lang: 'en' }));
    expect(english).toContain('5 - Accepted');
    expect(english).toContain('Substituted by: Sauce brown, ready');
  });

  it('shows the order delivery: location, requested period, terms', () => {
    const html = plain(renderHtml(example('order'), { lang: 'nl' }));
    expect(html).toContain('Levering');
    expect(html).toContain('10-10-2012 12:30:00 – 20-10-2012 18:00:00');
    expect(html).toContain('Solheimsveien 10');
    expect(html).toContain('FOB');
  });

  it('escapes document text', () => {
    const json = example('base-example') as { Invoice: Record<string, unknown> };
    json.Invoice.Note = ['<script>alert(1)</script>'];
    const html = renderHtml(json, { lang: 'en' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders a document with almost nothing in it', async () => {
    const json = { Invoice: { ID: 'X1' } };
    expect(renderHtml(json)).toContain('X1');
    expect(pdfText(await renderPdf(json))).toContain('X1');
  });

  it('refuses an unknown language, a value that is not UBL JSON and a type it does not render', async () => {
    const json = example('base-example');
    expect(() => renderHtml(json, { lang: 'de' as UblLang })).toThrow(TypeError);
    expect(() => renderHtml('not json')).toThrow(/UBL JSON/);
    expect(() => renderHtml({ ApplicationResponse: { ID: '1' } })).toThrow(/ApplicationResponse/);
    await expect(renderPdf(null)).rejects.toThrow(TypeError);
  });
});

describe('labels', () => {
  it('every label and code meaning has a text in every language, translated where English is not shared', () => {
    const english = ublLabels('en');
    for (const lang of ublLanguages) {
      const labels = ublLabels(lang);
      for (const key of labelKeys) expect(labels[key].trim(), `${lang} ${key}`).not.toBe('');
      for (const list of [
        'documentType',
        'paymentMeans',
        'vatCategory',
        'orderResponse',
        'lineStatus',
        'unit',
      ] as CodeListName[]) {
        for (const code of ublCodesOf(list)) {
          expect(describeUblCode(list, code, lang)?.trim(), `${lang} ${list} ${code}`).toBeTruthy();
        }
      }
      if (lang === 'en') continue;
      // The section titles and totals an accountant reads first are never left in English.
      for (const key of [
        'invoice',
        'creditNote',
        'lines',
        'totals',
        'payable',
        'vatBreakdown',
        'payment',
        'notes',
      ] as const) {
        expect(labels[key], `${lang} ${key}`).not.toBe(english[key]);
      }
      const html = renderHtml(example('base-example'), { lang });
      for (const key of ['documentData', 'vatBreakdown', 'payable', 'paymentTerms'] as const) {
        expect(html).not.toContain(`>${escapeHtml(english[key])}<`);
      }
    }
  });

  it('describes no code outside its list', () => {
    expect(describeUblCode('vatCategory', 'constructor', 'en')).toBeUndefined();
    expect(describeUblCode('documentType', '999', 'en')).toBeUndefined();
  });
});
