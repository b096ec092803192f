import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { outboxMails } from '../../db/schema/index.ts';
import type { CollectionQuery } from '../hydra.ts';

export type OutboxMailRow = typeof outboxMails.$inferSelect;

export class OutboxRepository {
  constructor(private readonly db: Database) {}

  async insert(mail: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
  }): Promise<void> {
    await this.db.insert(outboxMails).values(mail);
  }

  /** Mails matching the query; only those sent to `addressee` unless it is null (administrators). */
  async list(
    query: CollectionQuery,
    addressee: string | null,
  ): Promise<{ items: OutboxMailRow[]; total: number }> {
    const where =
      addressee === null ? query.where : and(query.where, eq(outboxMails.to, addressee));
    const [items, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(outboxMails)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset),
      this.db.select({ total: count() }).from(outboxMails).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }
}
