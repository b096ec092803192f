/**
 * Server violations name fields as API Platform writes them: snake_case with brackets
 * (`fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[2].prezzo_totale`) or the
 * camelCase of the PHP model (`fatturaElettronicaBody[0].datiBeniServizi.dettaglioLinee[2]`).
 * The form's field names are the snake_case model with dots (`dettaglio_linee.2.prezzo_totale`).
 */

/**
 * A naive camelCase split turns every capital of an acronym into its own word
 * (`aliquotaIVA` → `aliquota_i_v_a`); these are the acronyms of the FatturaPA model (spec 5).
 */
const ACRONYM_FIXES: ReadonlyArray<readonly [RegExp, string]> = [
  ['iban', 'i_b_a_n'],
  ['iva', 'i_v_a'],
  ['ddt', 'd_d_t'],
  ['bic', 'b_i_c'],
  ['cab', 'c_a_b'],
  ['abi', 'a_b_i'],
].map(([word, split]) => [new RegExp(`(^|_)${split}(?=_|$)`, 'g'), `$1${word}`] as const);

/** One path segment from camelCase (or PascalCase) to the model's snake_case. */
export function toSnakeCaseSegment(segment: string): string {
  if (/^[a-z0-9_]+$/.test(segment)) {
    let fixed = segment;
    for (const [pattern, word] of ACRONYM_FIXES) fixed = fixed.replace(pattern, word);
    return fixed;
  }
  // One pass (regular expressions over a run of capitals take quadratic time): `_` before a
  // capital that follows a lowercase letter or digit (`datiDDT` → `dati_DDT`), and before the
  // last capital of a run followed by a lowercase letter (`PECDestinatario` → `PEC_Destinatario`).
  let snake = '';
  for (let index = 0; index < segment.length; index += 1) {
    const char = segment.charAt(index);
    if (index > 0 && isCapital(char)) {
      const previous = segment.charAt(index - 1);
      const next = segment.charAt(index + 1);
      if (isLowerOrDigit(previous) || (isCapital(previous) && isLower(next))) snake += '_';
    }
    snake += char;
  }
  return snake.toLowerCase();
}

const isCapital = (char: string) => char >= 'A' && char <= 'Z';
const isLower = (char: string) => char >= 'a' && char <= 'z';
const isLowerOrDigit = (char: string) => isLower(char) || (char >= '0' && char <= '9');

/**
 * The form field name of a server property path: snake_case segments joined by dots, indexes as
 * segments (`a[0].bC` → `a.0.b_c`).
 */
export function toFormFieldPath(propertyPath: string): string {
  return propertyPath
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? segment : toSnakeCaseSegment(segment)))
    .join('.');
}

/**
 * API Platform answers a null sent for a typed property with a message instead of a path:
 * `The type of the "prezzoUnitario" attribute must be "string", "NULL" given.` The attribute is
 * the only hint of the field; returns its snake_case name, or undefined for any other message.
 */
export function fieldOfNullTypeMessage(message: string): string | undefined {
  const match =
    /the "([A-Za-z0-9_]+)" attribute .*must be .*"null" given/i.exec(message) ??
    /"([A-Za-z0-9_]+)".* must be of type .*, null given/i.exec(message);
  return match?.[1] ? toSnakeCaseSegment(match[1]) : undefined;
}
