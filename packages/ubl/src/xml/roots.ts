/**
 * The UBL 2.1 document types this engine reads: those whose maindoc schema is shipped in
 * `schemas/ubl-2.1/xsd/maindoc` (the Peppol BIS 3 documents). The root element is in the
 * namespace `urn:oasis:names:specification:ubl:schema:xsd:<Root>-2`.
 */
export const UBL_ROOTS = [
  'Invoice',
  'CreditNote',
  'Order',
  'OrderResponse',
  'OrderResponseSimple',
  'OrderChange',
  'OrderCancellation',
  'DespatchAdvice',
  'ApplicationResponse',
  'Catalogue',
] as const;

export type UblRoot = (typeof UBL_ROOTS)[number];

const roots: ReadonlySet<string> = new Set(UBL_ROOTS);

/** The namespace of the UBL 2.1 document whose root element is `root`. */
export function rootNamespace(root: string): string {
  return `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`;
}

/** Whether `local` in namespace `ns` is the root of a UBL document this engine reads. */
export function isUblRoot(ns: string, local: string): local is UblRoot {
  return roots.has(local) && ns === rootNamespace(local);
}

export const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const EXT_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
