import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { booleanQueryValueSchema, paginationQuerySchema } from '../platform/hydra.ts';
import { obAmountField } from './accounts.ts';

/** Spec 4: a transaction is pending, then posted. */
export const obTransactionStatuses = ['pending', 'posted'] as const;
export type ObTransactionStatus = (typeof obTransactionStatuses)[number];

/** The categories the aggregator gives transactions (`GET /categories`). */
export const obCategories = [
  'incoming_payment',
  'customer_payment',
  'salary',
  'supplier_payment',
  'taxes',
  'rent',
  'utilities',
  'bank_fees',
  'card_payment',
  'cash_withdrawal',
  'transfer',
  'refund',
  'uncategorized',
] as const;
export type ObCategory = (typeof obCategories)[number];
export const obCategorySchema = z.object({ category: z.enum(obCategories) });

/**
 * What a transaction pays (issue 36 "Reconciliation"): the Italian customer invoices matched to
 * it, with the amount given to each, the matcher's confidence and reasons; `confirmed` once a
 * person (or a sure match) settled it, else it waits with its candidates.
 */
export const obMatchSchema = z.object({
  state: z.enum(['matched', 'suggested', 'rejected']),
  confidence: z.number().min(0).max(1),
  reasons: z.array(z.object({ code: z.string(), value: z.string().optional() })),
  invoices: z.array(
    z.object({ uuid: z.uuid(), number: z.string(), amount: obAmountField, date: z.string() }),
  ),
});
export type ObMatch = z.infer<typeof obMatchSchema>;

export const obTransactionSchema = z.object({
  transactionId: z.uuid(),
  accountUuid: z.uuid(),
  madeOn: z.iso.date(),
  postingDate: z.iso.date().nullable(),
  description: z.string(),
  category: z.enum(obCategories),
  /** Signed: negative when money left the account. */
  amount: obAmountField,
  currencyCode: z.string(),
  status: z.enum(obTransactionStatuses),
  duplicated: z.boolean(),
  payer: z.string().nullable(),
  payee: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  endToEndId: z.string().nullable(),
  match: obMatchSchema.nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type ObTransaction = z.infer<typeof obTransactionSchema>;

/** `GET /business-registry/{fiscalId}/transactions` (spec 7). */
export const obTransactionListQuerySchema = paginationQuerySchema.extend({
  category: z.union([z.enum(obCategories), z.array(z.enum(obCategories)).max(100)]).optional(),
  'account.uuid': z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
  'madeOn[after]': z.iso.date().optional(),
  'madeOn[before]': z.iso.date().optional(),
  status: z.enum(obTransactionStatuses).optional(),
  duplicated: booleanQueryValueSchema.optional(),
});

export const obTransactionParamsSchema = z.object({ transactionId: z.uuid() });

/** An open Italian customer invoice offered for a transaction, best first. */
export const obMatchCandidateSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  date: z.string(),
  /** What is still to be paid on it. */
  openAmount: obAmountField,
  currencyCode: z.string(),
  buyerName: z.string(),
  confidence: z.number().min(0).max(1),
  reasons: z.array(z.object({ code: z.string(), value: z.string().optional() })),
});
export type ObMatchCandidate = z.infer<typeof obMatchCandidateSchema>;

/**
 * `PUT /transactions/{transactionId}/match`: a person settles what the transaction pays (one
 * invoice, or several with the amount given to each); the invoices are marked paid with it.
 */
export const obMatchConfirmSchema = z.object({
  invoices: z
    .array(
      z.object({
        uuid: z.uuid(),
        amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, { error: 'Invalid value' }),
      }),
    )
    .min(1)
    .max(50),
});
export type ObMatchConfirm = z.input<typeof obMatchConfirmSchema>;

/** `POST /business-registry/{fiscalId}/statements`: what a camt.053/054 file brought. */
export const obStatementImportSchema = z.object({
  accountUuid: z.uuid(),
  /** True when the file's account was new: it is now one of the registry's, without a bank. */
  accountCreated: z.boolean(),
  entries: z.number().int(),
  added: z.number().int(),
  alreadyKnown: z.number().int(),
  matched: z.number().int(),
  suggested: z.number().int(),
});
export type ObStatementImport = z.infer<typeof obStatementImportSchema>;
