import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itInvoices } from './it-invoices.ts';
import { users } from './users.ts';

/*
 * Open banking. The provider's side (`ob_*`): business registries of an account, their bank
 * connections, accounts, transactions, payment requests and subscriptions. The aggregator
 * sandbox's side (`ob_sandbox_*`): what the aggregator and its simulated banks keep (customers,
 * hosted-flow sessions, connections with their consents, accounts, the banks' own transaction
 * feeds, payment requests), reached only through `gateways/bank-aggregator`, as a real
 * aggregator is reached over HTTP. Money is numeric(15,2): drizzle returns it as a string.
 */

const money = (name: string) => numeric(name, { precision: 15, scale: 2 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const obBusinessRegistries = pgTable(
  'ob_business_registries',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sub-account that made it, when one did (provider: `subAccountId`). */
    subAccountId: uuid('sub_account_id').references(() => users.id, { onDelete: 'set null' }),
    fiscalId: text('fiscal_id').notNull(),
    email: text('email').notNull(),
    businessName: text('business_name').notNull(),
    emailAlerts: boolean('email_alerts').notNull().default(true),
    locale: text('locale').notNull().default('en'),
    country: text('country'),
    /** Data reading (billed: an annual subscription while on). */
    enabled: boolean('enabled').notNull().default(false),
    /** The aggregator's customer of this registry, made at its first connect. */
    aggregatorCustomerId: text('aggregator_customer_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ob_business_registries_owner_fiscal_idx').on(table.ownerId, table.fiscalId),
    // Provider 7: the e-mail is unique across registries.
    uniqueIndex('ob_business_registries_email_idx').on(sql`lower(${table.email})`),
    index('ob_business_registries_owner_created_idx').on(table.ownerId, table.createdAt),
  ],
);
export type ObBusinessRegistryRow = typeof obBusinessRegistries.$inferSelect;

/** The annual data-reading subscription of a registry (one row per period). */
export const obSubscriptions = pgTable(
  'ob_subscriptions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => obBusinessRegistries.uuid, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    periodStartsAt: at('period_starts_at').notNull(),
    periodEndsAt: at('period_ends_at').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    fee: money('fee').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ob_subscriptions_registry_idx').on(table.registryUuid, table.periodEndsAt)],
);
export type ObSubscriptionRow = typeof obSubscriptions.$inferSelect;

/** A bank connection (one login at one bank, one consent) of a registry. */
export const obConnections = pgTable(
  'ob_connections',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => obBusinessRegistries.uuid, { onDelete: 'cascade' }),
    aggregatorConnectionId: text('aggregator_connection_id').notNull(),
    providerCode: text('provider_code').notNull(),
    providerName: text('provider_name').notNull(),
    consentExpiresAt: at('consent_expires_at'),
    /** The last reconnect notice sent for this consent (0, 1, 2 = 20, 10, 0 days left). */
    lastNoticeLevel: smallint('last_notice_level'),
    lastSyncAt: at('last_sync_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ob_connections_aggregator_idx').on(table.aggregatorConnectionId),
    index('ob_connections_registry_idx').on(table.registryUuid),
  ],
);
export type ObConnectionRow = typeof obConnections.$inferSelect;

export const obAccounts = pgTable(
  'ob_accounts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => obBusinessRegistries.uuid, { onDelete: 'cascade' }),
    /** Null for an account whose bank is not connected: its statements come as camt files. */
    connectionUuid: uuid('connection_uuid').references(() => obConnections.uuid, {
      onDelete: 'cascade',
    }),
    aggregatorAccountId: text('aggregator_account_id').notNull(),
    name: text('name').notNull(),
    iban: text('iban'),
    bban: text('bban'),
    swift: text('swift'),
    nature: text('nature').notNull(),
    currencyCode: text('currency_code').notNull(),
    balance: money('balance').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastSyncAt: at('last_sync_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ob_accounts_aggregator_idx').on(table.aggregatorAccountId),
    index('ob_accounts_registry_idx').on(table.registryUuid, table.createdAt),
    index('ob_accounts_connection_idx').on(table.connectionUuid),
    index('ob_accounts_iban_idx').on(table.iban),
  ],
);
export type ObAccountRow = typeof obAccounts.$inferSelect;

/**
 * A transaction of an account. Its uuid is its identity for good: the bank's id (`bank_id`) may
 * change from pending to booked and is only a hint; the sync finds a transaction again by it, by
 * the end-to-end id, or by its fingerprint (date window, amount, counterparty, text), so a
 * transaction is never stored twice nor overwritten by another (services/ob/transactions).
 */
