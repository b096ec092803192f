import type { InvoiceFormat } from '../model/index.ts';

/** Namespace of the ordinary invoice (FPA12/FPR12), schema 1.2.x. */
export const ORDINARY_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
/** Namespace of the simplified invoice (FSM10). */
export const SIMPLIFIED_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0';
/** FatturaPA 1.1 (before 2017): no longer accepted by SDI. */
export const LEGACY_11_NAMESPACE = 'http://www.fatturapa.gov.it/sdi/fatturapa/v1.1';
export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

export const ROOT_ELEMENT: Record<InvoiceFormat, string> = {
  FPA12: 'FatturaElettronica',
  FPR12: 'FatturaElettronica',
  FSM10: 'FatturaElettronicaSemplificata',
};

export const NAMESPACE_OF_FORMAT: Record<InvoiceFormat, string> = {
  FPA12: ORDINARY_NAMESPACE,
  FPR12: ORDINARY_NAMESPACE,
  FSM10: SIMPLIFIED_NAMESPACE,
};
