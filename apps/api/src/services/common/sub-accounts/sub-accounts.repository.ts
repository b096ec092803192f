import { and, asc, desc, eq } from 'drizzle-orm';
import type { NewUserRow, UserRow } from '../../../db/schema/index.ts';
import { users } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';

/**
 * Sub-accounts are user rows owned (parent_id) by their manager's login (`loginOf`); every query
 * is scoped by it.
 */
export class SubAccountsRepository extends OwnedRepository<typeof users> {
  constructor(db: Database) {
    super(db, {
      table: users,
      owner: users.parentId,
      id: users.id,
      updatedAt: users.updatedAt,
      collection: {
        filters: {
          email: { kind: 'partial', column: users.email },
          fiscal_id: { kind: 'exact', column: users.fiscalId },
          enabled: { kind: 'boolean', column: users.enabled },
          created_at: { kind: 'date', column: users.createdAt },
        },
        exists: { fullname: users.fullname },
        order: { email: users.email, fiscal_id: users.fiscalId, created_at: users.createdAt },
        defaultOrder: [desc(users.createdAt), asc(users.email)],
      },
    });
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
  async insertAccount(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }
}
