/**
 * The synthetic ledger (`generateLedger`), its files (`ledgerFiles`: FatturaPA XML, camt.053 and
 * the answer key) and the evaluator of matches against its key.
 */
export {
  generateLedger,
  type AnswerKeyEntry,
  type EntryKind,
  type EntryTag,
  type LedgerOptions,
  type SyntheticBuyer,
  type SyntheticInvoice,
  type SyntheticLedger,
} from './ledger.ts';
export { evaluate, meetsTargets, TARGETS, type Evaluation, type MatchLine } from './evaluate.ts';
export { writeCamt, type CamtWriteOptions } from './camt-writer.ts';
export { fatturaOf, writeLedgerFiles, type LedgerFiles } from './ledger-files.ts';
