/**
 * The JSON key of an XML element name: `_` at a lower→upper boundary and before the last capital
 * of a run followed by a lowercase letter (IdFiscaleIVA → id_fiscale_iva, PECDestinatario →
 * pec_destinatario, Art73 → art73).
 */
export function toSnakeCase(elementName: string): string {
  return elementName
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}
