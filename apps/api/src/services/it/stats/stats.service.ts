import type { StatsResponse } from '@fiscus/contracts';
import { and, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import { itInvoices, itNotifications } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { costOf } from '../../common/pre-sales/invoice-ledger.ts';
import { assertItReader, invoiceOwnerOf } from '../invoice-access.ts';
import { actsForInvoice } from '../invoice-scope.ts';
import { DRAFT_MARKINGS } from '../invoices/invoices.repository.ts';

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
 * Italy (Europe/Rome), where the business lives. Cost = count × the price of an invoice, as the
 * credit card and the monthly consumptions price them (common/pre-sales/invoice-ledger.ts).
 */
export class StatsService {
  constructor(private readonly db: Database) {}

  async yearly(actor: Actor, year: number, fiscalId: string | undefined): Promise<StatsResponse> {
    assertItReader(actor);
    const scope = actingScopeOf(actor);
    const ownerId = invoiceOwnerOf(actor);
    const month = sql<number>`extract(month from (${itInvoices.createdAt} at time zone 'Europe/Rome'))::int`;
    const inYear = sql`extract(year from (${itInvoices.createdAt} at time zone 'Europe/Rome'))::int = ${year}`;
    const conditions = [
      eq(itInvoices.ownerId, ownerId),
      // A sub-account counts the invoices of the companies linked to it only.
      actsForInvoice(this.db, scope),
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
    // Priced as the credit card and the consumptions price them (one source: invoice-ledger.ts).
    const cost = costOf;
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
