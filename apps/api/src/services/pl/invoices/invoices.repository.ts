import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PlInvoiceAttachmentRow, PlInvoiceRow } from '../../../db/schema/index.ts';
import { plInvoiceAttachments, plInvoices } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { linkedPlEntity } from '../legal-entities/legal-entities.repository.ts';

export type PlInvoiceWithAttachments = PlInvoiceRow & { attachments: PlInvoiceAttachmentRow[] };

/**
 * Polish invoices of the business (`businessOf`), scoped through their legal entity: a
 * sub-account sees the invoices of the entities linked to it only.
 */
export class PlInvoicesRepository extends OwnedRepository<
  typeof plInvoices,
  ActingScope,
  PlInvoiceWithAttachments
> {
  constructor(db: Database) {
    super(db, {
      table: plInvoices,
      owner: plInvoices.ownerId,
      id: plInvoices.uuid,
      updatedAt: plInvoices.updatedAt,
      collection: {
        filters: {
          direction: { kind: 'exact', column: plInvoices.direction },
          invoiceStatus: { kind: 'exact', column: plInvoices.status },
          invoiceType: { kind: 'exact', column: plInvoices.invoiceType },
          invoiceRecipientNip: { kind: 'partial', column: plInvoices.invoiceRecipientNip },
          invoiceCreatorNip: { kind: 'partial', column: plInvoices.invoiceCreatorNip },
          invoiceNumber: { kind: 'partial', column: plInvoices.invoiceNumber },
          legalEntityUuid: { kind: 'uuid', column: plInvoices.legalEntityUuid },
          createdAt: { kind: 'date', column: plInvoices.createdAt },
          invoiceDate: { kind: 'date', column: plInvoices.invoiceDate },
        },
        order: {
          createdAt: plInvoices.createdAt,
          invoiceDate: plInvoices.invoiceDate,
          invoiceNumber: plInvoices.invoiceNumber,
        },
        defaultOrder: [desc(plInvoices.createdAt), asc(plInvoices.uuid)],
      },
    });
  }

  protected override scoped(scope: ActingScope, ...conditions: (SQL | undefined)[]) {
    return and(
      eq(plInvoices.ownerId, scope.ownerId),
      linkedPlEntity(this.db, plInvoices.legalEntityUuid, scope.subAccountId),
      ...conditions,
    );
  }

  protected override async withDetails(rows: PlInvoiceRow[]): Promise<PlInvoiceWithAttachments[]> {
    if (rows.length === 0) return [];
    const attachments = await this.db
      .select()
      .from(plInvoiceAttachments)
      .where(
        inArray(
          plInvoiceAttachments.invoiceUuid,
          rows.map((row) => row.uuid),
        ),
      )
      .orderBy(asc(plInvoiceAttachments.createdAt), asc(plInvoiceAttachments.filename));
    return rows.map((row) => ({
      ...row,
      attachments: attachments.filter((attachment) => attachment.invoiceUuid === row.uuid),
    }));
  }

  /** One invoice, whoever owns it (jobs and the public page, which check access themselves). */
  async byUuid(uuid: string): Promise<PlInvoiceWithAttachments | undefined> {
    const [row] = await this.db.select().from(plInvoices).where(eq(plInvoices.uuid, uuid)).limit(1);
    return row ? (await this.withDetails([row]))[0] : undefined;
  }

  /** Whether the entity already sent (and KSeF did not refuse) an invoice of this number. */
  async numberTaken(legalEntityUuid: string, invoiceNumber: string): Promise<boolean> {
    const [row] = await this.db
      .select({ uuid: plInvoices.uuid })
      .from(plInvoices)
      .where(
        and(
          eq(plInvoices.legalEntityUuid, legalEntityUuid),
          eq(plInvoices.direction, 'outgoing'),
          eq(plInvoices.invoiceNumber, invoiceNumber),
          ne(plInvoices.status, 'rejected'),
          ne(plInvoices.status, 'error'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Moves an invoice on only from the statuses given (a retried job writes nothing twice). */
  async advance(
    uuid: string,
    from: readonly string[],
    values: Partial<PlInvoiceRow>,
  ): Promise<PlInvoiceRow | undefined> {
    const [row] = await this.db
      .update(plInvoices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(plInvoices.uuid, uuid), inArray(plInvoices.status, [...from])))
      .returning();
    return row;
  }

  async addAttachment(invoiceUuid: string, filename: string, content: string): Promise<void> {
    await this.db.insert(plInvoiceAttachments).values({
      invoiceUuid,
      filename,
      content,
      size: Buffer.byteLength(content, 'utf8'),
    });
  }

  /** Outgoing invoices still on their way to KSeF and unchanged since `before` (the sweep). */
  async stale(before: Date, limit: number): Promise<{ uuid: string; status: string }[]> {
    return this.db
      .select({ uuid: plInvoices.uuid, status: plInvoices.status })
      .from(plInvoices)
      .where(
        and(
          inArray(plInvoices.status, ['valid', 'sent', 'delivered']),
          sql`${plInvoices.updatedAt} < ${before}`,
        ),
      )
      .orderBy(asc(plInvoices.updatedAt))
      .limit(limit);
  }

  /** The demo page's rows: the invoices of a NIP sent or received, newest first. */
  async demoRows(ownerId: string, nip: string, order: 'ASC' | 'DESC'): Promise<PlInvoiceRow[]> {
    return this.db
      .select()
      .from(plInvoices)
      .where(
        and(
          eq(plInvoices.ownerId, ownerId),
          eq(plInvoices.demo, true),
          sql`(${plInvoices.invoiceCreatorNip} = ${nip} or ${plInvoices.invoiceRecipientNip} = ${nip})`,
        ),
      )
      .orderBy(order === 'ASC' ? asc(plInvoices.createdAt) : desc(plInvoices.createdAt))
      .limit(500);
  }
}
