import { desc } from 'drizzle-orm';
import type { Consumption, PreSale } from '@fiscus/contracts';
import { preSales } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionDefinition, CollectionPage } from '../../../platform/hydra.ts';
import { parseCollectionQuery } from '../../../platform/hydra.ts';
import { loginOf } from '../../../platform/tenancy.ts';
import type { PreSalesRepository } from './pre-sales.repository.ts';

const preSalesDefinition: CollectionDefinition = {
  filters: { current_credit_purchased_at: { kind: 'date', column: preSales.purchasedAt } },
  order: { current_credit_purchased_at: preSales.purchasedAt },
  defaultOrder: [desc(preSales.purchasedAt), desc(preSales.uuid)],
};

const paginationOnly: CollectionDefinition = { defaultOrder: [] };

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

  async listPreSales(actor: Actor, rawQuery: unknown): Promise<CollectionPage<PreSale>> {
    const ownerId = loginOf(actor);
    const query = parseCollectionQuery(rawQuery, preSalesDefinition);
    const { items, total } = await this.repository.list(ownerId, query);
    return {
      items: items.map((row) => ({
        uuid: row.uuid,
        current_credit_purchased: row.creditPurchased,
        current_credit_available: row.creditAvailable,
        current_credit_purchased_at: row.purchasedAt.toISOString(),
        invoices_received: row.invoicesReceived,
        invoices_sent: row.invoicesSent,
      })),
      total,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    };
  }

  /** Always 12 entries (months without consumption total "0.00"), oldest first. */
  async listConsumptions(actor: Actor, rawQuery: unknown): Promise<CollectionPage<Consumption>> {
    const ownerId = loginOf(actor);
    const query = parseCollectionQuery(rawQuery, paginationOnly);
    const months = lastTwelveMonths(this.clock());
    const first = months[0] ?? { year: 0, month: 1 };
    const rows = await this.repository.consumptionsSince(ownerId, first.year, first.month);
    const totals = new Map(rows.map((row) => [`${row.year}-${row.month}`, row.total]));
    const all = months.map(({ year, month }) => ({
      month,
      year,
      total: totals.get(`${year}-${month}`) ?? '0.00',
    }));
    return {
      items: all.slice(query.offset, query.offset + query.itemsPerPage),
      total: all.length,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    };
  }
}
