import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  bigint,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** 0 = customer (sent) invoice, 1 = supplier (received) invoice, as the provider's `type`. */
export type InvoiceDirection = 0 | 1;

/**
 * Italian invoices, drafts included (marking `draft` / `draft-blocked`): a draft has the same
 * payload, derived columns and lists as an invoice, and sending it only changes its marking, so
 * one table avoids copying rows between tables. The derived columns (sender_name … stamp) are
 * computed once when the XML is stored, so list filters and orders hit indexes, never the XML.
 */
export const itInvoices = pgTable(
  'it_invoices',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').$type<InvoiceDirection>().notNull(),
    transmissionFormat: text('transmission_format').notNull(),
    marking: text('marking').notNull(),
    xml: text('xml').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    signed: boolean('signed').notNull().default(false),
    toPa: boolean('to_pa').notNull().default(false),
    downloaded: boolean('downloaded').notNull().default(false),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    sdiFileId: text('sdi_file_id'),
    sdiFileName: text('sdi_file_name'),
    fixOfUuid: uuid('fix_of_uuid'),
    /** Set when the invoice is fixed by a newer one, so it cannot be fixed twice. */
    fixedByUuid: uuid('fixed_by_uuid'),
    archived: boolean('archived').notNull().default(false),
    /** Why the invoice is in quarantena / invoice-error (transport failure text). */
    notice: text('notice'),
    transmissionAttempts: integer('transmission_attempts').notNull().default(0),
    /** Sandbox switch: the next transmissions fail like a broken SDI channel. */
    simulateTransportFailure: boolean('simulate_transport_failure').notNull().default(false),
    /** X-DisableEndpoints: no webhook for this invoice's operations. */
    disableEndpoints: boolean('disable_endpoints').notNull().default(false),
    /**
     * When the nightly legal-storage batch found the invoice cannot be filed (its own company has
     * no VAT number) and said so by the `legal-storage-missing-vat` webhook: once.
     */
    legalStorageMissingVatAt: timestamp('legal_storage_missing_vat_at', { withTimezone: true }),
    /** The customer invoice a received copy comes from (sandbox delivery between accounts). */
    sourceUuid: uuid('source_uuid'),
    senderName: text('sender_name'),
    senderFiscalId: text('sender_fiscal_id'),
    senderVat: text('sender_vat'),
    recipientName: text('recipient_name'),
    recipientFiscalId: text('recipient_fiscal_id'),
    recipientVat: text('recipient_vat'),
    recipientCode: text('recipient_code'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    invoiceNumber: text('invoice_number'),
    invoiceTotal: numeric('invoice_total', { precision: 18, scale: 2 }),
    documentType: text('document_type'),
    stamp: boolean('stamp').notNull().default(false),
    /**
     * Paid by bank transactions (open banking's reconciliation, `ob_invoice_payments`): what they
     * gave it, and `paid` once that reaches what the invoice asks (its ImportoPagamento, else its
     * total), with the day of the last of them.
     */
    paid: boolean('paid').notNull().default(false),
    paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('it_invoices_owner_type_created_idx').on(table.ownerId, table.type, table.createdAt),
    // Covers a date-range page (marking filter, creation order, uuid) so it is read from the index.
    index('it_invoices_owner_type_date_idx').on(
      table.ownerId,
      table.type,
      table.invoiceDate,
      table.marking,
      table.createdAt,
      table.uuid,
    ),
    index('it_invoices_owner_type_number_idx').on(table.ownerId, table.type, table.invoiceNumber),
    index('it_invoices_owner_type_marking_idx').on(
      table.ownerId,
      table.type,
      table.marking,
      table.createdAt,
    ),
    // Party filters: each index covers its half of the filter's count (see the repository).
    index('it_invoices_owner_sender_fiscal_idx').on(
      table.ownerId,
      table.senderFiscalId,
      table.type,
      table.marking,
    ),
    index('it_invoices_owner_recipient_fiscal_idx').on(
      table.ownerId,
      table.recipientFiscalId,
      table.type,
      table.marking,
    ),
    index('it_invoices_owner_sender_vat_idx').on(
      table.ownerId,
      table.senderVat,
      table.type,
      table.marking,
      table.senderFiscalId,
    ),
    index('it_invoices_owner_recipient_vat_idx').on(
      table.ownerId,
      table.recipientVat,
      table.type,
      table.marking,
      table.recipientFiscalId,
    ),
    // SDI's duplicate key (00404): seller, number, date, document type.
    index('it_invoices_duplicate_key_idx')
      .on(table.senderVat, table.invoiceNumber, table.invoiceDate, table.documentType)
      .where(sql`${table.type} = 0`),
  ],
);

/**
 * How many invoices each account holds per direction and marking, kept by statement triggers on
 * it_invoices (migration 0004), so an unfiltered list answers its total without counting a
 * million rows. No foreign key: the triggers still write while an account's invoices are deleted
 * by its cascade, and a left-over row of a deleted account is harmless.
 */
export const itInvoiceCounts = pgTable(
  'it_invoice_counts',
  {
    ownerId: uuid('owner_id').notNull(),
    type: smallint('type').$type<InvoiceDirection>().notNull(),
    marking: text('marking').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.type, table.marking] })],
);

export type ItInvoiceRow = typeof itInvoices.$inferSelect;
export type NewItInvoiceRow = typeof itInvoices.$inferInsert;

/** SDI notifications of an invoice: the signed MessaggiTypes XML and its snake_case JSON. */
export const itNotifications = pgTable(
  'it_notifications',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    invoiceUuid: uuid('invoice_uuid')
      .notNull()
      .references(() => itInvoices.uuid, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    xml: text('xml').notNull(),
    message: jsonb('message').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('it_notifications_invoice_idx').on(table.invoiceUuid, table.createdAt),
    index('it_notifications_owner_created_idx').on(table.ownerId, table.createdAt),
  ],
);

export type ItNotificationRow = typeof itNotifications.$inferSelect;
