import Decimal from 'decimal.js';
import type { StatsResponse } from '@fiscus/contracts';
import { and, desc, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import { itInvoices, itNotifications, preSales } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import { assertItReader, invoiceOwnerOf } from '../invoice-access.ts';
import { DRAFT_MARKINGS } from '../invoices/invoices.repository.ts';

/** Price of one invoice when the account has no pre-sale to derive it from (EUR). */
export const DEFAULT_INVOICE_PRICE = '0.10';

const NOTIFICATION_KEYS = ['at', 'dt', 'mc', 'ne', 'ns', 'rc'] as const;

type Period = StatsResponse['stats'];

function emptyPeriod(): {
  customer: number;
  supplier: number;
  notifications: Record<(typeof NOTIFICATION_KEYS)[number], number>;
} {
  return { customer: 0, supplier: 0, notifications: { at: 0, dt: 0, mc: 0, ne: 0, ns: 0, rc: 0 } };
}

/**
 * Yearly statistics from the stored invoices and notifications. Months are calendar months in
 * Italy (Europe/Rome), where the business lives. Cost = count × the average price per invoice of
 * the latest pre-sale (see unitPrice), or DEFAULT_INVOICE_PRICE without one.
 */
export class StatsService {
  constructor(private readonly db: Database) {}

  /**
   * The average price actually paid per invoice under the latest pre-sale: credit consumed
   * (purchased − available) over the invoices it paid for (sent + received).
   */
  private async unitPrice(ownerId: string): Promise<Decimal> {
    const [sale] = await this.db
      .select({
        purchased: preSales.creditPurchased,
        available: preSales.creditAvailable,
        sent: preSales.invoicesSent,
        received: preSales.invoicesReceived,
      })
      .from(preSales)
      .where(eq(preSales.ownerId, ownerId))
      .orderBy(desc(preSales.purchasedAt))
      .limit(1);
    const invoices = (sale?.sent ?? 0) + (sale?.received ?? 0);
    const consumed = sale ? new Decimal(sale.purchased).minus(sale.available) : new Decimal(0);
    if (invoices === 0 || consumed.lte(0)) return new Decimal(DEFAULT_INVOICE_PRICE);
    return consumed.dividedBy(invoices).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  }

  async yearly(actor: Actor, year: number, fiscalId: string | undefined): Promise<StatsResponse> {
    assertItReader(actor);
    const ownerId = invoiceOwnerOf(actor);
    const month = sql<number>`extract(month from (${itInvoices.createdAt} at time zone 'Europe/Rome'))::int`;
    const inYear = sql`extract(year from (${itInvoices.createdAt} at time zone 'Europe/Rome'))::int = ${year}`;
    const conditions = [
      eq(itInvoices.ownerId, ownerId),
      notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
      inYear,
    ];
    if (fiscalId) {
      const upper = fiscalId.toUpperCase();
      const vat = /^[A-Z]{2}/.test(upper) ? upper : `IT${upper}`;
      // The business's side of the invoice: the seller of sent ones, the buyer of received ones.
      conditions.push(
        or(
          and(
            eq(itInvoices.type, 0),
            or(eq(itInvoices.senderFiscalId, upper), eq(itInvoices.senderVat, vat)),
          ),
          and(
            eq(itInvoices.type, 1),
            or(eq(itInvoices.recipientFiscalId, upper), eq(itInvoices.recipientVat, vat)),
          ),
        )!,
      );
    }
    const invoiceCounts = await this.db
      .select({ month, type: itInvoices.type, n: sql<number>`count(*)::int` })
      .from(itInvoices)
      .where(and(...conditions))
      .groupBy(month, itInvoices.type);
    const notificationMonth = sql<number>`extract(month from (${itNotifications.createdAt} at time zone 'Europe/Rome'))::int`;
    const notificationCounts = await this.db
      .select({
        month: notificationMonth,
        type: itNotifications.type,
        n: sql<number>`count(*)::int`,
      })
      .from(itNotifications)
      .innerJoin(itInvoices, eq(itInvoices.uuid, itNotifications.invoiceUuid))
      .where(and(...conditions, ne(itNotifications.type, 'EC')))
      .groupBy(notificationMonth, itNotifications.type);

    const months = Array.from({ length: 12 }, emptyPeriod);
    for (const row of invoiceCounts) {
      const period = months[row.month - 1];
      if (!period) continue;
      if (row.type === 0) period.customer += row.n;
      else period.supplier += row.n;
    }
    for (const row of notificationCounts) {
      const period = months[row.month - 1];
      const key = row.type.toLowerCase() as (typeof NOTIFICATION_KEYS)[number];
      if (period && NOTIFICATION_KEYS.includes(key)) period.notifications[key] += row.n;
    }
    const price = await this.unitPrice(ownerId);
    const cost = (count: number) =>
      price.times(count).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    const toPeriod = (p: ReturnType<typeof emptyPeriod>): Period => ({
      customer_invoices: { count: p.customer, cost: cost(p.customer) },
      supplier_invoice: { count: p.supplier, cost: cost(p.supplier) },
      notifications: { ...p.notifications },
    });
    const total = months.reduce((sum, p) => {
      sum.customer += p.customer;
      sum.supplier += p.supplier;
      for (const key of NOTIFICATION_KEYS) sum.notifications[key] += p.notifications[key];
      return sum;
    }, emptyPeriod());
    return {
      stats: toPeriod(total),
      months: months.map((p, index) => ({ month: index + 1, ...toPeriod(p) })),
    };
  }
}
