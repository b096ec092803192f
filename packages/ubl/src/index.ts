/** @fiscus/ubl public API (filled in as the modules land). */
export * from './tree/node.ts';
export type { Finding } from './findings.ts';
export { parseUbl, type ParsedUbl, type ParseOptions } from './xml/parse.ts';
export { DEFAULT_MAX_BYTES } from './xml/limits.ts';
export { UBL_ROOTS, type UblRoot } from './xml/roots.ts';
export { renderHtml, renderPdf, renderableRoots, ublLanguages } from './render/index.ts';
export type { UblLang, UblRenderOptions } from './render/index.ts';
