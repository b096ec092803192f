import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyInvoice, FatturaElettronica } from '../../src/model/index.ts';
import { renderPdf } from '../../src/render/index.ts';
import { listFiles, officialSamples, realworldSamples, repoRoot } from '../corpus-paths.ts';
import { fpr01Path, invoiceWithLines, loadInvoice } from './render-fixtures.ts';

const pdftotext = '/usr/bin/pdftotext';
const hasPdftotext = existsSync(pdftotext);
const workDirectory = mkdtempSync(path.join(tmpdir(), 'fatturapa-render-'));
let fileCount = 0;
afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

function pageCount(pdf: Uint8Array): number {
  // Page objects are written uncompressed by pdfkit; `/Type /Pages` is the page tree, not a page.
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page(?!s)/g) ?? []
  ).length;
}

/** The text of each page, through poppler's pdftotext (form feed between pages). */
function pagesText(pdf: Uint8Array): string[] {
  fileCount += 1;
  const file = path.join(workDirectory, `${fileCount}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync(pdftotext, ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return text.split('\f').slice(0, -1);
}

/** A digest of the PDF without what changes from one rendering to the next (date, file ID). */
function digestWithoutDateAndId(pdf: Uint8Array): string {
  const text = Buffer.from(pdf)
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/, '');
  return createHash('sha256').update(text, 'latin1').digest('hex');
}

/** Each embedded font: its file, inflated, and the widths the PDF gives its glyphs (/W). */
function embeddedFonts(pdf: Uint8Array): { file: Buffer; widths: number[] }[] {
  const text = Buffer.from(pdf).toString('latin1');
  const fonts = text.matchAll(/\/FontDescriptor (\d+) 0 R\n\/W \[0 \[([^\]]*)\]\]/g);
  return [...fonts].map(([, descriptorId, widths]) => {
    const descriptor = new RegExp(`\\n${descriptorId} 0 obj\\n<<[^>]*/FontFile2 (\\d+) 0 R`);
    const fileId = descriptor.exec(text)?.[1];
    const header = new RegExp(
      `\\n${fileId} 0 obj\\n<<\\n/Length (\\d+)\\n/Filter /FlateDecode\\n>>\\nstream\\n`,
    ).exec(text);
    if (!header) throw new Error(`no compressed font file for descriptor ${descriptorId}`);
    const start = header.index + header[0].length;
    return {
      file: inflateSync(pdf.subarray(start, start + Number(header[1]))),
      widths: (widths ?? '').split(' ').map(Number),
    };
  });
}

/** Whether every table of a TrueType file lies within it (its table directory says where). */
function tablesWithin(file: Buffer): boolean {
  const tables = Array.from({ length: file.readUInt16BE(4) }, (_, index) => 12 + index * 16);
  return tables.every(
    (entry) => file.readUInt32BE(entry + 8) + file.readUInt32BE(entry + 12) <= file.length,
  );
}

describe('renderPdf', () => {
  it('renders the official FPR01 as a one-page A4 PDF', async () => {
    const pdf = await renderPdf(await loadInvoice(fpr01Path), { lang: 'it' });
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBe(1);
    // A4 in points.
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  const samples = [
    ...listFiles(path.join(officialSamples, 'v1.2.2')),
    ...listFiles(path.join(officialSamples, 'v1.2.1')),
    path.join(officialSamples, 'semplificata/IT01234567890_FSM10.xml'),
    path.join(
      realworldSamples,
      'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT02780790107_11005.xml',
    ),
    path.join(realworldSamples, 'fatturaelettronicaphp__FatturaElettronica/ESEMPIO TD24.xml'),
    path.join(realworldSamples, 'invopop__gobl.fatturapa/fatturapa.gobl/invoice-irpef.xml'),
  ];
  for (const file of samples) {
    for (const lang of ['it', 'en'] as const) {
      it(`renders ${path.basename(file)} (${path.basename(path.dirname(file))}) in ${lang}`, async () => {
        const invoice = await loadInvoice(file);
        const pdf = await renderPdf(invoice, { lang });
        expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
        const pages = pageCount(pdf);
        expect(pages).toBeGreaterThanOrEqual(invoice.fattura_elettronica_body.length);
        if (!hasPdftotext) return;
        const text = pagesText(pdf).join('\n');
        for (const body of invoice.fattura_elettronica_body) {
          expect(text).toContain(body.dati_generali.dati_generali_documento.numero);
        }
        expect(text).toContain(
          lang === 'it' ? `Pagina ${pages} di ${pages}` : `Page ${pages} of ${pages}`,
        );
      });
    }
  }

  it.skipIf(!hasPdftotext)('holds the invoice number, lines, VAT and total as text', async () => {
    const invoice = await invoiceWithLines(3);
    const [page, ...others] = pagesText(await renderPdf(invoice, { lang: 'it' }));
    expect(others).toHaveLength(0);
    expect(page).toContain('123');
    expect(page).toContain('18/12/2014');
    expect(page).toContain('Articolo di prova numero 3');
    expect(page).toMatch(/Totale documento\s+18,30 €/);
    expect(page).toContain('3,30 €');
    expect(page).toContain('Pagina 1 di 1');
  });

  it.skipIf(!hasPdftotext)('writes the English labels and money format in English', async () => {
    const [page] = pagesText(await renderPdf(await invoiceWithLines(2), { lang: 'en' }));
    expect(page).toMatch(/Document total\s+€12\.20/);
    expect(page).toContain('18 Dec 2014');
    expect(page).toContain('Page 1 of 1');
  });

  it.skipIf(!hasPdftotext)(
    'lays a 1,000-line invoice over pages with the table heading on each and "page x of y"',
    async () => {
      const pdf = await renderPdf(await invoiceWithLines(1000), { lang: 'it' });
      const pages = pagesText(pdf);
      // A line row is one DejaVu Sans line of 8.5 pt ((1901 + 483) / 2048 em) plus 2 × 2.5 pt of
      // padding = 14.89 pt; a continuation page has 841.89 - 36 - 46 = 759.89 pt for the table, less
      // its two-line heading (2 × 7 pt lines + 5 pt = 21.3 pt): 49 rows. Page 1 holds the heading,
      // parties and references, then 26 rows; 974 rows more fill pages 2-21 (19 × 49 + 43) and the
      // VAT summary still fits on page 21; totals, payment and reason go to page 22.
      expect(pageCount(pdf)).toBe(22);
      expect(pages).toHaveLength(22);
      const rowsPerPage = pages.map(
        (page) => (page.match(/Articolo di prova numero/g) ?? []).length,
      );
      expect(rowsPerPage[0]).toBe(26);
      expect(rowsPerPage.slice(1, 20)).toEqual(Array.from({ length: 19 }, () => 49));
      expect(rowsPerPage[20]).toBe(43);
      expect(rowsPerPage[21]).toBe(0);
      pages.slice(0, 21).forEach((page) => {
        expect(page).toMatch(/N\.\s+Codice\s+Descrizione\s+Quantità/);
      });
      pages.forEach((page, index) => expect(page).toContain(`Pagina ${index + 1} di 22`));
      const numbers = pages
        .join('\n')
        .match(/Articolo di prova numero (\d+)/g)
        ?.map((match) => Number(match.split(' ').pop()));
      expect(numbers).toEqual(Array.from({ length: 1000 }, (_, index) => index + 1));
      expect(pages[21]).toMatch(/Totale documento\s+6\.100,00 €/);
    },
  );

  it.skipIf(!hasPdftotext)('starts each body of a multi-body file on its own page', async () => {
    const invoice = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPA03.xml'));
    const pdf = await renderPdf(invoice, { lang: 'en' });
    const pages = pagesText(pdf);
    const first = pages.findIndex((page) => page.includes('Document 1 of 2 in the file'));
    const second = pages.findIndex((page) => page.includes('Document 2 of 2 in the file'));
    expect(first).toBe(0);
    expect(second).toBeGreaterThan(first);
    // The second body starts a page: its title is the page's first line.
    expect(pages[second]?.trimStart().startsWith('Invoice')).toBe(true);
    expect(pages[second - 1]).not.toContain('Document 2 of 2');
    expect(pages[pages.length - 1]).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pageCount(pdf)).toBe(pages.length);
  });

  it.skipIf(!hasPdftotext)('draws names beyond WinAnsi with an embedded Unicode font', async () => {
    const invoice = (await loadInvoice(fpr01Path)) as FatturaElettronica;
    const supplier = invoice.fattura_elettronica_header.cedente_prestatore.dati_anagrafici;
    supplier.anagrafica.denominazione = 'Zakład Łódź Ştefan Żółć Ελλάδα Москва';
    const [page] = pagesText(await renderPdf(invoice, { lang: 'it' }));
    expect(page).toContain('Zakład Łódź Ştefan Żółć Ελλάδα Москва');
  });

  it.skipIf(!hasPdftotext)('renders the corpus file with accents, Arabic and emoji', async () => {
    const invoice = await loadInvoice(
      path.join(realworldSamples, 'Truelite__python-a38/unicode.xml'),
    );
    const [page] = pagesText(await renderPdf(invoice, { lang: 'it' }));
    expect(page).toContain('Astérix le Gaulois');
    expect(page).toMatch(/Totale documento\s+81,13 €/);
  });

  it.skipIf(!hasPdftotext)('breaks a 1,000-character word within its column', async () => {
    const invoice = await invoiceWithLines(1);
    const line = invoice.fattura_elettronica_body[0]?.dati_beni_servizi.dettaglio_linee[0];
    if (!line) throw new Error('the fixture has a line');
    line.descrizione = 'W'.repeat(1000);
    const text = pagesText(await renderPdf(invoice, { lang: 'it' })).join('\n');
    const runs = text.match(/W+/g) ?? [];
    // Every character is there, over many lines of the description column, and none is cut.
    expect(runs.join('')).toHaveLength(1000);
    expect(runs.length).toBeGreaterThan(20);
    expect(Math.max(...runs.map((run) => run.length))).toBeLessThan(40);
    expect(text).not.toContain('W…');
  });

  it.skipIf(!hasPdftotext)('cuts text taller than a page with an ellipsis', async () => {
    const invoice = await invoiceWithLines(1);
    const line = invoice.fattura_elettronica_body[0]?.dati_beni_servizi.dettaglio_linee[0];
    if (!line) throw new Error('the fixture has a line');
    // Ten times what the schema allows: only an invalid invoice carries this.
    line.descrizione = 'parola '.repeat(1500);
    const pdf = await renderPdf(invoice, { lang: 'it' });
    const text = pagesText(pdf).join('\n');
    // The line moves to a page of its own, cut to fit it; the rest of the invoice follows.
    expect(pageCount(pdf)).toBeLessThanOrEqual(3);
    expect(text).toContain('parola…');
    expect(text).toMatch(/Totale documento\s+6,10 €/);
  });

  it('writes the same file as a new process would, whatever it rendered before', async () => {
    const file = path.join(workDirectory, 'fresh.pdf');
    const bin = path.join(repoRoot, 'packages/fatturapa/bin/fatturapa.mjs');
    await promisify(execFile)(process.execPath, [bin, 'render', fpr01Path, '--pdf', file], {
      cwd: repoRoot,
    });
    const fpa03 = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPA03.xml'));
    await renderPdf(fpa03, { lang: 'en', theme: 'compact' });
    await renderPdf(await invoiceWithLines(40), { lang: 'it' });
    const pdf = await renderPdf(await loadInvoice(fpr01Path), { lang: 'it' });
    expect(digestWithoutDateAndId(pdf)).toBe(digestWithoutDateAndId(readFileSync(file)));
  }, 30_000);

  it('embeds compressed font programs holding the glyphs the PDF measures, every time', async () => {
    const invoice = await loadInvoice(fpr01Path);
    for (let round = 0; round < 3; round += 1) {
      const fonts = embeddedFonts(await renderPdf(invoice, { lang: 'it' }));
      expect(fonts).toHaveLength(2);
      for (const { file, widths } of fonts) {
        expect(tablesWithin(file)).toBe(true);
        const font = fontkit.create(file);
        if ('fonts' in font) throw new Error('a single font is embedded, not a collection');
        // The glyphs of one invoice, not DejaVu's thousands.
        expect(widths.length).toBeGreaterThan(20);
        expect(font.numGlyphs).toBeLessThan(200);
        // Glyph 0 (.notdef) is left out: pdfkit writes its width in font units.
        widths.slice(1).forEach((width, index) => {
          const glyph = font.getGlyph(index + 1);
          expect((glyph.advanceWidth * 1000) / font.unitsPerEm).toBeCloseTo(width, 4);
        });
      }
    }
  });

  it('renders the compact theme, on fewer pages for a long invoice', async () => {
    const invoice = await invoiceWithLines(300);
    const standard = await renderPdf(invoice, { lang: 'it' });
    const compact = await renderPdf(invoice, { lang: 'it', theme: 'compact' });
    expect(pageCount(compact)).toBeLessThan(pageCount(standard));
  });

  it('renders an incomplete invoice and rejects an unknown language', async () => {
    const pdf = await renderPdf({} as AnyInvoice, { lang: 'en' });
    expect(pageCount(pdf)).toBe(1);
    await expect(renderPdf(await loadInvoice(fpr01Path), { lang: 'de' as 'en' })).rejects.toThrow(
      TypeError,
    );
  });
});
