import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml, formatMoney } from '@fiscus/fatturapa/render-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { ublToJson } from '../../src/codec/index.ts';
import { renderableRoots, renderHtml, renderPdf, ublLanguages } from '../../src/render/index.ts';
import { ublLabels, type UblLang } from '../../src/render/labels.ts';

const peppol = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/spec/peppol',
);

/** Paths as bytes: some AGID file names are not valid UTF-8 and would not open as strings. */
function listXml(directory: Buffer): Buffer[] {
  return readdirSync(directory, { withFileTypes: true, encoding: 'buffer' })
    .flatMap((entry) => {
      const full = Buffer.concat([directory, Buffer.from(path.sep), entry.name]);
      if (entry.isDirectory()) return listXml(full);
      return entry.name.toString('latin1').toLowerCase().endsWith('.xml') ? [full] : [];
    })
    .sort(Buffer.compare);
}

interface Example {
  file: Buffer;
  /** The path for people (invalid UTF-8 bytes shown as Latin-1). */
  name: string;
  root: string;
  json: Record<string, Record<string, unknown>>;
}

// Every example and test file of the corpus whose root the renderer draws.
const examples: Example[] = ['bis-billing-3', 'poacc-upgrade-3', 'release-2026.5']
  .flatMap((folder) => listXml(Buffer.from(path.join(peppol, folder))))
  .flatMap((file): Example[] => {
    const { json } = ublToJson(readFileSync(file));
    const root = json ? Object.keys(json).find((key) => !key.startsWith('$')) : undefined;
    return json && root && (renderableRoots as readonly string[]).includes(root)
      ? [
          {
            file,
            name: path.relative(peppol, file.toString('latin1')),
            root,
            json: json as Example['json'],
          },
        ]
      : [];
  });

// The official examples get a PDF in every language, the rest in one language each (in turn).
const officialExamples =
  /[/\\](?:bis-billing-3[/\\]examples|poacc-upgrade-3[/\\]examples)[/\\][^/\\]+$/;

const work = mkdtempSync(path.join(tmpdir(), 'ubl-render-corpus-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pdfText(bytes: Uint8Array): string {
  const file = path.join(work, 'document.pdf');
  writeFileSync(file, bytes);
  return plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

function plain(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

function textOf(value: unknown): string {
  const item = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof item === 'string') return item.trim();
  if (typeof item === 'object' && item !== null && 'value' in item) {
    return String((item as { value: unknown }).value).trim();
  }
  return '';
}

function attributeOf(value: unknown, name: string): string {
  const item = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof item === 'object' && item !== null && name in item
    ? String((item as Record<string, unknown>)[name])
    : '';
}

/** The amount the document ends with, formatted in `lang`, and the label it carries. */
function expectedTotal(
  example: Example,
  lang: UblLang,
): { label: string; value: string } | undefined {
  const root = example.json[example.root] ?? {};
  const totalsKey =
    example.root === 'Invoice' || example.root === 'CreditNote'
      ? 'LegalMonetaryTotal'
      : 'AnticipatedMonetaryTotal';
  const totalsValue = root[totalsKey];
  const totals = (Array.isArray(totalsValue) ? (totalsValue as unknown[])[0] : totalsValue) as
    Record<string, unknown> | undefined;
  const payable = totals?.PayableAmount;
  const amount = textOf(payable);
  if (!amount) return undefined;
  const currency = attributeOf(payable, 'currencyID') || textOf(root.DocumentCurrencyCode) || 'EUR';
  const labels = ublLabels(lang);
  return {
    label: totalsKey === 'LegalMonetaryTotal' ? labels.payable : labels.orderTotal,
    value: formatMoney(amount, currency, lang),
  };
}

const titles: Record<string, 'invoice' | 'creditNote' | 'order' | 'orderResponse'> = {
  Invoice: 'invoice',
  CreditNote: 'creditNote',
  Order: 'order',
  OrderResponse: 'orderResponse',
};

describe('every example of the corpus renders in every language', () => {
  it('finds the examples', () => {
    const roots = new Set(examples.map((example) => example.root));
    expect([...roots].sort()).toEqual([...renderableRoots].sort());
    expect(examples.length).toBeGreaterThanOrEqual(90);
  });

  examples.forEach((example, index) => {
    it(example.name, async () => {
      const root = example.json[example.root] ?? {};
      const number = textOf(root.ID);
      for (const lang of ublLanguages) {
        const labels = ublLabels(lang);
        const html = plain(renderHtml(example.json, { lang }));
        expect(html).toContain(`<h1>${escapeHtml(labels[titles[example.root] ?? 'invoice'])}</h1>`);
        expect(html).toContain(`<dd>${escapeHtml(number)}</dd>`);
        // An order response accepting or rejecting the whole order has no lines.
        const lineKey =
          { Invoice: 'InvoiceLine', CreditNote: 'CreditNoteLine' }[example.root] ?? 'OrderLine';
        if (root[lineKey] !== undefined)
          expect(html).toContain(`>${escapeHtml(labels.lines)}</h2>`);
        const total = expectedTotal(example, lang);
        if (total)
          expect(html).toContain(`${escapeHtml(total.label)}</th><td>${plain(total.value)}</td>`);
        const withPdf =
          officialExamples.test(example.name) ||
          index % ublLanguages.length === ublLanguages.indexOf(lang);
        if (!withPdf) continue;
        const text = pdfText(await renderPdf(example.json, { lang }));
        expect(text).toContain(plain(labels[titles[example.root] ?? 'invoice']));
        if (total) expect(text).toContain(plain(total.value));
      }
    });
  });
});
