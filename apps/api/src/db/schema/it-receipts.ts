import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * Smart receipts (documento commerciale online) and their lines, owned by the business
 * (`businessOf`); a receipt belongs to the company of its fiscal id (the acting scope). Figures
 * are the 8-decimal ones `@fiscus/smart-receipts` works out, stored as numeric, never floats.
 * A return or a void names its sale (sale_uuid); a sale's void and returns are read from there.
 */

const figure = (name: string) => numeric(name, { precision: 20, scale: 8 });

export const itReceipts = pgTable(
  'it_receipts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fiscalId: text('fiscal_id').notNull(),
    /** sale, return or void. */
    type: text('type').notNull(),
    /** new, submitted, ready, retry, failed or voided. */
    status: text('status').notNull().default('new'),
    /** For a return or a void: the sale. */
    saleUuid: uuid('sale_uuid'),
    lotteryCode: text('lottery_code'),
    email: text('email'),
    invoiceIssuing: boolean('invoice_issuing').notNull().default(false),
    totalAmount: figure('total_amount').notNull(),
    totalTaxableAmount: figure('total_taxable_amount').notNull(),
    totalVatAmount: figure('total_vat_amount').notNull(),
    totalDiscount: figure('total_discount').notNull(),
    totalGrossDiscount: figure('total_gross_discount').notNull(),
    totalUncollectedAmount: figure('total_uncollected_amount').notNull(),
    deductibleAmount: figure('deductible_amount').notNull(),
    discount: figure('discount').notNull(),
    cashPaymentAmount: figure('cash_payment_amount').notNull(),
    electronicPaymentAmount: figure('electronic_payment_amount').notNull(),
    ticketRestaurantPaymentAmount: figure('ticket_restaurant_payment_amount').notNull(),
    ticketRestaurantQuantity: integer('ticket_restaurant_quantity').notNull().default(0),
    servicesUncollectedAmount: figure('services_uncollected_amount').notNull(),
    goodsUncollectedAmount: figure('goods_uncollected_amount').notNull(),
    /** The Agenzia's transaction id of the document, once accepted. */
    transactionId: text('transaction_id'),
    /** The Agenzia's document number (DCW2026/0001-0001), once accepted. */
    documentNumber: text('document_number'),
    documentDate: timestamp('document_date', { withTimezone: true }),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Tries to reach the Agenzia so far. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('it_receipts_owner_created_idx').on(table.ownerId, table.createdAt),
    index('it_receipts_owner_fiscal_idx').on(table.ownerId, table.fiscalId),
    index('it_receipts_sale_idx').on(table.saleUuid),
    // One live void a sale, however many requests race (a failed void may be tried again).
    uniqueIndex('it_receipts_one_void_idx')
      .on(table.saleUuid)
      .where(sql`${table.type} = 'void' and ${table.status} <> 'failed'`),
  ],
);
export type ItReceiptRow = typeof itReceipts.$inferSelect;
export type NewItReceiptRow = typeof itReceipts.$inferInsert;

/** A receipt's lines, in order; a return's line names the sale line it gives back. */
export const itReceiptItems = pgTable(
  'it_receipt_items',
  {
    receiptUuid: uuid('receipt_uuid')
      .notNull()
      .references(() => itReceipts.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The Agenzia's id of the item, once the document is accepted (what a return names). */
    itemId: text('item_id'),
    /** On a return: the position of the sale line it gives back. */
    salePosition: integer('sale_position'),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    vatRateCode: text('vat_rate_code').notNull(),
    complimentary: boolean('complimentary').notNull().default(false),
    grossUnitPrice: figure('gross_unit_price').notNull(),
    netUnitPrice: figure('net_unit_price').notNull(),
    grossAmount: figure('gross_amount').notNull(),
    grossDiscount: figure('gross_discount').notNull(),
    unitDiscount: figure('unit_discount').notNull(),
    taxableAmount: figure('taxable_amount').notNull(),
    netTaxableAmount: figure('net_taxable_amount').notNull(),
    netDiscount: figure('net_discount').notNull(),
    vatAmount: figure('vat_amount').notNull(),
    totalAmount: figure('total_amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.receiptUuid, table.position] })],
);
export type ItReceiptItemRow = typeof itReceiptItems.$inferSelect;
export type NewItReceiptItemRow = typeof itReceiptItems.$inferInsert;

/**
 * The Agenzia sandbox's document counters: the next progressive of a fiscal id's day (its
 * "azzeramento"), taken atomically however many processes send.
 */
export const itAdeSandboxCounters = pgTable(
  'it_ade_sandbox_counters',
  {
    fiscalId: text('fiscal_id').notNull(),
    /** The Europe/Rome day, YYYY-MM-DD. */
    day: text('day').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fiscalId, table.day] })],
);
