/**
 * Seeds many Italian invoices for benchmarks:
 *   tsx scripts/seed-invoices.ts [--count 1000000] [--owner italy@demo.fiscus.test]
 * against DATABASE_URL (PostgreSQL) or the embedded PGlite of DATA_DIR. Rows are generated in
 * SQL (INSERT … SELECT FROM generate_series) in batches, so a million rows take seconds on
 * PostgreSQL rather than a million round trips. Invoices get varied numbers, dates, parties,
 * markings and both directions; the XML and payload are those of one real FPR12 invoice.
 */
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/db/seed-demo.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { toXml } from '@fiscus/fatturapa';
import type { AnyInvoice } from '@fiscus/fatturapa';
import { generatedInvoiceJson } from '../src/services/it/sdi-simulation/generated-invoice.ts';

const BATCH = 50_000;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

async function main(): Promise<void> {
  const count = Number(option('count', '1000000'));
  const ownerEmail = option('owner', 'italy@demo.fiscus.test');
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error('--count must be a positive integer');
  const config = loadConfig(process.env);
  const database = await openDatabase(config.databaseUrl);
  try {
    await database.migrate();
    const { db } = database;
    await seedDemo(db);
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ownerEmail));
    if (!owner) throw new Error(`no account ${ownerEmail}`);

    const invoice = generatedInvoiceJson({
      sellerVat: '01234567890',
      sellerName: 'ALPHA SRL',
      buyerVat: '12345678903',
      buyerName: 'GAMMA',
      recipientCode: 'ABC1234',
      number: 'SEED-1',
      date: '2025-01-01',
    });
    const xml = toXml(invoice as unknown as AnyInvoice, 'FPR12');
    const payload = JSON.stringify(invoice);
    const started = performance.now();
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      // Six years of invoices up to today (so the console's default month has some); 1 in 5
      // received; 40 counterparties; markings in realistic shares.
      await db.execute(sql`
        insert into it_invoices (owner_id, type, transmission_format, marking, xml, payload, signed, to_pa,
          downloaded, sdi_file_id, sdi_file_name, sender_name, sender_fiscal_id, sender_vat, recipient_name,
          recipient_fiscal_id, recipient_vat, recipient_code, invoice_date, invoice_number, invoice_total,
          document_type, stamp, created_at, updated_at)
        select ${owner.id}::uuid,
          case when g % 5 = 0 then 1 else 0 end,
          case when g % 17 = 0 then 'FPA12' else 'FPR12' end,
          case when g % 5 = 0 then 'received'
               else (array['delivered','delivered','delivered','not-delivered','rejected','accepted-pa','sent'])[1 + g % 7] end,
          ${xml}, ${payload}::jsonb, g % 11 = 0, g % 17 = 0, g % 3 = 0,
          (100000000 + g)::text, 'IT01234567890_' || lpad(upper(to_hex(g % 1048576)), 5, '0') || '.xml',
          case when g % 5 = 0 then 'FORNITORE ' || (g % 40) else 'ALPHA SRL' end,
          case when g % 5 = 0 then lpad((g % 40)::text, 11, '0') else '01234567890' end,
          case when g % 5 = 0 then 'IT' || lpad((g % 40)::text, 11, '0') else 'IT01234567890' end,
          case when g % 5 = 0 then 'ALPHA SRL' else 'CLIENTE ' || (g % 40) end,
          case when g % 5 = 0 then '01234567890' else lpad((1000 + g % 40)::text, 11, '0') end,
          case when g % 5 = 0 then 'IT01234567890' else 'IT' || lpad((1000 + g % 40)::text, 11, '0') end,
          'ABC1234',
          (now() - (g % 2190) * interval '1 day' - (g % 86400) * interval '1 second')::date,
          'B-' || g,
          ((g % 100000) / 100.0 + 1)::numeric(18, 2),
          case when g % 13 = 0 then 'TD04' else 'TD01' end,
          g % 19 = 0,
          now() - (g % 2190) * interval '1 day' - (g % 86400) * interval '1 second',
          now()
        from generate_series(${from}::int, ${to}::int) as g`);
      process.stdout.write(`\r${to.toLocaleString('en')} / ${count.toLocaleString('en')} invoices`);
    }
    await db.execute(sql`analyze it_invoices`);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nseeded ${count.toLocaleString('en')} invoices for ${ownerEmail} in ${seconds.toFixed(1)} s (${database.kind})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
