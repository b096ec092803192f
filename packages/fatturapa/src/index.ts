/**
 * @fiscus/fatturapa: FatturaPA (Italian e-invoice) model, XML/JSON codec, validation in layers
 * (xml, schema, sdi, field), calculations and HTML/PDF rendering. See README.md.
 */
export type { Finding, FindingLayer, Lang } from './findings.ts';
export * from './model/index.ts';

export { parseInvoice, type ParseResult, type ParsedInvoice } from './parse.ts';
export { toXml } from './to-xml.ts';
export { validateInvoice, type ValidateOptions, type ValidationResult } from './validate.ts';
export type { InvoiceInputOptions } from './invoice-input.ts';
export type { Signer } from './p7m/p7m.ts';
export { openP7m, type P7mResult } from './p7m/p7m.ts';

export { xmlToJson, type XmlToJsonOptions, type XmlToJsonResult } from './codec/xml-to-json.ts';
export {
  jsonToXml,
  declaredFormat,
  type JsonShapeProblem,
  type JsonToXmlOptions,
} from './codec/json-to-xml.ts';
export { DEFAULT_MAX_BYTES } from './codec/xml-safety.ts';
export {
  ORDINARY_NAMESPACE,
  SIMPLIFIED_NAMESPACE,
  LEGACY_11_NAMESPACE,
} from './codec/namespaces.ts';
export { validateAgainstSchema } from './schema/xsd-validation.ts';

export * from './calc/index.ts';
export * from './checks/field/index.ts';
export * from './checks/sdi/index.ts';
export * from './render/index.ts';
