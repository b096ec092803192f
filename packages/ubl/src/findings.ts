/**
 * One finding of any layer: XML safety and well-formedness ('xml', ids 'XML-…'), the UBL 2.1 XSD
 * ('schema', id 'XSD') or the business rules of the transaction ('rules', the official rule id,
 * e.g. 'BR-CO-15', 'PEPPOL-EN16931-R001', or 'RULES-ERROR' when a rule set aborted).
 */
export interface Finding {
  layer: 'xml' | 'schema' | 'rules';
  /** The official rule id, 'XSD' for the schema, an 'XML-…' id for layer 1. */
  id: string;
  flag: 'fatal' | 'warning';
  message: string;
  /** XPath as the rules report it (the SVRL's location), '' if none. */
  location: string;
  /** JSON path into the document's JSON (`Invoice.InvoiceLine[0].Item.Name`), '' if none. */
  path: string;
}

/** A fatal layer-1 finding: nothing after it reads the document. */
export function xmlFinding(id: string, message: string, location = '', path = ''): Finding {
  return { layer: 'xml', id, flag: 'fatal', message, location, path };
}

/** Whether any finding is fatal (the document is refused). */
export function hasFatal(findings: readonly Finding[]): boolean {
  return findings.some((finding) => finding.flag === 'fatal');
}
