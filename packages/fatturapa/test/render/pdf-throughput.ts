// PDF rendering throughput on one core: `npx tsx test/render/pdf-throughput.ts` prints figures
// (timings are measured here, never asserted in tests).
import path from 'node:path';
import type { AnyInvoice } from '../../src/model/index.ts';
import { parseInvoice } from '../../src/parse.ts';
import { renderPdf } from '../../src/render/index.ts';
import { listFiles, officialSamples, realworldSamples } from '../corpus-paths.ts';
import { fpr01Path, invoiceWithLines, loadInvoice } from './render-fixtures.ts';
import { readFileSync } from 'node:fs';

async function measure(label: string, render: () => Promise<Uint8Array>, count: number) {
  for (let index = 0; index < Math.min(20, count); index += 1) await render();
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let bytes = 0;
  for (let index = 0; index < count; index += 1) bytes = (await render()).length;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time is what one core spends, whatever else the machine runs; wall time is shown too.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    [
      label.padEnd(22),
      `${(count / cpuSeconds).toFixed(1).padStart(7)} PDFs/s per CPU-second`,
      `${(count / seconds).toFixed(1).padStart(7)} PDFs/s wall`,
      `${((cpuSeconds / count) * 1000).toFixed(2).padStart(8)} ms CPU/PDF`,
      `${bytes} bytes`,
    ].join('  '),
  );
}

const fpr01 = await loadInvoice(fpr01Path);
await measure('FPR01 it standard', () => renderPdf(fpr01, { lang: 'it' }), 500);
await measure('FPR01 en compact', () => renderPdf(fpr01, { lang: 'en', theme: 'compact' }), 500);
const hundred = await invoiceWithLines(100);
await measure('100 lines it', () => renderPdf(hundred, { lang: 'it' }), 50);
const thousand = await invoiceWithLines(1000);
await measure('1,000 lines it', () => renderPdf(thousand, { lang: 'it' }), 5);

// Different invoices one after the other: fewer repeated words and glyph sets than one file
// rendered again and again, closer to a server's mix.
const corpus: AnyInvoice[] = [];
for (const file of [
  ...listFiles(path.join(officialSamples, 'v1.2.2')),
  ...listFiles(path.join(officialSamples, 'semplificata')),
  ...listFiles(realworldSamples),
]) {
  const parsed = await parseInvoice(readFileSync(file));
  if (parsed.ok) corpus.push(parsed.invoice);
}
let next = 0;
await measure(
  `mixed corpus (${corpus.length} files)`,
  () => {
    const invoice = corpus[next % corpus.length] as AnyInvoice;
    next += 1;
    return renderPdf(invoice, { lang: next % 2 === 0 ? 'it' : 'en' });
  },
  corpus.length * 4,
);
