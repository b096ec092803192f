import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Roles per platform id (`it`, `common`, …); mapped to the configured platform keys in tokens. */
export type StoredRoles = Record<string, string[]>;

/**
 * Accounts. A sub-account's owner is its manager (`parent_id`): that is the tenancy link that
 * scopes every sub-account query to the manager who created it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased so lookups and the uniqueness check ignore case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullname: text('fullname'),
    roles: jsonb('roles').$type<StoredRoles>().notNull().default({}),
    parentId: uuid('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    fiscalId: text('fiscal_id'),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Carried in every token (`ver`) and compared on each request: a token signed with another
     * version is refused. A trigger (migration 0006) bumps it when the password changes, the account
     * is disabled or a role is removed, so every token issued before that ends, whatever the path
     * of the change (API, reset link, SQL by an operator). A counter, unlike an `iat` check, also
     * ends a token issued within the same second as the change.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    acceptOnlyVerifiedSupplierInvoices: boolean('accept_only_verified_supplier_invoices')
      .notNull()
      .default(false),
    applySignature: boolean('apply_signature').notNull().default(false),
    invoicingVatNumber: text('invoicing_vat_number'),
    invoicingFiscalId: text('invoicing_fiscal_id'),
    invoicingName: text('invoicing_name'),
    invoicingAddress: text('invoicing_address'),
    invoicingCity: text('invoicing_city'),
    invoicingProvince: text('invoicing_province'),
    invoicingCap: text('invoicing_cap'),
    invoicingCountry: text('invoicing_country'),
    statisticsScope: text('statistics_scope'),
    creditAlertEmail: text('credit_alert_email'),
    preSaleAlertThreshold: integer('pre_sale_alert_threshold'),
    /** SDI codice destinatario shown on the profile's recipient-code card. */
    recipientCode: text('recipient_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_parent_id_idx').on(table.parentId, table.createdAt),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** One-time password-reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash)],
);
