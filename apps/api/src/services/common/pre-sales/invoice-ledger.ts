/**
 * The one source of what the account's invoices cost: the stored Italian invoices themselves
 * (drafts excluded), as the yearly statistics count them. A pre-sale's sent and received counts,
 * its available credit and the monthly consumptions are read from here, so an invoice that reaches
 * the store by any road (sent from the console or the API, a transfer, an import, the cassetto
 * fiscale, another tenant's delivery) counts once and in every card alike. Amounts are decimals.
 */
import Decimal from 'decimal.js';
import { and, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { itInvoices } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { DRAFT_MARKINGS } from '../../it/invoices/invoices.repository.ts';
import { INVOICE_PRICE } from './invoice-credit.ts';
import { BILLING_TIME_ZONE } from './pre-sales.service.ts';

export interface InvoiceCounts {
  sent: number;
  received: number;
}

/** What `count` invoices cost, as a decimal string with two places. */
export function costOf(count: number): string {
  return new Decimal(INVOICE_PRICE).times(count).toFixed(2);
}

/** The owner's invoices (not drafts) stored in [from, until): sent (type 0) and received (1). */
export async function invoiceCounts(
  db: Database,
  ownerId: string,
  window: { from?: Date; until?: Date },
): Promise<InvoiceCounts> {
  const conditions: SQL[] = [
    eq(itInvoices.ownerId, ownerId),
    notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
  ];
  if (window.from) conditions.push(gte(itInvoices.createdAt, window.from));
  if (window.until) conditions.push(lt(itInvoices.createdAt, window.until));
  const rows = await db
    .select({ type: itInvoices.type, n: sql<number>`count(*)::int` })
    .from(itInvoices)
    .where(and(...conditions))
    .groupBy(itInvoices.type);
  return {
    sent: rows.find((row) => row.type === 0)?.n ?? 0,
    received: rows.find((row) => row.type === 1)?.n ?? 0,
  };
}

/** The owner's invoices (not drafts) per billing month (Europe/Rome) from (fromYear, fromMonth) on. */
export async function monthlyInvoiceCounts(
  db: Database,
  ownerId: string,
  fromYear: number,
  fromMonth: number,
): Promise<{ year: number; month: number; count: number }[]> {
  const local = sql`(${itInvoices.createdAt} at time zone ${sql.raw(`'${BILLING_TIME_ZONE}'`)})`;
  const year = sql<number>`extract(year from ${local})::int`;
  const month = sql<number>`extract(month from ${local})::int`;
  return db
    .select({ year, month, count: sql<number>`count(*)::int` })
    .from(itInvoices)
    .where(
      and(
        eq(itInvoices.ownerId, ownerId),
        notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
        sql`${year} * 12 + ${month} >= ${fromYear * 12 + fromMonth}`,
      ),
    )
    .groupBy(year, month);
}
