import { and, count, eq, gte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionQuery } from '../../../platform/hydra.ts';
import { consumptions, preSales } from '../../../db/schema/index.ts';

export type PreSaleRow = typeof preSales.$inferSelect;
export type ConsumptionRow = typeof consumptions.$inferSelect;

export class PreSalesRepository {
  constructor(private readonly db: Database) {}

  async list(
    ownerId: string,
    query: CollectionQuery,
  ): Promise<{ items: PreSaleRow[]; total: number }> {
    const where = and(eq(preSales.ownerId, ownerId), query.where);
    const [items, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(preSales)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset),
      this.db.select({ total: count() }).from(preSales).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }

  async findOwned(ownerId: string, uuid: string): Promise<PreSaleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preSales)
      .where(and(eq(preSales.ownerId, ownerId), eq(preSales.uuid, uuid)));
    return row;
  }

  /** Consumption rows of the owner from (fromYear, fromMonth) on. */
  async consumptionsSince(
    ownerId: string,
    fromYear: number,
    fromMonth: number,
  ): Promise<ConsumptionRow[]> {
    const since: SQL | undefined = or(
      and(eq(consumptions.year, fromYear), gte(consumptions.month, fromMonth)),
      gte(consumptions.year, fromYear + 1),
    );
    return this.db
      .select()
      .from(consumptions)
      .where(and(eq(consumptions.ownerId, ownerId), since));
  }
}
