import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * Peppol legal entities, owned by the business (`businessOf`), each under a domain (`it` or `be`,
 * the provider's two Peppol APIs). A legal entity is a company of its own: a sub-account acts for
 * those linked to it (`peppol_legal_entity_sub_accounts`), as `it_registry_sub_accounts` links
 * Italian registries. A participant is registered once on the network, whoever registers it.
 */

export const peppolLegalEntities = pgTable(
  'peppol_legal_entities',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** it or be. */
    domain: text('domain').notNull(),
    registeredName: text('registered_name').notNull(),
    identifierScheme: text('identifier_scheme').notNull(),
    identifierValue: text('identifier_value').notNull(),
    address: text('address'),
    zipCode: text('zip_code'),
    country: text('country'),
    stateOrProvince: text('state_or_province'),
    city: text('city'),
    notificationEmails: jsonb('notification_emails').notNull().default([]),
    smpEnabled: boolean('smp_enabled').notNull().default(false),
    /** [{ documentType, process, documentTypeScheme, processScheme }]. */
    capabilities: jsonb('capabilities').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('peppol_legal_entities_owner_idx').on(table.ownerId, table.domain, table.createdAt),
    // Participant values compare without case (Peppol Policy for use of Identifiers, POLICY 2).
    uniqueIndex('peppol_legal_entities_participant_idx').on(
      table.identifierScheme,
      sql`lower(${table.identifierValue})`,
    ),
  ],
);
export type PeppolLegalEntityRow = typeof peppolLegalEntities.$inferSelect;
export type NewPeppolLegalEntityRow = typeof peppolLegalEntities.$inferInsert;

export const peppolLegalEntitySubAccounts = pgTable(
  'peppol_legal_entity_sub_accounts',
  {
    legalEntityUuid: uuid('legal_entity_uuid')
      .notNull()
      .references(() => peppolLegalEntities.uuid, { onDelete: 'cascade' }),
    subAccountId: uuid('sub_account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.legalEntityUuid, table.subAccountId] }),
    index('peppol_legal_entity_sub_accounts_user_idx').on(table.subAccountId),
  ],
);

/**
 * Peppol documents (invoices, credit notes, orders, order responses, despatch advices), outgoing
 * and incoming, each with its message on the sandbox network (`peppolMessage`). An outgoing one
 * belongs to its sender legal entity, an incoming one to its receiver; a delivery between two
 * legal entities of this instance makes one row of each, sharing the AS4 `message_id` (a second
 * delivery of one message id to one receiver is dropped, as an access point drops it).
 */
export const peppolDocuments = pgTable(
  'peppol_documents',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The legal entity that sent (outgoing) or received (incoming) it; kept when it is deleted. */
    legalEntityUuid: uuid('legal_entity_uuid').references(() => peppolLegalEntities.uuid, {
      onDelete: 'set null',
    }),
    /** outgoing or incoming. */
    direction: text('direction').notNull(),
    /** invoice, credit-note, order, order-response or despatch-advice. */
    kind: text('kind').notNull(),
    /** UBL 2.1 XML or UBL 2.1 JSON: what the sender sent. */
    format: text('format').notNull(),
    number: text('number').notNull(),
    documentDate: date('document_date', { mode: 'string' }),
    senderName: text('sender_name'),
    senderId: text('sender_id'),
    recipientName: text('recipient_name'),
    recipientId: text('recipient_id'),
    customizationId: text('customization_id').notNull(),
    profileId: text('profile_id'),
    /** { orderStatus, responseCode, documentType, documentReference } as read from the document. */
    processInformation: jsonb('process_information').notNull().default({}),
    /** For an order response or a despatch advice: the order it answers, when known here. */
    orderUuid: uuid('order_uuid'),
    sourceXml: text('source_xml').notNull(),
    /** The AS4 message id; incoming duplicates of one message are dropped. */
    messageId: uuid('message_id').notNull(),
    downloaded: boolean('downloaded').notNull().default(false),
    messageUuid: uuid('message_uuid').notNull().defaultRandom(),
    requestSentAt: timestamp('request_sent_at', { withTimezone: true }),
    responseReceivedAt: timestamp('response_received_at', { withTimezone: true }),
    /** null: not sent yet; true: delivered; false: the network refused it (errorCode). */
    success: boolean('success'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('peppol_documents_list_idx').on(
      table.ownerId,
      table.domain,
      table.kind,
      table.direction,
      table.createdAt,
    ),
    index('peppol_documents_entity_idx').on(table.legalEntityUuid),
    uniqueIndex('peppol_documents_message_idx').on(table.messageId, table.direction),
  ],
);
export type PeppolDocumentRow = typeof peppolDocuments.$inferSelect;
export type NewPeppolDocumentRow = typeof peppolDocuments.$inferInsert;
