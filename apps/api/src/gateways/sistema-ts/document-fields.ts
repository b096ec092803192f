/**
 * The shapes of an expense document's fields as Sistema TS takes them: an amount in euro of at
 * most 7 whole digits and 2 decimals, above zero; a real calendar date written YYYY-MM-DD. The
 * sandbox checks them on what it receives; the API checks them first, to answer at once.
 */

/** At most 7 whole digits and 2 decimals: 9,999,999.99 is the largest (linear, anchored). */
const AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is an amount Sistema TS takes: the pattern above, and not zero. */
export function isExpenseAmount(text: string): boolean {
  return AMOUNT.test(text) && /[1-9]/.test(text);
}

/** Whether `text` is a calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}
