/**
 * The generic XML hardening of this package, shared with the other document engines (the UBL
 * engine, @fiscus/ubl) as the subpath `@fiscus/fatturapa/xml-hardening`: the checks before any
 * parser runs (characters, DTDs, markup limits) and the direct libxml2 bindings (parse, XSD
 * validation, memory). Nothing here words a finding: each engine has its own ids and messages.
 */
export { declaresDtd, forbiddenCharacterIn } from './codec/xml-safety.ts';
export {
  scanMarkupLimits,
  type MarkupLimits,
  type MarkupLimitViolation,
} from './codec/xml-markup-limits.ts';
export {
  libxml2,
  libxml2Memory,
  pointerOf,
  type Libxml2Bindings,
  type Libxml2Memory,
} from './schema/libxml2-bindings.ts';
export { PARSE_ENCODING, PARSE_OPTIONS, parseWellFormed } from './schema/document-parser.ts';
export { validatePointers, type BoundedValidation } from './schema/bounded-xsd-validation.ts';
export { shortenQuotedValues } from './schema/xsd-validation.ts';
