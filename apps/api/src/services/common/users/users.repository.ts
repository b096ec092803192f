import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import type { NewUserRow, UserRow } from '../../../db/schema/index.ts';
import { itRegistrySubAccounts, users } from '../../../db/schema/index.ts';

export type UserChanges = Partial<Omit<NewUserRow, 'id' | 'email' | 'createdAt' | 'parentId'>>;

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** How many Italian business registries are linked to a sub-account (read at each request). */
  async linkedRegistryCount(subAccountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(itRegistrySubAccounts)
      .where(eq(itRegistrySubAccounts.subAccountId, subAccountId));
    return row?.n ?? 0;
  }

  /** Emails are stored lower-cased; callers pass any case. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    return row;
  }

  async update(id: string, changes: UserChanges): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error(`user ${id} vanished during update`);
    return row;
  }
}
