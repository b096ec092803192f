import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Violation } from '@fiscus/contracts';
import { itInvoices } from './it-invoices.ts';
import { users } from './users.ts';

/*
 * The invoice-transfer store (italian-invoicing spec 2, 3, 7): a business's folder tree, the
 * files uploaded into it and the transfer of each invoice file they held. All rows belong to the
 * business (`businessOf`): a sub-account uploads into its manager's tree.
 */

/** A folder of a business's transfer tree: 'a', 'a/b' (no leading slash); parent '' at the root. */
export const itTransferFolders = pgTable(
  'it_transfer_folders',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    parent: text('parent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('it_transfer_folders_owner_path_idx').on(table.ownerId, table.path),
    index('it_transfer_folders_owner_parent_idx').on(table.ownerId, table.parent, table.path),
  ],
);

/** Processing state of an uploaded file: queued until its job has made every transfer. */
export type TransferUploadStatus = 'queued' | 'processed';

/** One uploaded file (an invoice or a zip of invoices); its bytes are in the file store. */
export const itTransferUploads = pgTable(
  'it_transfer_uploads',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The login that uploaded it: its roles decide whether the invoices may be sent. */
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The folder ('' at the root) and the file name, as normalised. */
    folder: text('folder').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind').$type<'invoice' | 'zip'>().notNull(),
    fileKey: text('file_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The transfers it makes: 1 for an invoice, a zip's files; null if recorded before kept. */
    fileCount: integer('file_count'),
    status: text('status').$type<TransferUploadStatus>().notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('it_transfer_uploads_owner_created_idx').on(table.ownerId, table.createdAt)],
);
export type ItTransferUploadRow = typeof itTransferUploads.$inferSelect;

/** A violation of a transfer's file, as the spec's violations list holds it. */
/**
 * One violation of a transfer's file, as stored: the English message, and (when the check gave
 * them) its stable code, key, parameters and sentences in it, en and pl for the console.
 */
export type StoredTransferViolation = Pick<
  Violation,
  'propertyPath' | 'message' | 'code' | 'messageKey' | 'parameters' | 'messages'
>;

/** The transfer of one invoice file: what was read from it and what became of it. */
export const itInvoiceTransfers = pgTable(
  'it_invoice_transfers',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadUuid: uuid('upload_uuid')
      .notNull()
      .references(() => itTransferUploads.uuid, { onDelete: 'cascade' }),
    /** 0 for a single file, the entry's position for a zip: one transfer per entry, once. */
    entryIndex: integer('entry_index').notNull(),
    supplierName: text('supplier_name'),
    supplierFiscalId: text('supplier_fiscal_id'),
    customerName: text('customer_name'),
    customerFiscalId: text('customer_fiscal_id'),
    invoiceNumber: text('invoice_number'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    invoiceType: text('invoice_type'),
    invoiceNetAmount: numeric('invoice_net_amount', { precision: 18, scale: 2 }),
    invoiceVatAmount: numeric('invoice_vat_amount', { precision: 18, scale: 2 }),
    invoiceTotAmount: numeric('invoice_tot_amount', { precision: 18, scale: 2 }),
    originalFileName: text('original_file_name').notNull(),
    /** The folder the file was uploaded into ('/' at the root). */
    reference: text('reference').notNull(),
    /** The file's invoice XML (a .p7m's content), for the download; null when unreadable. */
    xml: text('xml'),
    violations: jsonb('violations').$type<StoredTransferViolation[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    invoiceUuid: uuid('invoice_uuid').references(() => itInvoices.uuid, { onDelete: 'set null' }),
    notice: text('notice'),
    fixed: boolean('fixed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('it_invoice_transfers_upload_entry_idx').on(table.uploadUuid, table.entryIndex),
    index('it_invoice_transfers_owner_created_idx').on(table.ownerId, table.createdAt, table.uuid),
    // The invoice a transfer sent: looked up when an interrupted run links it, and on its delete.
    index('it_invoice_transfers_invoice_idx').on(table.invoiceUuid),
    index('it_invoice_transfers_owner_file_idx').on(
      table.ownerId,
      table.reference,
      table.originalFileName,
    ),
  ],
);
export type ItInvoiceTransferRow = typeof itInvoiceTransfers.$inferSelect;
export type NewItInvoiceTransferRow = typeof itInvoiceTransfers.$inferInsert;
