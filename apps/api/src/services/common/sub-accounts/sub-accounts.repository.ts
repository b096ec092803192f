import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionQuery } from '../../../platform/hydra.ts';
import type { NewUserRow, UserRow } from '../../../db/schema/index.ts';
import { users } from '../../../db/schema/index.ts';

/** Sub-accounts are user rows owned (parent_id) by their manager; every query is scoped by it. */
export class SubAccountsRepository {
  constructor(private readonly db: Database) {}

  async list(
    managerId: string,
    query: CollectionQuery,
  ): Promise<{ items: UserRow[]; total: number }> {
    const where = and(eq(users.parentId, managerId), query.where);
    const [items, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }

  async find(managerId: string, email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.parentId, managerId), eq(users.email, email.trim().toLowerCase())));
    return row;
  }

  async emailExists(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row !== undefined;
  }

  /** Resolves undefined when the email was taken meanwhile (unique index), so the caller answers 422. */
  async insert(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(
    managerId: string,
    id: string,
    changes: Partial<Pick<NewUserRow, 'fullname' | 'enabled' | 'passwordHash'>>,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.parentId, managerId), eq(users.id, id)))
      .returning();
    return row;
  }

  async delete(managerId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(users)
      .where(and(eq(users.parentId, managerId), eq(users.id, id)))
      .returning({ id: users.id });
    return deleted.length > 0;
  }
}
