import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyInvoice } from '../../src/model/index.ts';
import { parseInvoice } from '../../src/parse.ts';
import { escapeHtml } from '../../src/render/html-renderer.ts';
import { renderHtml, renderPdf } from '../../src/render/index.ts';
import { listFiles, realworldSamples } from '../corpus-paths.ts';

// Files the parser rejects (FatturaPA 1.1, broken signatures, not invoices) have nothing to
// render; every other file of the corpus must render.
const readable: { name: string; invoice: AnyInvoice }[] = [];
for (const file of listFiles(realworldSamples)) {
  const parsed = await parseInvoice(readFileSync(file));
  if (parsed.ok)
    readable.push({ name: path.relative(realworldSamples, file), invoice: parsed.invoice });
}

describe('rendering every readable file of the real-world corpus', () => {
  it('finds most of the corpus readable', () => {
    expect(readable.length).toBeGreaterThanOrEqual(90);
  });

  for (const { name, invoice } of readable) {
    it(`renders ${name} in HTML (it, en) and PDF`, async () => {
      for (const lang of ['it', 'en'] as const) {
        const html = renderHtml(invoice, { lang });
        expect(html.endsWith('</html>')).toBe(true);
        for (const body of invoice.fattura_elettronica_body) {
          const number = body.dati_generali?.dati_generali_documento?.numero;
          if (number) expect(html).toContain(escapeHtml(number.trim()));
        }
      }
      const pdf = await renderPdf(invoice, { lang: 'it' });
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    });
  }
});
