import { desc, eq } from 'drizzle-orm';
import { preSales } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';

export type PreSaleRow = typeof preSales.$inferSelect;

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

  /** When each of the owner's pre-sales was bought (the windows of the invoices they pay for). */
  async purchaseDates(ownerId: string): Promise<Date[]> {
    const rows = await this.db
      .select({ at: preSales.purchasedAt })
      .from(preSales)
      .where(eq(preSales.ownerId, ownerId));
    return rows.map((row) => row.at);
  }
}
