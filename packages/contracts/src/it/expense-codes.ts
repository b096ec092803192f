/**
 * Sistema Tessera Sanitaria expenses (account spec 2.9, 3 "Expense", 9): the codes and limits
 * without zod, so the console's list imports them without the schemas.
 */

/**
 * Expense types of the Sistema TS "730 precompilato" transmissions (tipoSpesa), as its technical
 * specifications list them.
 */
export const expenseTypes = [
  'TK', // ticket (fixed share, difference from the reference price, emergency-room ticket)
  'FC', // medicine, homeopathic included
  'FV', // medicine for veterinary use
  'AD', // purchase or rental of a CE-marked medical device
  'AS', // health services of pharmacies (ECG, spirometry, blood tests…)
  'SR', // specialist outpatient care, medical visits, diagnostics, certificates
  'CT', // spa cures
  'PI', // prosthetics and supplementary care
  'IC', // cosmetic surgery
  'SP', // health services of health professionals
  'SV', // veterinary expenses
  'AA', // other expenses
] as const;
export type ExpenseType = (typeof expenseTypes)[number];

/**
 * Expense types whose deduction does not need a traceable payment (medicines, medical devices and
 * the national health service's tickets, Law 160/2019 art. 1 c. 680): for the others an untracked
 * payment is accepted with a warning, since the citizen cannot deduct it.
 */
export const untrackedPaymentAllowed: readonly ExpenseType[] = ['TK', 'FC', 'FV', 'AD'];

/** F: invoice (fattura), D: commercial document (documento commerciale). */
export const expenseDocumentTypes = ['F', 'D'] as const;
export type ExpenseDocumentType = (typeof expenseDocumentTypes)[number];

/** esito_chiamata: 0 success, 1 error, 2 warning (spec 3). */
export const expenseOutcomes = [0, 1, 2] as const;
export type ExpenseOutcome = (typeof expenseOutcomes)[number];

/**
 * The kind of transmission (flagOperazione): the insertion of a document (I), or its
 * cancellation (C), which takes an accepted document back out of the citizen's records.
 */
export const expenseRequestTypes = ['insert', 'delete'] as const;
export type ExpenseRequestType = (typeof expenseRequestTypes)[number];

/**
 * Where an expense stands, from its latest transmission: `pending` before Sistema TS gives it a
 * protocol, `sent` with a protocol and no outcome yet, then the outcome (`success`, `warning`,
 * `error`), or `failed` when Sistema TS could not be reached before the retries ran out;
 * `cancelled` once Sistema TS accepted its cancellation (a refused or failed cancellation leaves
 * the expense as its insertion left it).
 */
export const expenseStatuses = [
  'pending',
  'sent',
  'success',
  'warning',
  'error',
  'failed',
  'cancelled',
] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];

/** Statuses of an expense Sistema TS holds: the ones a cancellation may take back. */
export const cancellableExpenseStatuses: readonly ExpenseStatus[] = ['success', 'warning'];

/** A response message's type: an error refuses the document, a warning does not. */
export const expenseResponseTypes = ['error', 'warning'] as const;

/** Expenses in one batch (one transmission, one protocol). */
export const EXPENSE_BATCH_MAX = 100;
/** The largest amount of one expense (Sistema TS's importo: 9,999,999.99). */
export const EXPENSE_AMOUNT_MAX = '9999999.99';
/** numDocumento: at most 20 characters. */
export const EXPENSE_DOCUMENT_NUMBER_MAX_LENGTH = 20;
/** List page size (spec 9). */
export const EXPENSES_PAGE_SIZE = 30;

/**
 * What a refused expense's violations say (the English sentence API users read; the console words
 * the code in the user's language).
 */
export const EXPENSE_VIOLATION_MESSAGES = {
  fiscal_code_invalid: 'This is not a valid codice fiscale: its check character does not match.',
  owner_not_registry: 'No business registry of yours has this fiscal code.',
  citizen_required: 'The citizen’s fiscal code is required unless the citizen opposed.',
  citizen_with_opposition: 'A citizen who opposed is sent without a fiscal code.',
  amount_invalid: 'This field must be a decimal greater than zero with at most 2 decimal places.',
  amount_too_large: 'The amount cannot exceed 9,999,999.99.',
  date_invalid: 'This field must be a date (YYYY-MM-DD).',
  date_in_future: 'The date cannot be in the future.',
  expenses_missing: 'At least one expense is required.',
  not_cancellable: 'Only an expense Sistema TS accepted can be cancelled.',
} as const;
export type ExpenseViolationKey = keyof typeof EXPENSE_VIOLATION_MESSAGES;
