import { and, desc, eq, gte, or, type SQL } from 'drizzle-orm';
import { consumptions, preSales } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';

export type PreSaleRow = typeof preSales.$inferSelect;
export type ConsumptionRow = typeof consumptions.$inferSelect;

/** Purchased credit and its consumption, owned by the login (`loginOf`). */
export class PreSalesRepository extends OwnedRepository<typeof preSales> {
  constructor(db: Database) {
    super(db, {
      table: preSales,
      owner: preSales.ownerId,
      id: preSales.uuid,
      collection: {
        filters: { current_credit_purchased_at: { kind: 'date', column: preSales.purchasedAt } },
        order: { current_credit_purchased_at: preSales.purchasedAt },
        defaultOrder: [desc(preSales.purchasedAt), desc(preSales.uuid)],
      },
    });
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
