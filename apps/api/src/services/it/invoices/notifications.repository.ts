import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ItNotificationRow } from '../../../db/schema/index.ts';
import { itInvoices, itNotifications } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForInvoice } from '../invoice-scope.ts';

export type NewNotificationRow = typeof itNotifications.$inferInsert;

/** SDI's notifications of the invoices (it_notifications): RC, NS, MC, NE, DT, AT, EC. */
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewNotificationRow): Promise<ItNotificationRow> {
    const [created] = await this.db.insert(itNotifications).values(row).returning();
    if (!created) throw new Error('notification insert returned no row');
    return created;
  }

  /** The notifications of these invoices, oldest first. */
  async of(invoiceUuids: string[]): Promise<ItNotificationRow[]> {
    if (invoiceUuids.length === 0) return [];
    return this.db
      .select()
      .from(itNotifications)
      .where(inArray(itNotifications.invoiceUuid, invoiceUuids))
      .orderBy(asc(itNotifications.createdAt), asc(itNotifications.uuid));
  }

  /** The types of one invoice's notifications, oldest first (what SDI has sent about the file). */
  async typesOf(invoiceUuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ type: itNotifications.type })
      .from(itNotifications)
      .where(eq(itNotifications.invoiceUuid, invoiceUuid))
      .orderBy(asc(itNotifications.createdAt), asc(itNotifications.uuid));
    return rows.map((row) => row.type);
  }

  async count(invoiceUuid: string, type: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(itNotifications)
      .where(and(eq(itNotifications.invoiceUuid, invoiceUuid), eq(itNotifications.type, type)));
    return row?.n ?? 0;
  }

  /** One notification of an invoice the scope acts for (`actsForInvoice`), or undefined. */
  async findOwned(scope: ActingScope, uuid: string): Promise<ItNotificationRow | undefined> {
    const company = actsForInvoice(this.db, scope);
    const [row] = await this.db
      .select()
      .from(itNotifications)
      .where(
        and(
          eq(itNotifications.uuid, uuid),
          eq(itNotifications.ownerId, scope.ownerId),
          company &&
            inArray(
              itNotifications.invoiceUuid,
              this.db
                .select({ uuid: itInvoices.uuid })
                .from(itInvoices)
                .where(and(eq(itInvoices.ownerId, scope.ownerId), company)),
            ),
        ),
      );
    return row;
  }
}
