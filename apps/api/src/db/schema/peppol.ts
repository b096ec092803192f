import { sql } from 'drizzle-orm';
import {
  boolean,
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
