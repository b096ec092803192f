import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * Sistema Tessera Sanitaria expenses, owned by the business (`businessOf`); an expense belongs to
 * the company of its owner's fiscal code (codice_fiscale_proprietario, one of the business's
 * registries: the acting scope). Each transmission (one expense, or a batch) is a request with
 * Sistema TS's protocol, outcome and receipt; an expense's outcome in it is on the link row.
 */

export const itTsExpenses = pgTable(
  'it_ts_expenses',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    /** The number the API shows as `id`. */
    id: serial('id').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerFiscalCode: text('owner_fiscal_code').notNull(),
    citizenFiscalCode: text('citizen_fiscal_code'),
    opposition: boolean('opposition').notNull().default(false),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    expenseType: text('expense_type').notNull(),
    paymentTracked: boolean('payment_tracked').notNull(),
    /** F invoice, D commercial document. */
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    documentDate: date('document_date').notNull(),
    paymentDate: date('payment_date').notNull(),
    /** pending, sent, success, warning, error or failed: the latest transmission's. */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('it_ts_expenses_owner_created_idx').on(table.ownerId, table.createdAt),
    index('it_ts_expenses_owner_fiscal_idx').on(table.ownerId, table.ownerFiscalCode),
  ],
);
export type ItTsExpenseRow = typeof itTsExpenses.$inferSelect;
export type NewItTsExpenseRow = typeof itTsExpenses.$inferInsert;

/** One transmission to Sistema TS: its protocol, outcome and receipt. */
export const itTsRequests = pgTable(
  'it_ts_requests',
  {
    id: serial('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerFiscalCode: text('owner_fiscal_code').notNull(),
    /** insert (flagOperazione I) or delete (C). */
    requestType: text('request_type').notNull(),
    /** new, retry, sent, done or failed. */
    status: text('status').notNull().default('new'),
    protocolId: text('protocol_id'),
    /** 0 success, 1 error, 2 warning: the file's outcome. */
    outcome: smallint('outcome'),
    attempts: integer('attempts').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    /** The file-store key of Sistema TS's receipt (ricevuta) of the transmission, as it gave it. */
    receiptFile: text('receipt_file'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('it_ts_requests_protocol_idx').on(table.protocolId)],
);
export type ItTsRequestRow = typeof itTsRequests.$inferSelect;

/** The expenses of a transmission, in its order, with each one's outcome and messages. */
export const itTsRequestExpenses = pgTable(
  'it_ts_request_expenses',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => itTsRequests.id, { onDelete: 'cascade' }),
    expenseUuid: uuid('expense_uuid')
      .notNull()
      .references(() => itTsExpenses.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    outcome: smallint('outcome'),
    /** [{ code, description, type: 'error' | 'warning', received_at }]. */
    responses: jsonb('responses').notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.expenseUuid] }),
    index('it_ts_request_expenses_expense_idx').on(table.expenseUuid),
  ],
);
export type ItTsRequestExpenseRow = typeof itTsRequestExpenses.$inferSelect;

/**
 * The Sistema TS sandbox's own memory: the files it received (by protocol) and what it decided,
 * and the documents it accepted (a document is sent once: a second one is refused as a duplicate).
 */
export const itTsSandboxFiles = pgTable('it_ts_sandbox_files', {
  protocol: text('protocol').primaryKey(),
  ownerFiscalCode: text('owner_fiscal_code').notNull(),
  /** insert (I) or delete (C). */
  operation: text('operation').notNull().default('insert'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  /** The documents as received. */
  documents: jsonb('documents').notNull(),
  /** The outcome once processed (null before). */
  outcome: jsonb('outcome'),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const itTsSandboxDocuments = pgTable(
  'it_ts_sandbox_documents',
  {
    ownerFiscalCode: text('owner_fiscal_code').notNull(),
    documentDate: text('document_date').notNull(),
    documentNumber: text('document_number').notNull(),
    protocol: text('protocol').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerFiscalCode, table.documentDate, table.documentNumber] }),
  ],
);
