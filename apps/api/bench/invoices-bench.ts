/**
 * Italian invoices benchmark: `tsx bench/invoices-bench.ts` against the database that
 * `scripts/seed-invoices.ts` filled (DATABASE_URL for PostgreSQL, or DATA_DIR's PGlite).
 * It builds the real app in-process (no HTTP socket, so the figures are the API's own time) and
 * prints p50/p95 of GET /invoices (no filter, date range, sender filter, order by invoiceDate),
 * POST /invoices per second, the 5,000-row CSV report and the zip of a 30-row page with PDFs.
 * Prints figures only; never fails on a slow result. BENCH_ITERATIONS sets the list samples.
 */
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { itInvoices, users } from '../src/db/schema/index.ts';
import { generatedInvoiceJson } from '../src/services/it/sdi-simulation/generated-invoice.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const OWNER = process.env.BENCH_OWNER ?? 'italy@demo.fiscus.test';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const app = await buildApp(config, { logger: false });
  try {
    const { db } = app.platform.database;
    const [owner] = await db.select().from(users).where(eq(users.email, OWNER));
    if (!owner) throw new Error(`no account ${OWNER}: run scripts/seed-invoices.ts first`);
    const [stored] = await db
      .select({ n: count() })
      .from(itInvoices)
      .where(eq(itInvoices.ownerId, owner.id));
    const token = app.signToken(owner);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
    console.log(
      `${app.platform.database.kind}: ${(stored?.n ?? 0).toLocaleString('en')} invoices of ${OWNER}`,
    );

    const measure = async (
      name: string,
      url: string,
      iterations = ITERATIONS,
      extra: Record<string, string> = {},
    ) => {
      const times: number[] = [];
      let status = 0;
      await app.inject({ method: 'GET', url, headers: { ...headers, ...extra } }); // warm-up
      for (let i = 0; i < iterations; i += 1) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { ...headers, ...extra },
        });
        times.push(performance.now() - started);
        status = response.statusCode;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(8)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(8)} ms   (HTTP ${status}, n=${iterations})`,
      );
    };

    await measure('GET /invoices (no filter)', '/api/it/invoices?type=0');
    await measure(
      'GET /invoices (invoiceDate range)',
      '/api/it/invoices?type=0&invoiceDate[after]=2023-03-01&invoiceDate[before]=2023-03-31',
    );
    await measure(
      'GET /invoices (sender.fiscalId)',
      '/api/it/invoices?type=1&sender.fiscalId=00000000005',
    );
    await measure(
      'GET /invoices (order[invoiceDate]=desc)',
      '/api/it/invoices?type=0&order[invoiceDate]=desc',
    );
    await measure('GET /invoices/report (5,000 rows CSV)', '/api/it/invoices/report?type=0', 5, {
      accept: 'text/csv',
    });
    await measure(
      'GET /invoices zip of 30 rows with PDFs',
      '/api/it/invoices?type=0&itemsPerPage=30',
      3,
      { accept: 'application/zip', 'x-print-pdf': 'true' },
    );

    const posts = Number(process.env.BENCH_POSTS ?? 100);
    const started = performance.now();
    let accepted = 0;
    for (let i = 0; i < posts; i += 1) {
      const payload = generatedInvoiceJson({
        sellerVat: '01234567890',
        sellerName: 'ALPHA SRL',
        buyerVat: '12345678903',
        buyerName: 'GAMMA',
        recipientCode: 'ABC1234',
        number: `BN${Date.now() % 1_000_000_000}-${i}`,
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/it/invoices',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      if (response.statusCode === 202) accepted += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${'POST /invoices (JSON, sequential)'.padEnd(44)} ${(accepted / seconds).toFixed(1)} invoices/s (${accepted}/${posts} accepted)`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
