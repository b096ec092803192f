import Decimal from 'decimal.js';
import type { Consumption, PaginationQuery, PreSale } from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { pageOfComputed } from '../../../platform/db/collection-query.ts';
import { loginOf } from '../../../platform/tenancy.ts';
import type { Database } from '../../../platform/db/database.ts';
import { costOf, invoiceCounts, monthlyInvoiceCounts } from './invoice-ledger.ts';
import type { InvoiceCounts } from './invoice-ledger.ts';
import type { PreSaleRow, PreSalesRepository } from './pre-sales.repository.ts';

/** Billing months follow the Italian calendar: a consumption at 00:30 on the 1st in Rome is that month's. */
export const BILLING_TIME_ZONE = 'Europe/Rome';

/** The last 12 calendar months in BILLING_TIME_ZONE, oldest first, ending with the current one. */
export function lastTwelveMonths(now: Date): { year: number; month: number }[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BILLING_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const months: { year: number; month: number }[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return months;
}

/**
 * Credit and consumption of the signed-in account (its own rows only; sub-accounts have their
 * own). What the invoices cost comes from the invoices themselves (invoice-ledger.ts), as the
 * yearly statistics count them: a pre-sale pays for the invoices stored from its purchase to the
 * next one (the first also for those before it), and its available credit is what it was bought
 * for less their price.
 */
export class PreSalesService {
  constructor(
    private readonly repository: PreSalesRepository,
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async listPreSales(actor: Actor, query: PaginationQuery): Promise<CollectionPage<PreSale>> {
    const ownerId = loginOf(actor);
    const page = await this.repository.list(ownerId, query);
    const purchases = (await this.repository.purchaseDates(ownerId)).map((at) => at.getTime());
    const counted = await Promise.all(
      page.items.map(async (row) => {
        const at = row.purchasedAt.getTime();
        const isFirst = purchases.every((other) => other >= at);
        const next = purchases.filter((other) => other > at).sort((a, b) => a - b)[0];
        const counts = await invoiceCounts(this.db, ownerId, {
          from: isFirst ? undefined : row.purchasedAt,
          until: next === undefined ? undefined : new Date(next),
        });
        return toPreSale(row, counts);
      }),
    );
    return { ...page, items: counted };
  }

  /** Always 12 entries (months without consumption total "0.00"), oldest first. */
  async listConsumptions(
    actor: Actor,
    query: PaginationQuery,
  ): Promise<CollectionPage<Consumption>> {
    const ownerId = loginOf(actor);
    const months = lastTwelveMonths(this.clock());
    const first = months[0] ?? { year: 0, month: 1 };
    const rows = await monthlyInvoiceCounts(this.db, ownerId, first.year, first.month);
    const totals = new Map(rows.map((row) => [`${row.year}-${row.month}`, costOf(row.count)]));
    const all = months.map(({ year, month }) => ({
      month,
      year,
      total: totals.get(`${year}-${month}`) ?? '0.00',
    }));
    // The 12 months are computed, not a table: only page and itemsPerPage apply.
    return pageOfComputed(all, query);
  }
}

function toPreSale(row: PreSaleRow, counts: InvoiceCounts): PreSale {
  return {
    uuid: row.uuid,
    current_credit_purchased: row.creditPurchased,
    current_credit_available: new Decimal(row.creditPurchased)
      .minus(costOf(counts.sent + counts.received))
      .toFixed(2),
    current_credit_purchased_at: row.purchasedAt.toISOString(),
    invoices_received: counts.received,
    invoices_sent: counts.sent,
  };
}
