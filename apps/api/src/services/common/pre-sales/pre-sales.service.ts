import type { Consumption, PaginationQuery, PreSale } from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { pageOfComputed } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { loginOf } from '../../../platform/tenancy.ts';
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

/** Credit and consumption of the signed-in account (its own rows only; sub-accounts have their own). */
export class PreSalesService {
  constructor(
    private readonly repository: PreSalesRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async listPreSales(actor: Actor, query: PaginationQuery): Promise<CollectionPage<PreSale>> {
    return mapPage(await this.repository.list(loginOf(actor), query), toPreSale);
  }

  /** Always 12 entries (months without consumption total "0.00"), oldest first. */
  async listConsumptions(
    actor: Actor,
    query: PaginationQuery,
  ): Promise<CollectionPage<Consumption>> {
    const ownerId = loginOf(actor);
    const months = lastTwelveMonths(this.clock());
    const first = months[0] ?? { year: 0, month: 1 };
    const rows = await this.repository.consumptionsSince(ownerId, first.year, first.month);
    const totals = new Map(rows.map((row) => [`${row.year}-${row.month}`, row.total]));
    const all = months.map(({ year, month }) => ({
      month,
      year,
      total: totals.get(`${year}-${month}`) ?? '0.00',
    }));
    // The 12 months are computed, not a table: only page and itemsPerPage apply.
    return pageOfComputed(all, query);
  }
}

function toPreSale(row: PreSaleRow): PreSale {
  return {
    uuid: row.uuid,
    current_credit_purchased: row.creditPurchased,
    current_credit_available: row.creditAvailable,
    current_credit_purchased_at: row.purchasedAt.toISOString(),
    invoices_received: row.invoicesReceived,
    invoices_sent: row.invoicesSent,
  };
}
