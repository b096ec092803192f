import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/*
 * Poland (KSeF). The provider's side: legal entities (taxpayers by NIP) owned by the business and
 * linked to sub-accounts, their onboarding (authorisation flows), their invoices outgoing and
 * incoming, public access codes. The sandbox's side (`ksef_sandbox_*`): what KSeF itself keeps
 * (challenges, authentication operations, tokens, sessions, invoices with their KSeF numbers and
 * UPOs), reached only through `gateways/ksef`, as the real KSeF is reached over HTTP.
 */

/** Status codes: PENDING 100, ACTIVE 200, BLOCKED 300 (spec 4). */
export const plLegalEntities = pgTable(
  'pl_legal_entities',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nip: text('nip').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    province: text('province'),
    countryIso2: text('country_iso2').notNull().default('PL'),
    incomingInvoiceEnabled: boolean('incoming_invoice_enabled').notNull().default(true),
    status: smallint('status').notNull().default(100),
    /** The KSeF token the provider acts with (from onboarding mode 1 or 2); never shown. */
    ksefToken: text('ksef_token'),
    ksefTokenReference: text('ksef_token_reference'),
    /**
     * The entity's KSeF certificate of type Offline (from onboarding mode 1): KOD II of an
     * invoice issued offline is signed with its key. Serial in hex; PEMs never shown.
     */
    offlineCertificateSerial: text('offline_certificate_serial'),
    offlineCertificatePem: text('offline_certificate_pem'),
    offlinePrivateKeyPem: text('offline_private_key_pem'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastReceiveAt: timestamp('last_receive_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pl_legal_entities_owner_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('pl_legal_entities_owner_nip_idx').on(table.ownerId, table.nip),
    index('pl_legal_entities_nip_idx').on(table.nip),
  ],
);
export type PlLegalEntityRow = typeof plLegalEntities.$inferSelect;
export type NewPlLegalEntityRow = typeof plLegalEntities.$inferInsert;

export const plLegalEntitySubAccounts = pgTable(
  'pl_legal_entity_sub_accounts',
  {
    legalEntityUuid: uuid('legal_entity_uuid')
      .notNull()
      .references(() => plLegalEntities.uuid, { onDelete: 'cascade' }),
    subAccountId: uuid('sub_account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.legalEntityUuid, table.subAccountId] }),
    index('pl_legal_entity_sub_accounts_user_idx').on(table.subAccountId),
  ],
);

/**
 * An onboarding (authorisation flow): NEW 50, IN_PROGRESS 100, USED 150, COMPLETED 200, ERROR 250.
 * Its public link carries `hash`; started, it holds the KSeF challenge the signed file must answer
 * before `deadline` (10 minutes).
 */
export const plAuthorizationFlows = pgTable(
  'pl_authorization_flows',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    legalEntityUuid: uuid('legal_entity_uuid')
      .notNull()
      .references(() => plLegalEntities.uuid, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the public link's secret: the link itself is shown once. */
    hash: text('hash').notNull(),
    status: smallint('status').notNull().default(50),
    challenge: text('challenge'),
    /** The AuthTokenRequest to be signed (the signature file), made at start. */
    signatureFile: text('signature_file'),
    challengeTimestamp: timestamp('challenge_timestamp', { withTimezone: true }),
    deadline: timestamp('deadline', { withTimezone: true }),
    /** mode_1 (signed file) or mode_2 (KSeF token). */
    mode: text('mode'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pl_authorization_flows_entity_idx').on(table.legalEntityUuid, table.createdAt)],
);
export type PlAuthorizationFlowRow = typeof plAuthorizationFlows.$inferSelect;

/**
 * Polish invoices, outgoing (sent by a legal entity through KSeF) and incoming (read from KSeF for
 * a legal entity's NIP). Statuses: valid, sent, delivered, confirmed, received, rejected, error.
 */
export const plInvoices = pgTable(
  'pl_invoices',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalEntityUuid: uuid('legal_entity_uuid')
      .notNull()
      .references(() => plLegalEntities.uuid, { onDelete: 'cascade' }),
    /** outgoing or incoming. */
    direction: text('direction').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    /** VAT, KOR, ZAL, ROZ, UPR, KOR_ZAL, KOR_ROZ. */
    invoiceType: text('invoice_type').notNull(),
    /** FA (3) or FA (2). */
    invoiceVersion: text('invoice_version').notNull(),
    senderName: text('sender_name'),
    invoiceCreatorNip: text('invoice_creator_nip').notNull(),
    recipientName: text('recipient_name'),
    invoiceRecipientNip: text('invoice_recipient_nip'),
    /** Gross total (P_15) and its currency, decimal text. */
    grossAmount: text('gross_amount'),
    currencyCode: text('currency_code'),
    status: text('status').notNull(),
    /** online or offline (the offline mode the law allows, tracked by `offlineDeadline`). */
    mode: text('mode').notNull().default('online'),
    offlineDeadline: date('offline_deadline', { mode: 'string' }),
    ksefReferenceNumber: text('ksef_reference_number'),
    acquisitionTimestamp: timestamp('acquisition_timestamp', { withTimezone: true }),
    /** Base64 SHA-256 of the XML, as KSeF and its QR codes name it. */
    invoiceHash: text('invoice_hash').notNull(),
    xml: bytea('xml').notNull(),
    upo: text('upo'),
    /** The KSeF session and the invoice's reference number in it. */
    sessionReference: text('session_reference'),
    invoiceReference: text('invoice_reference'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Sent from the demo page (its batch and single tabs list these). */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pl_invoices_list_idx').on(table.ownerId, table.direction, table.createdAt),
    index('pl_invoices_entity_idx').on(table.legalEntityUuid, table.direction, table.createdAt),
    index('pl_invoices_pending_idx').on(table.status, table.updatedAt),
    uniqueIndex('pl_invoices_incoming_ksef_idx').on(
      table.legalEntityUuid,
      table.direction,
      table.ksefReferenceNumber,
    ),
  ],
);
export type PlInvoiceRow = typeof plInvoices.$inferSelect;
export type NewPlInvoiceRow = typeof plInvoices.$inferInsert;

/** The invoice's attachment blocks (FA(3) `Zalacznik`), each kept as text. */
export const plInvoiceAttachments = pgTable(
  'pl_invoice_attachments',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    invoiceUuid: uuid('invoice_uuid')
      .notNull()
      .references(() => plInvoices.uuid, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    content: text('content').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pl_invoice_attachments_invoice_idx').on(table.invoiceUuid)],
);
export type PlInvoiceAttachmentRow = typeof plInvoiceAttachments.$inferSelect;

/**
 * Public access to one invoice: a code mailed to the buyer (kept hashed), its expiry and tries;
 * once activated, an access token (hashed) that opens the downloads until it expires.
 */
export const plAccessCodes = pgTable(
  'pl_access_codes',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    invoiceUuid: uuid('invoice_uuid')
      .notNull()
      .references(() => plInvoices.uuid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    accessTokenHash: text('access_token_hash'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pl_access_codes_invoice_idx').on(table.invoiceUuid, table.createdAt),
    index('pl_access_codes_token_idx').on(table.accessTokenHash),
  ],
);
export type PlAccessCodeRow = typeof plAccessCodes.$inferSelect;

// --- The KSeF sandbox's own state (gateways/ksef) ---------------------------------------------

/** The sandbox's keys: the RSA key pair KSeF publishes (token and symmetric key encryption) and
 * the sandbox CA that issues test certificates. One row per purpose. */
export const ksefSandboxKeys = pgTable('ksef_sandbox_keys', {
  purpose: text('purpose').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ksefSandboxChallenges = pgTable('ksef_sandbox_challenges', {
  challenge: text('challenge').primaryKey(),
  timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** An authentication operation (`/auth/xades-signature`, `/auth/ksef-token`) and its tokens. */
export const ksefSandboxAuthOperations = pgTable(
  'ksef_sandbox_auth_operations',
  {
    referenceNumber: text('reference_number').primaryKey(),
    authenticationTokenHash: text('authentication_token_hash').notNull(),
    contextNip: text('context_nip').notNull(),
    /** xades or token. */
    method: text('method').notNull(),
    statusCode: integer('status_code').notNull(),
    statusDescription: text('status_description').notNull(),
    statusDetails: jsonb('status_details').notNull().default([]),
    /** What the operation may do: all of a NIP's owner (signature), or its KSeF token's. */
    permissions: jsonb('permissions').notNull().default([]),
    /** How it authenticated, as the UPO names it: the KSeF token's reference number… */
    ksefTokenReference: text('ksef_token_reference'),
    /** …or the SHA-256 (Base64) of the signed AuthTokenRequest. */
    documentHash: text('document_hash'),
    /** Who authenticated (`{ type: Nip|Pesel|Fingerprint, value }`): owns KSeF certificates. */
    subjectIdentifier: jsonb('subject_identifier'),
    /** The signer's certificate subject (`[{ oid, value }]`): `/certificates/enrollments/data`. */
    certificateSubject: jsonb('certificate_subject'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ksef_sandbox_auth_token_idx').on(table.authenticationTokenHash)],
);

/** Access and refresh tokens handed out by `/auth/token/redeem` (kept hashed). */
export const ksefSandboxAccessTokens = pgTable('ksef_sandbox_access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(),
  contextNip: text('context_nip').notNull(),
  authReference: text('auth_reference').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** KSeF tokens (`/tokens`): permanent credentials of a NIP (kept hashed). */
export const ksefSandboxKsefTokens = pgTable(
  'ksef_sandbox_ksef_tokens',
  {
    referenceNumber: text('reference_number').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    contextNip: text('context_nip').notNull(),
    description: text('description').notNull(),
    permissions: jsonb('permissions').notNull().default([]),
    /** Pending, Active, Revoking, Revoked, Failed. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ksef_sandbox_ksef_tokens_hash_idx').on(table.tokenHash)],
);

/** Online sessions: the symmetric key as sent (under the sandbox's public key), its status, UPO. */
export const ksefSandboxSessions = pgTable(
  'ksef_sandbox_sessions',
  {
    referenceNumber: text('reference_number').primaryKey(),
    contextNip: text('context_nip').notNull(),
    formCode: jsonb('form_code').notNull(),
    /** The authentication operation it was opened under (its UPO names that authentication). */
    authReference: text('auth_reference'),
    encryptedSymmetricKey: text('encrypted_symmetric_key').notNull(),
    initializationVector: text('initialization_vector').notNull(),
    statusCode: integer('status_code').notNull(),
    statusDescription: text('status_description').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    upo: text('upo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ksef_sandbox_sessions_status_idx').on(table.statusCode, table.createdAt)],
);

/** Invoices KSeF received: each with its status, its KSeF number once accepted and its UPO. */
export const ksefSandboxInvoices = pgTable(
  'ksef_sandbox_invoices',
  {
    referenceNumber: text('reference_number').primaryKey(),
    sessionReference: text('session_reference').notNull(),
    ordinalNumber: integer('ordinal_number').notNull(),
    sellerNip: text('seller_nip').notNull(),
    buyerNip: text('buyer_nip'),
    invoiceNumber: text('invoice_number'),
    invoiceHash: text('invoice_hash').notNull(),
    invoiceSize: integer('invoice_size').notNull(),
    xml: bytea('xml').notNull(),
    statusCode: integer('status_code').notNull(),
    statusDescription: text('status_description').notNull(),
    statusDetails: jsonb('status_details').notNull().default([]),
    ksefNumber: text('ksef_number'),
    offlineMode: boolean('offline_mode').notNull().default(false),
    invoicingDate: timestamp('invoicing_date', { withTimezone: true }).notNull(),
    acquisitionDate: timestamp('acquisition_date', { withTimezone: true }),
    permanentStorageDate: timestamp('permanent_storage_date', { withTimezone: true }),
    upo: text('upo'),
    /** The ready-at times the sandbox's timings give (KSeF number, then UPO). */
    numberDueAt: timestamp('number_due_at', { withTimezone: true }).notNull(),
    upoDueAt: timestamp('upo_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ksef_sandbox_invoices_session_idx').on(table.sessionReference, table.ordinalNumber),
    uniqueIndex('ksef_sandbox_invoices_ksef_number_idx').on(table.ksefNumber),
    index('ksef_sandbox_invoices_buyer_idx').on(table.buyerNip, table.permanentStorageDate),
    index('ksef_sandbox_invoices_seller_idx').on(table.sellerNip, table.permanentStorageDate),
    index('ksef_sandbox_invoices_due_idx').on(table.statusCode, table.numberDueAt),
  ],
);

/**
 * KSeF certificates (`/certificates/enrollments`): each enrollment and, once issued by the
 * sandbox CA, its certificate. Owned by the authenticated subject, not by a context.
 */
export const ksefSandboxCertificates = pgTable(
  'ksef_sandbox_certificates',
  {
    /** The enrollment's reference number. */
    referenceNumber: text('reference_number').primaryKey(),
    ownerType: text('owner_type').notNull(),
    ownerValue: text('owner_value').notNull(),
    /** The context whose access token asked (informative: certificates have no context). */
    contextNip: text('context_nip').notNull(),
    name: text('name').notNull(),
    /** Authentication or Offline. */
    type: text('type').notNull(),
    commonName: text('common_name').notNull(),
    /** SHA-256 (hex) of the requested SubjectPublicKeyInfo: one key, one subject. */
    publicKeyHash: text('public_key_hash').notNull(),
    /** 200 issued, 400 rejected; shown as 100 until `dueAt`. */
    statusCode: integer('status_code').notNull(),
    statusDescription: text('status_description').notNull(),
    statusDetails: jsonb('status_details').notNull().default([]),
    /** 16 upper-case hex digits, as KSeF's. */
    serialNumber: text('serial_number'),
    certificate: bytea('certificate'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    requestDate: timestamp('request_date', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ksef_sandbox_certificates_serial_idx').on(table.serialNumber),
    index('ksef_sandbox_certificates_owner_idx').on(
      table.ownerType,
      table.ownerValue,
      table.requestDate,
    ),
    index('ksef_sandbox_certificates_key_idx').on(table.publicKeyHash),
  ],
);
