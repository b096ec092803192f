/**
 * @fiscus/reconcile: bank entries matched to open customer invoices, with a confidence and the
 * reasons. Browser-safe (no Node imports); the camt.053/camt.054 reader is `@fiscus/reconcile/camt`.
 * See README.md.
 */
export type {
  Allocation,
  BankEntry,
  BankEntryDetail,
  EntryMatch,
  MatchReason,
  MatchReasonCode,
  OpenInvoice,
} from './model.ts';
export {
  AUTO_CONFIDENCE,
  EVIDENCE,
  Matcher,
  matchEntries,
  type MatcherOptions,
} from './matcher.ts';
export { reasonText, type ReasonLang } from './reasons.ts';
export { centsText, toCents } from './money.ts';
export { invoiceNumberKeys, textReferences, withinOneEdit } from './reference-keys.ts';
export { nameWords } from './party-names.ts';
