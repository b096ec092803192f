import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionQuery } from '../../../platform/hydra.ts';
import { preSaleActions } from '../../../db/schema/index.ts';

export type PreSaleActionRow = typeof preSaleActions.$inferSelect;
type Writable = Pick<
  PreSaleActionRow,
  'preSaleUuid' | 'threshold' | 'actionType' | 'target' | 'enabled'
>;

export class PreSaleActionsRepository {
  constructor(private readonly db: Database) {}

  async list(
    ownerId: string,
    query: CollectionQuery,
  ): Promise<{ items: PreSaleActionRow[]; total: number }> {
    const where = and(eq(preSaleActions.ownerId, ownerId), query.where);
    const [items, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(preSaleActions)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset),
      this.db.select({ total: count() }).from(preSaleActions).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }

  async findOwned(ownerId: string, uuid: string): Promise<PreSaleActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preSaleActions)
      .where(and(eq(preSaleActions.ownerId, ownerId), eq(preSaleActions.uuid, uuid)));
    return row;
  }

  async insert(ownerId: string, values: Writable): Promise<PreSaleActionRow> {
    const [row] = await this.db
      .insert(preSaleActions)
      .values({ ...values, ownerId })
      .returning();
    if (!row) throw new Error('pre-sale action insert returned no row');
    return row;
  }

  async update(
    ownerId: string,
    uuid: string,
    values: Writable,
  ): Promise<PreSaleActionRow | undefined> {
    const [row] = await this.db
      .update(preSaleActions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(preSaleActions.ownerId, ownerId), eq(preSaleActions.uuid, uuid)))
      .returning();
    return row;
  }

  async delete(ownerId: string, uuid: string): Promise<boolean> {
    const rows = await this.db
      .delete(preSaleActions)
      .where(and(eq(preSaleActions.ownerId, ownerId), eq(preSaleActions.uuid, uuid)))
      .returning({ uuid: preSaleActions.uuid });
    return rows.length > 0;
  }
}
