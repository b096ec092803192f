/** @fiscus/ubl public API (filled in as the modules land). */
export * from './tree/node.ts';
export type { Finding } from './findings.ts';
export { parseUbl, type ParsedUbl, type ParseOptions } from './xml/parse.ts';
export { DEFAULT_MAX_BYTES } from './xml/limits.ts';
export { UBL_ROOTS, type UblRoot } from './xml/roots.ts';
export {
  jsonPathOf,
  jsonToUbl,
  ublToJson,
  type UblJson,
  type UblObject,
  type UblValue,
} from './codec/index.ts';
export { ruleSetsFor, transactionOf, TRANSACTIONS, type TransactionId } from './transaction.ts';
export {
  runRuleSet,
  RULE_SET_IDS,
  RELEASE,
  type RuleSetId,
  type RuleFinding,
  type RuleSetResult,
} from './rules/index.ts';
export { validateUbl, type UblValidation } from './validate.ts';
export { renderHtml, renderPdf, renderableRoots, ublLanguages } from './render/index.ts';
export type { UblLang, UblRenderOptions } from './render/index.ts';
