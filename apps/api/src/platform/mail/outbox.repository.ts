import { and, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { outboxMails } from '../../db/schema/index.ts';
import type { Database } from '../db/database.ts';
import { OwnedRepository } from '../db/owned-repository.ts';

export type OutboxMailRow = typeof outboxMails.$inferSelect;

/**
 * The sandbox's kept mails. A mail belongs to its addressee: the scope is an email address, or
 * null for an administrator, who reads every mail.
 */
export class OutboxRepository extends OwnedRepository<typeof outboxMails, string | null> {
  constructor(db: Database) {
    super(db, {
      table: outboxMails,
      owner: outboxMails.to,
      id: outboxMails.id,
      collection: {
        filters: {
          to: { kind: 'exact', column: outboxMails.to },
          subject: { kind: 'partial', column: outboxMails.subject },
        },
        defaultOrder: [desc(outboxMails.createdAt), desc(outboxMails.id)],
      },
    });
  }

  protected override scoped(
    addressee: string | null,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return addressee === null
      ? and(...conditions)
      : and(...conditions, eq(outboxMails.to, addressee));
  }
}
