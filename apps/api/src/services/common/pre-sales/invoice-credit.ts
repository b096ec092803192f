/**
 * What sending an invoice costs: the provider charges per invoice, so each invoice sent to SDI
 * takes INVOICE_PRICE from the credit of the owner's current pre-sale (the latest purchased),
 * counts as sent, and adds to the consumption of its month (Europe/Rome calendar). Credit,
 * monthly consumptions and statistics (price = consumed / invoices) then agree. Without a
 * pre-sale nothing is charged.
 */
import Decimal from 'decimal.js';
import { desc, eq, sql } from 'drizzle-orm';
import { consumptions, preSales } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { BILLING_TIME_ZONE } from './pre-sales.service.ts';

/** The price of one sent invoice (the demo history prices its year the same way). */
export const INVOICE_PRICE = '0.25';

/** Year and month of the instant in the billing calendar. */
function billingMonth(at: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BILLING_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(at);
  return {
    year: Number(parts.find((part) => part.type === 'year')?.value),
    month: Number(parts.find((part) => part.type === 'month')?.value),
  };
}

/**
 * Charges one sent invoice to the owner, in the caller's transaction (`db`): the current
 * pre-sale's available credit goes down by INVOICE_PRICE and its sent count up, and the month's
 * consumption grows by the same amount. Credit may go below zero: sending is never refused here.
 */
export async function chargeSentInvoice(db: Database, ownerId: string, at: Date): Promise<void> {
  const [sale] = await db
    .select({ uuid: preSales.uuid, available: preSales.creditAvailable })
    .from(preSales)
    .where(eq(preSales.ownerId, ownerId))
    .orderBy(desc(preSales.purchasedAt))
    .limit(1)
    .for('update');
  if (!sale) return;
  await db
    .update(preSales)
    .set({
      creditAvailable: new Decimal(sale.available).minus(INVOICE_PRICE).toFixed(2),
      invoicesSent: sql`${preSales.invoicesSent} + 1`,
    })
    .where(eq(preSales.uuid, sale.uuid));
  await recordConsumption(db, ownerId, at, INVOICE_PRICE);
}

/** Adds `amount` (decimal EUR) to the owner's consumption of the billing month of `at`. */
export async function recordConsumption(
  db: Database,
  ownerId: string,
  at: Date,
  amount: string,
): Promise<void> {
  const { year, month } = billingMonth(at);
  await db
    .insert(consumptions)
    .values({ ownerId, year, month, total: amount })
    .onConflictDoUpdate({
      target: [consumptions.ownerId, consumptions.year, consumptions.month],
      set: { total: sql`${consumptions.total} + ${amount}::numeric` },
    });
}
