import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  ItReceiptItemRow,
  ItReceiptRow,
  NewItReceiptItemRow,
  NewItReceiptRow,
} from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itReceiptItems,
  itReceipts,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForCompany } from '../../../platform/tenancy.ts';

/*
 * Smart receipts, owned by the business (`businessOf`); a receipt belongs to the company of its
 * fiscal id, so the acting scope (`actingScopeOf`) shows a sub-account the receipts of the
 * registries linked to it only, in SQL, read at each request.
 */

/** A receipt with the receipts made from it (a sale's void and returns). */
export type ReceiptWithLinks = ItReceiptRow & { voidUuid: string | null; returnUuids: string[] };

/** A registry that may send receipts, as the receipts read it. */
export type ReceiptRegistry = {
  uuid: string;
  fiscalId: string;
  name: string | null;
  receiptsEnabled: boolean;
  alertRecipients: string[];
};

export class ReceiptsRepository extends OwnedRepository<
  typeof itReceipts,
  ActingScope,
  ReceiptWithLinks
> {
  constructor(db: Database) {
    super(db, {
      table: itReceipts,
      owner: itReceipts.ownerId,
      id: itReceipts.uuid,
      updatedAt: itReceipts.updatedAt,
      collection: {
        filters: {
          type: { kind: 'exact', column: itReceipts.type },
          status: { kind: 'exact', column: itReceipts.status },
          document_number: { kind: 'exact', column: itReceipts.documentNumber },
          'business_registry_configuration.fiscal_id': {
            kind: 'exact',
            column: itReceipts.fiscalId,
          },
          created_at: { kind: 'date', column: itReceipts.createdAt },
          document_date: { kind: 'date', column: itReceipts.documentDate },
        },
        order: { created_at: itReceipts.createdAt, document_date: itReceipts.documentDate },
        defaultOrder: [desc(itReceipts.createdAt), asc(itReceipts.uuid)],
      },
    });
  }

  protected override scoped(
    scope: ActingScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(itReceipts.ownerId, scope.ownerId),
      actsForCompany(this.db, scope, itReceipts.fiscalId),
      ...conditions,
    );
  }

  protected override async withDetails(rows: ItReceiptRow[]): Promise<ReceiptWithLinks[]> {
    const sales = rows.filter((row) => row.type === 'sale').map((row) => row.uuid);
    const children =
      sales.length === 0
        ? []
        : await this.db
            .select({
              uuid: itReceipts.uuid,
              saleUuid: itReceipts.saleUuid,
              type: itReceipts.type,
              status: itReceipts.status,
            })
            .from(itReceipts)
            .where(inArray(itReceipts.saleUuid, sales))
            .orderBy(asc(itReceipts.createdAt), asc(itReceipts.uuid));
    return rows.map((row) => {
      const mine = children.filter((child) => child.saleUuid === row.uuid);
      return {
        ...row,
        // A failed void voids nothing: the sale may be voided again.
        voidUuid:
          mine.find((child) => child.type === 'void' && child.status !== 'failed')?.uuid ?? null,
        returnUuids: mine.filter((child) => child.type === 'return').map((child) => child.uuid),
      };
    });
  }

  /**
   * The business's registry of a fiscal id, whatever the sub-account (the service checks scope):
   * whether it sends receipts, the merchant printed on them, where failure alerts go.
   */
  async registry(ownerId: string, fiscalId: string): Promise<ReceiptRegistry | undefined> {
    const registries = itBusinessRegistryConfigurations;
    const [row] = await this.db
      .select({
        uuid: registries.uuid,
        fiscalId: registries.fiscalId,
        name: registries.name,
        receiptsEnabled: registries.receiptsEnabled,
        alertRecipients: registries.receiptsAlertRecipients,
      })
      .from(registries)
      .where(and(eq(registries.ownerId, ownerId), eq(registries.fiscalId, fiscalId)))
      .limit(1);
    if (!row) return undefined;
    const recipients: unknown = row.alertRecipients;
    return {
      ...row,
      alertRecipients: Array.isArray(recipients)
        ? recipients.filter((to): to is string => typeof to === 'string')
        : [],
    };
  }

  /** Stores a receipt and its lines in `tx` (the send job is enqueued in the same transaction). */
  async insertWithItems(
    tx: Database,
    receipt: NewItReceiptRow,
    items: Omit<NewItReceiptItemRow, 'receiptUuid'>[],
  ): Promise<ItReceiptRow> {
    const [row] = await tx.insert(itReceipts).values(receipt).returning();
    if (!row) throw new Error('insert returned no receipt');
    if (items.length > 0) {
      await tx
        .insert(itReceiptItems)
        .values(items.map((item) => ({ ...item, receiptUuid: row.uuid })));
    }
    return row;
  }

  async itemsOf(receiptUuid: string, db: Database = this.db): Promise<ItReceiptItemRow[]> {
    return db
      .select()
      .from(itReceiptItems)
      .where(eq(itReceiptItems.receiptUuid, receiptUuid))
      .orderBy(asc(itReceiptItems.position));
  }

  /** A sale's returns that count (not failed) with their lines, read in `tx`. */
  async returnLinesOf(saleUuid: string, db: Database = this.db) {
    return db
      .select({ item: itReceiptItems })
      .from(itReceiptItems)
      .innerJoin(itReceipts, eq(itReceipts.uuid, itReceiptItems.receiptUuid))
      .where(
        and(
          eq(itReceipts.saleUuid, saleUuid),
          eq(itReceipts.type, 'return'),
          ne(itReceipts.status, 'failed'),
        ),
      )
      .then((rows) => rows.map((row) => row.item));
  }

  /** Locks a sale row for the rest of `tx`: returns and voids of one sale are made one at a time. */
  async lockSale(
    tx: Database,
    scope: ActingScope,
    uuid: string,
  ): Promise<ItReceiptRow | undefined> {
    const [row] = await tx
      .select()
      .from(itReceipts)
      .where(this.scoped(scope, eq(itReceipts.uuid, uuid)))
      .for('update');
    return row;
  }

  /** Whether a sale has a void that did not fail. */
  async hasLiveVoid(saleUuid: string, db: Database = this.db): Promise<boolean> {
    const [row] = await db
      .select({ uuid: itReceipts.uuid })
      .from(itReceipts)
      .where(
        and(
          eq(itReceipts.saleUuid, saleUuid),
          eq(itReceipts.type, 'void'),
          ne(itReceipts.status, 'failed'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** A receipt by id whoever owns it: the send job's read (it holds only the id). */
  async findByUuid(uuid: string): Promise<ItReceiptRow | undefined> {
    const [row] = await this.db.select().from(itReceipts).where(eq(itReceipts.uuid, uuid));
    return row;
  }

  async setStatus(
    uuid: string,
    changes: Partial<NewItReceiptRow>,
    db: Database = this.db,
  ): Promise<void> {
    await db
      .update(itReceipts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(itReceipts.uuid, uuid));
  }

  async setItemIds(receiptUuid: string, itemIds: string[], db: Database = this.db): Promise<void> {
    for (const [index, itemId] of itemIds.entries()) {
      await db
        .update(itReceiptItems)
        .set({ itemId })
        .where(
          and(eq(itReceiptItems.receiptUuid, receiptUuid), eq(itReceiptItems.position, index)),
        );
    }
  }
}
