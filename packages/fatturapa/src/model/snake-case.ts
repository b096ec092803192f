function isUpper(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

function isLower(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

/**
 * The JSON key of an XML element name: `_` at a lower→upper boundary and before the last capital
 * of a run followed by a lowercase letter (IdFiscaleIVA → id_fiscale_iva, PECDestinatario →
 * pec_destinatario, Art73 → art73). One pass over the name: the regular expressions this replaces
 * took quadratic time on a long run of capitals (a hostile element name blocked the process).
 */
export function toSnakeCase(elementName: string): string {
  let snake = '';
  let start = 0;
  for (let index = 1; index < elementName.length; index += 1) {
    if (!isUpper(elementName.charCodeAt(index))) continue;
    const previous = elementName.charCodeAt(index - 1);
    if (isLower(previous) || (isUpper(previous) && isLower(elementName.charCodeAt(index + 1)))) {
      snake += `${elementName.slice(start, index)}_`;
      start = index;
    }
  }
  // Lower-cased once, as a whole, like the former `.toLowerCase()` (context-dependent letters).
  return (snake + elementName.slice(start)).toLowerCase();
}
