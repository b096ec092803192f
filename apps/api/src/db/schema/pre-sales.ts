import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Purchased credit of an account. Amounts are numeric(12,2): drizzle returns them as strings. */
export const preSales = pgTable(
  'pre_sales',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditPurchased: numeric('credit_purchased', { precision: 12, scale: 2 }).notNull(),
    creditAvailable: numeric('credit_available', { precision: 12, scale: 2 }).notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    invoicesReceived: integer('invoices_received').notNull().default(0),
    invoicesSent: integer('invoices_sent').notNull().default(0),
  },
  (table) => [index('pre_sales_owner_idx').on(table.ownerId, table.purchasedAt)],
);

/** Spend per calendar month (Europe/Rome) of an account. */
export const consumptions = pgTable(
  'consumptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [
    uniqueIndex('consumptions_owner_month_unique').on(table.ownerId, table.year, table.month),
  ],
);

/** Credit alerts: mail `target` when the pre-sale's available credit goes under `threshold`. */
export const preSaleActions = pgTable(
  'pre_sale_actions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    preSaleUuid: uuid('pre_sale_uuid')
      .notNull()
      .references(() => preSales.uuid, { onDelete: 'cascade' }),
    threshold: integer('threshold').notNull(),
    actionType: text('action_type').notNull(),
    target: text('target').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    running: boolean('running').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pre_sale_actions_owner_idx').on(table.ownerId, table.createdAt)],
);
