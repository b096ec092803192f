import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import type { NewUserRow, UserRow } from '../../../db/schema/index.ts';
import { users } from '../../../db/schema/index.ts';

export type UserChanges = Partial<Omit<NewUserRow, 'id' | 'email' | 'createdAt' | 'parentId'>>;

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
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
