/** @fiscus/ksef public API (filled in as the modules land). */
export {};
export type { KsefFinding, KsefLayer } from './findings.ts';
export {
  ksefToJson,
  validateKsef,
  type KsefValidation,
  type ValidateKsefOptions,
} from './validate.ts';
export {
  jsonToKsef,
  type KsefElement,
  type KsefForm,
  type KsefJson,
  type KsefNode,
} from './codec/index.ts';
export { isValidNip } from './checks/nip.ts';
export * from './number/index.ts';
export * from './qr/index.ts';
export * from './upo/index.ts';
export {
  ksefInvoiceView,
  renderKsefHtml,
  renderKsefPdf,
  type InvoiceView,
  type KsefRenderOptions,
  type OfflineOption,
  type RenderLanguage,
} from './render/index.ts';
