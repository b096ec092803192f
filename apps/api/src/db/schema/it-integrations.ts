import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Outgoing webhook of an account for one Italian event (the provider's api-configuration). */
export const itApiConfigurations = pgTable(
  'it_api_configurations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    targetUrl: text('target_url').notNull(),
    authenticationType: text('authentication_type').notNull().default('none'),
    authenticationKey: text('authentication_key'),
    authenticationToken: text('authentication_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('it_api_configurations_owner_event_idx').on(table.ownerId, table.event),
    index('it_api_configurations_owner_created_idx').on(table.ownerId, table.createdAt),
  ],
);
export type ItApiConfigurationRow = typeof itApiConfigurations.$inferSelect;

/**
 * A company (fiscal id) the account invoices for, with its per-company switches. The fiscal id is
 * unique per account, not globally: two tenants of one instance may both manage one company.
 */
export const itBusinessRegistryConfigurations = pgTable(
  'it_business_registry_configurations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fiscalId: text('fiscal_id').notNull(),
    name: text('name'),
    email: text('email'),
    supplierInvoiceEnabled: boolean('supplier_invoice_enabled').notNull().default(false),
    applySignature: boolean('apply_signature').notNull().default(false),
    applyLegalStorage: boolean('apply_legal_storage').notNull().default(false),
    /** The preservation contract is running for this company (the sandbox activates it at once). */
    legalStorageActive: boolean('legal_storage_active').notNull().default(false),
    receiptsEnabled: boolean('receipts_enabled').notNull().default(false),
    phoneNumber: text('phone_number'),
    receiptsAlertRecipients: jsonb('receipts_alert_recipients')
      .$type<string[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('it_brc_owner_fiscal_unique').on(table.ownerId, table.fiscalId),
    // Routing supplier invoices between tenants looks configurations up by fiscal id alone.
    index('it_brc_fiscal_supplier_idx').on(table.fiscalId, table.supplierInvoiceEnabled),
  ],
);
export type ItBusinessRegistryConfigurationRow =
  typeof itBusinessRegistryConfigurations.$inferSelect;

/** Which companies an api-configuration fires for (none linked: all of the account's). */
export const itApiConfigurationRegistries = pgTable(
  'it_api_configuration_registries',
  {
    apiConfigurationUuid: uuid('api_configuration_uuid')
      .notNull()
      .references(() => itApiConfigurations.uuid, { onDelete: 'cascade' }),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => itBusinessRegistryConfigurations.uuid, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.apiConfigurationUuid, table.registryUuid] }),
    index('it_api_configuration_registries_registry_idx').on(table.registryUuid),
  ],
);

/** Sub-accounts allowed to see a company; a sub-account sees only the companies linked here. */
export const itRegistrySubAccounts = pgTable(
  'it_registry_sub_accounts',
  {
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => itBusinessRegistryConfigurations.uuid, { onDelete: 'cascade' }),
    subAccountId: uuid('sub_account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.registryUuid, table.subAccountId] }),
    index('it_registry_sub_accounts_user_idx').on(table.subAccountId),
  ],
);

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * One event sent to one api-configuration: the body is frozen at dispatch so a replay sends the
 * same bytes' content; the columns after `status` describe the last attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiConfigurationUuid: uuid('api_configuration_uuid')
      .notNull()
      .references(() => itApiConfigurations.uuid, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** The delivery this one replays, if any. */
    replayOf: uuid('replay_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_configuration_created_idx').on(
      table.apiConfigurationUuid,
      table.createdAt,
    ),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The instance's Ed25519 key for RFC 9421 webhook signatures. In the database (not DATA_DIR) so
 * every API process sharing the database signs with the same, published key.
 */
export const webhookSigningKeys = pgTable('webhook_signing_keys', {
  id: text('id').primaryKey(),
  keyId: text('key_id').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const preservationStatuses = ['to_be_stored', 'sent', 'sent_metadata', 'stored'] as const;
export type PreservationStatus = (typeof preservationStatuses)[number];

/** A document handed to legal storage (conservazione sostitutiva) and its progress. */
export const preservedDocuments = pgTable(
  'preserved_documents',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    /** The preserved source: an it_invoices uuid for invoice types. */
    sourceUuid: uuid('source_uuid').notNull(),
    fiscalId: text('fiscal_id'),
    status: text('status').$type<PreservationStatus>().notNull().default('to_be_stored'),
    statusHistory: jsonb('status_history')
      .$type<{ status: PreservationStatus; date: string }[]>()
      .notNull()
      .default([]),
    preservedObjectId: text('preserved_object_id'),
    message: text('message'),
    errorMessage: text('error_message'),
    originalFilename: text('original_filename').notNull(),
    originalDocument: text('original_document').notNull(),
    weight: integer('weight').notNull(),
    receiptXml: text('receipt_xml'),
    receiptReceivedAt: timestamp('receipt_received_at', { withTimezone: true }),
    /** When the nightly verification last checked the stored file against its receipt. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** What the last verification found wrong (null: the fingerprint matched). */
    verificationFailure: text('verification_failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('preserved_documents_source_unique').on(table.documentType, table.sourceUuid),
    index('preserved_documents_owner_type_created_idx').on(
      table.ownerId,
      table.documentType,
      table.createdAt,
    ),
  ],
);
export type PreservedDocumentRow = typeof preservedDocuments.$inferSelect;
