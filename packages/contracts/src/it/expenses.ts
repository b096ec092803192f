import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';
import {
  EXPENSE_BATCH_MAX,
  EXPENSE_DOCUMENT_NUMBER_MAX_LENGTH,
  expenseDocumentTypes,
  expenseOutcomes,
  expenseRequestTypes,
  expenseResponseTypes,
  expenseStatuses,
  expenseTypes,
} from './expense-codes.ts';

export * from './expense-codes.ts';

/*
 * Sistema Tessera Sanitaria expenses (account spec 2.9, 3 "Expense" and "Receipt", 7 `/sistema-ts/
 * expenses`, 9): health expenses a health professional or a pharmacy (the owner, proprietario)
 * sends for a citizen's pre-filled tax return, each transmission answered with a protocol, an
 * outcome and a receipt. The fiscal codes' check characters, the amount and the dates are checked
 * by the service so that every refusal is a violation on its field, all at once.
 */

/** An amount as a string or a JSON number (read exactly by the service, never as a float). */
const amountInput = z
  .union([z.string().max(32), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value));

const fiscalCode = z.string().trim().toUpperCase().max(16);
const isoDate = z.string().trim().max(10);

/** One expense as it is sent: `POST /sistema-ts/expenses`, or one of a batch. */
export const expenseRequestSchema = z.object({
  /** The owner's codice fiscale (the professional, the pharmacy): one of the business's registries. */
  codice_fiscale_proprietario: fiscalCode,
  /** The citizen's codice fiscale; none when the citizen opposed (flag_opposizione). */
  codice_fiscale_cittadino: fiscalCode.nullish(),
  /** The citizen opposed to the expense reaching the tax authority (flagOpposizione). */
  flag_opposizione: z.boolean().nullish(),
  /** Euro, VAT included, up to 2 decimals. */
  amount: amountInput,
  expense_type: z.enum(expenseTypes),
  /** Paid by a traceable means (pagamentoTracciato); true unless said otherwise. */
  payment_tracked: z.boolean().nullish(),
  /** F invoice (the default) or D commercial document. */
  document_type: z.enum(expenseDocumentTypes).nullish(),
  document_number: z.string().trim().min(1).max(EXPENSE_DOCUMENT_NUMBER_MAX_LENGTH),
  /** YYYY-MM-DD. */
  document_date: isoDate,
  /** YYYY-MM-DD; the document date when not given. */
  payment_date: isoDate.nullish(),
});
export type ExpenseRequest = z.input<typeof expenseRequestSchema>;

/** `POST /sistema-ts/expenses/batch`: several expenses of one owner in one transmission. */
export const expenseBatchRequestSchema = z.object({
  expenses: z.array(expenseRequestSchema).max(EXPENSE_BATCH_MAX),
});
export type ExpenseBatchRequest = z.input<typeof expenseBatchRequestSchema>;

export const expenseParamsSchema = z.object({ uuid: z.uuid() });
export const expenseReceiptParamsSchema = z.object({
  uuid: z.uuid(),
  protocol: z.string().max(32),
});

export const expenseResponseSchema = z.object({
  code: z.string(),
  description: z.string(),
  type: z.enum(expenseResponseTypes),
  received_at: timestampField,
});

/** One transmission of the expense to Sistema TS (those without a protocol_id are left out). */
export const expenseRequestRecordSchema = z.object({
  id: z.number().int(),
  protocol_id: z.string(),
  /** 0 success, 1 error, 2 warning; null until Sistema TS has processed it. */
  esito_chiamata: z.union(expenseOutcomes.map((value) => z.literal(value))).nullable(),
  requested_at: timestampField,
  request_type: z.enum(expenseRequestTypes),
  responses: z.array(expenseResponseSchema),
});

/** An expense in the list and alone (spec 3 "Expense"). */
export const expenseSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  codice_fiscale_proprietario: z.string(),
  codice_fiscale_cittadino: z.string().nullable(),
  flag_opposizione: z.boolean(),
  /** Euro, 2 decimals. */
  amount: z.string(),
  expense_type: z.enum(expenseTypes),
  payment_tracked: z.boolean(),
  document_type: z.enum(expenseDocumentTypes),
  document_number: z.string(),
  document_date: z.string(),
  payment_date: z.string(),
  status: z.enum(expenseStatuses),
  created_at: timestampField,
  updated_at: timestampField,
  requests: z.array(expenseRequestRecordSchema),
});
export type Expense = z.infer<typeof expenseSchema>;

/** A Sistema TS receipt of a transmission (spec 3 "Receipt"); outcome 0 success, 1 error, 2 warning. */
export const expenseReceiptSchema = z.object({
  protocol: z.string(),
  expense_id: z.uuid(),
  /** The receipt PDF (GET with Accept: application/pdf). */
  url: z.string(),
  date: timestampField,
  description: z.string(),
  outcome: z.union(expenseOutcomes.map((value) => z.literal(value))),
  operation_type: z.enum(expenseRequestTypes),
});
export type ExpenseReceipt = z.infer<typeof expenseReceiptSchema>;

const dateBound = z
  .string()
  .max(40)
  .optional()
  .meta({ description: 'ISO 8601 date or date-time; one without a zone is read as UTC.' });

/** `GET /sistema-ts/expenses` (spec 7: filters, page, ts). */
export const expenseListQuerySchema = paginationQuerySchema.extend({
  codice_fiscale_proprietario: z.string().max(16).optional(),
  codice_fiscale_cittadino: z.string().max(16).optional(),
  expense_type: z.enum(expenseTypes).optional(),
  status: z.enum(expenseStatuses).optional(),
  document_number: z.string().max(EXPENSE_DOCUMENT_NUMBER_MAX_LENGTH).optional(),
  'created_at[after]': dateBound,
  'created_at[before]': dateBound,
  'created_at[strictly_after]': dateBound,
  'created_at[strictly_before]': dateBound,
  'document_date[after]': dateBound,
  'document_date[before]': dateBound,
  /** The console's cache marker (spec 9): renewed each hour, it changes the address of the list. */
  ts: z.string().max(32).optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;