export const obTransactions = pgTable(
  'ob_transactions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => obBusinessRegistries.uuid, { onDelete: 'cascade' }),
    accountUuid: uuid('account_uuid')
      .notNull()
      .references(() => obAccounts.uuid, { onDelete: 'cascade' }),
    bankId: text('bank_id'),
    /** `bank` (through the aggregator) or `camt` (an imported statement). */
    source: text('source').notNull().default('bank'),
    madeOn: date('made_on').notNull(),
    postingDate: date('posting_date'),
    amount: money('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull().default('uncategorized'),
    status: text('status').notNull(),
    duplicated: boolean('duplicated').notNull().default(false),
    payer: text('payer'),
    payee: text('payee'),
    counterpartyIban: text('counterparty_iban'),
    endToEndId: text('end_to_end_id'),
    remittance: text('remittance'),
    /** What it pays (issue 36 reconciliation): state, confidence, reasons, invoices. */
    match: jsonb('match'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('ob_transactions_registry_made_idx').on(table.registryUuid, table.madeOn),
    index('ob_transactions_account_made_idx').on(table.accountUuid, table.madeOn),
    index('ob_transactions_account_bank_idx').on(table.accountUuid, table.bankId),
  ],
);
export type ObTransactionRow = typeof obTransactions.$inferSelect;

/** A payment request (SEPA or SEPA Instant receive) to one of the registry's accounts. */
export const obPayments = pgTable(
  'ob_payments',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => obBusinessRegistries.uuid, { onDelete: 'cascade' }),
    accountUuid: uuid('account_uuid')
      .notNull()
      .references(() => obAccounts.uuid, { onDelete: 'cascade' }),
    aggregatorPaymentId: text('aggregator_payment_id').notNull(),
    direction: text('direction').notNull().default('inbound'),
    system: text('system').notNull(),
    amount: money('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    email: text('email'),
    status: text('status').notNull().default('created'),
    payerName: text('payer_name'),
    payerIban: text('payer_iban'),
    connectUrl: text('connect_url'),
    /** The Italian customer invoice it was asked for (its number rides in the description). */
    invoiceUuid: uuid('invoice_uuid'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ob_payments_aggregator_idx').on(table.aggregatorPaymentId),
    index('ob_payments_registry_created_idx').on(table.registryUuid, table.createdAt),
    index('ob_payments_account_idx').on(table.accountUuid),
  ],
);
export type ObPaymentRow = typeof obPayments.$inferSelect;

// ---- The aggregator sandbox (gateways/bank-aggregator) ----

export const obSandboxCustomers = pgTable('ob_sandbox_customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  identifier: text('identifier').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A hosted flow (connect, reconnect, payment): its secret link and where it stands. */
export const obSandboxSessions = pgTable(
  'ob_sandbox_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => obSandboxCustomers.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id'),
    paymentId: uuid('payment_id'),
    locale: text('locale').notNull().default('en'),
    country: text('country'),
    returnUrl: text('return_url'),
    /** The steps' data: the bank chosen, the accounts offered, the accounts picked. */
    state: jsonb('state').notNull().default({}),
    status: text('status').notNull().default('open'),
    errorClass: text('error_class'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ob_sandbox_sessions_customer_idx').on(table.customerId)],
);

export const obSandboxConnections = pgTable(
  'ob_sandbox_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => obSandboxCustomers.id, { onDelete: 'cascade' }),
    providerCode: text('provider_code').notNull(),
    status: text('status').notNull().default('active'),
    consentGivenAt: at('consent_given_at').notNull(),
    consentExpiresAt: at('consent_expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('ob_sandbox_connections_customer_idx').on(table.customerId)],
);

export const obSandboxAccounts = pgTable(
  'ob_sandbox_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => obSandboxConnections.id, { onDelete: 'cascade' }),
    /** Which of the bank's accounts of this login (stable across reconnects). */
    bankAccountKey: text('bank_account_key').notNull(),
    name: text('name').notNull(),
    nature: text('nature').notNull(),
    currencyCode: text('currency_code').notNull(),
    iban: text('iban'),
    bban: text('bban'),
    swift: text('swift'),
    openingBalance: money('opening_balance').notNull(),
    /** The feed is made up to this day (Europe/Rome), one day at a time. */
    feedUntil: date('feed_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ob_sandbox_accounts_key_idx').on(table.connectionId, table.bankAccountKey),
    index('ob_sandbox_accounts_iban_idx').on(table.iban),
  ],
);

/**
 * The bank's own feed: what the bank shows, with the id it shows (`bank_id`, which some banks
 * change when a pending entry is booked) and its order (`seq`, which some banks shuffle).
 */
export const obSandboxTransactions = pgTable(
  'ob_sandbox_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => obSandboxAccounts.id, { onDelete: 'cascade' }),
    bankId: text('bank_id').notNull(),
    seq: integer('seq').notNull(),
    madeOn: date('made_on').notNull(),
    postingDate: date('posting_date'),
    amount: money('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    payer: text('payer'),
    payee: text('payee'),
    counterpartyIban: text('counterparty_iban'),
    endToEndId: text('end_to_end_id'),
    remittance: text('remittance'),
    /** Books itself (pending → posted) at this time. */
    postsAt: at('posts_at'),
    /** A second report of another entry by a bank that reports twice: not in its balance. */
    echo: boolean('echo').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ob_sandbox_transactions_account_idx').on(table.accountId, table.madeOn)],
);

export const obSandboxPayments = pgTable(
  'ob_sandbox_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => obSandboxCustomers.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => obSandboxAccounts.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    amount: money('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('created'),
    payerName: text('payer_name'),
    payerIban: text('payer_iban'),
    endToEndId: text('end_to_end_id').notNull(),
    paidAt: at('paid_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ob_sandbox_payments_customer_idx').on(table.customerId)],
);

/**
 * What a transaction paid of an Italian customer invoice (issue 36 reconciliation): one row per
 * invoice and transaction with the amount given to it; an invoice is paid when its rows reach its
 * total. `confirmedBy` is null for a sure match made by the matcher, else the person's user id.
 */
export const obInvoicePayments = pgTable(
  'ob_invoice_payments',
  {
    invoiceUuid: uuid('invoice_uuid')
      .notNull()
      .references(() => itInvoices.uuid, { onDelete: 'cascade' }),
    transactionUuid: uuid('transaction_uuid')
      .notNull()
      .references(() => obTransactions.uuid, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceUuid, table.transactionUuid] }),
    index('ob_invoice_payments_transaction_idx').on(table.transactionUuid),
  ],
);
