import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { itBusinessRegistryConfigurations } from './it-integrations.ts';
import { users } from './users.ts';

/**
 * The tax portal (Agenzia delle Entrate) side of a business registry configuration: its
 * Fisconline credentials, sealed with AES-256-GCM (services/it/tax-drawer/credential-sealing.ts)
 * and never returned by the API, and the one-time tokens of the interactive consent page.
 */
export const itTaxPortalCredentials = pgTable(
  'it_tax_portal_credentials',
  {
    registryUuid: uuid('registry_uuid')
      .primaryKey()
      .references(() => itBusinessRegistryConfigurations.uuid, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url): codice fiscale, password and PIN as JSON. */
    sealed: text('sealed').notNull(),
    /** How the holder gave them: `form` (PUT) or `interactive` (the consent page). */
    source: text('source').$type<'form' | 'interactive'>().notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('it_tax_portal_credentials_owner_idx').on(table.ownerId)],
);

export type ItTaxPortalCredentialsRow = typeof itTaxPortalCredentials.$inferSelect;

/**
 * One-time links to the interactive consent page: only the SHA-256 of the token is stored, so a
 * database read cannot replay one; `usedAt` is set when it is spent.
 */
export const itTaxPortalConsents = pgTable(
  'it_tax_portal_consents',
  {
    tokenHash: text('token_hash').primaryKey(),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => itBusinessRegistryConfigurations.uuid, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('it_tax_portal_consents_registry_idx').on(table.registryUuid)],
);

export type ItTaxPortalConsentRow = typeof itTaxPortalConsents.$inferSelect;
