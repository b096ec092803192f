import { z } from 'zod';
import { timestampField } from '../common/fields.ts';

/** Provider 7: an account's nature as the aggregator gives it. */
export const obAccountNatures = ['account', 'card', 'loan', 'investment', 'savings'] as const;
export type ObAccountNature = (typeof obAccountNatures)[number];

/** Money as a decimal string with two decimals (`-12.30`), never a float. */
export const obAmountField = z.string().regex(/^-?\d{1,13}\.\d{2}$/);

/** A bank account of a registry (spec 3 "Bank account"). */
export const obAccountSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  iban: z.string().nullable(),
  bban: z.string().nullable(),
  swift: z.string().nullable(),
  balance: obAmountField,
  currencyCode: z.string(),
  providerName: z.string(),
  nature: z.enum(obAccountNatures),
  consentExpiresAt: timestampField.nullable(),
  enabled: z.boolean(),
  /**
   * The bank connection the account came with; delete works per connection (spec 4). Null for an
   * account whose bank is not connected: its statements are imported as camt files.
   */
  connectionId: z.uuid().nullable(),
  fiscalId: z.string(),
  /** Payments requested to this account (a delete needs none, spec 4). */
  paymentsCount: z.number().int(),
  lastSyncAt: timestampField.nullable(),
  createdAt: timestampField,
});
export type ObAccount = z.infer<typeof obAccountSchema>;

export const obAccountParamsSchema = z.object({ uuid: z.uuid() });
/** `PUT /accounts/{uuid}` with `enabled`. */
export const obAccountUpdateSchema = z.object({ enabled: z.boolean() });
/** `GET /accounts/{uuid}/reconnect`. */
export const obReconnectResponseSchema = z.object({ reconnectUrl: z.string() });
/** `DELETE /accounts/{uuid}`: the accounts removed with it (its whole connection). */
export const obRemovedAccountsSchema = z.object({ removedAccounts: z.array(z.uuid()) });
