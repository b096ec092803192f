/**
 * Reads libxml2's schema error text ("Element 'IdFiscaleIVA': Missing child element(s). Expected
 * is ( IdCodice ).") into what a user can act on: the element the problem is really about (the
 * missing child, not its parent group), a stable message key with its parameters, and sentences
 * in Italian, English and Polish. Parsed with indexOf only: no regular expression runs on the
 * message (it quotes user values).
 */

/** Stable keys of schema findings; a client may translate `key` with `params` itself. */
export type SchemaReasonKey =
  | 'schema.missingElement'
  | 'schema.unexpectedElement'
  | 'schema.wrongNamespace'
  | 'schema.tooLong'
  | 'schema.tooShort'
  | 'schema.wrongLength'
  | 'schema.lengthRange'
  | 'schema.notAllowedValue'
  | 'schema.invalidValue';

export interface SchemaReason {
  key: SchemaReasonKey;
  params: Record<string, string>;
  /**
   * Where the problem is, relative to libxml2's XPath: `child` appends an element (the missing
   * one), `sibling` replaces the last step (an element expected before the one found).
   */
  target?: { kind: 'child' | 'sibling'; element: string };
}

/** The three languages findings are worded in. */
export type SchemaMessageLang = 'it' | 'en' | 'pl';

/** `{ns}Name` or `p:Name` as the local name. */
function localName(name: string): string {
  const trimmed = name.trim();
  const brace = trimmed.lastIndexOf('}');
  const unbraced = brace === -1 ? trimmed : trimmed.slice(brace + 1);
  const colon = unbraced.lastIndexOf(':');
  return colon === -1 ? unbraced : unbraced.slice(colon + 1);
}

/** The element names of "Expected is ( A )" / "Expected is one of ( A, B )". */
function expectedNames(message: string): string[] {
  const at = message.indexOf('Expected is');
  if (at === -1) return [];
  const open = message.indexOf('(', at);
  const close = message.indexOf(')', open + 1);
  if (open === -1 || close === -1) return [];
  return message
    .slice(open + 1, close)
    .split(',')
    .map(localName)
    .filter((name) => name !== '' && !name.includes('*') && !name.includes('#'));
}

/** The text between the first pair of single quotes after `from`. */
function quotedAfter(message: string, from: number): string | undefined {
  const open = message.indexOf("'", from);
  if (open === -1) return undefined;
  const close = message.indexOf("'", open + 1);
  return close === -1 ? message.slice(open + 1) : message.slice(open + 1, close);
}

/** The last whole number of the text (libxml2 ends length facets with the limit). */
function lastNumber(text: string): string | undefined {
  let end = text.length;
  while (end > 0 && !isDigit(text[end - 1])) end -= 1;
  let start = end;
  while (start > 0 && isDigit(text[start - 1])) start -= 1;
  return start < end ? text.slice(start, end) : undefined;
}

function isDigit(character: string | undefined): boolean {
  return character !== undefined && character >= '0' && character <= '9';
}

/** `{1,80}` at the end of an XSD pattern as its bounds (the schema's usual length rule). */
function patternLength(pattern: string): { min: string; max: string } | undefined {
  if (!pattern.endsWith('}')) return undefined;
  const open = pattern.lastIndexOf('{');
  const [min, max, ...rest] = pattern.slice(open + 1, -1).split(',');
  if (rest.length > 0 || !min || !max) return undefined;
  if (![...min, ...max].every(isDigit)) return undefined;
  return { min, max };
}

/** Longest parameter kept: libxml2 quotes the offending value whole (1 MB…). */
const MAX_PARAM = 80;

function shortParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value.length > MAX_PARAM ? `${value.slice(0, MAX_PARAM)}…` : value,
    ]),
  );
}

/** The reason of one libxml2 schema message; undefined when it is not one we know. */
export function schemaReasonOf(message: string): SchemaReason | undefined {
  const reason = reasonOf(message);
  return reason && { ...reason, params: shortParams(reason.params) };
}

function reasonOf(message: string): SchemaReason | undefined {
  const element = localName(quotedAfter(message, message.indexOf('Element')) ?? '');
  if (message.includes('Missing child element')) {
    const [missing, ...others] = expectedNames(message);
    if (!missing) return undefined;
    return {
      key: 'schema.missingElement',
      params: { element: missing, expected: [missing, ...others].join(', '), parent: element },
      target: { kind: 'child', element: missing },
    };
  }
  if (message.includes('This element is not expected')) {
    const [expected, ...others] = expectedNames(message);
    if (expected === element) return { key: 'schema.wrongNamespace', params: { element } };
    return expected
      ? {
          key: 'schema.missingElement',
          params: { element: expected, expected: [expected, ...others].join(', '), found: element },
          target: { kind: 'sibling', element: expected },
        }
      : { key: 'schema.unexpectedElement', params: { element } };
  }
  const facet = message.indexOf('[facet ');
  if (facet !== -1) {
    const name = quotedAfter(message, facet) ?? '';
    const rest = message.slice(facet);
    const limit = lastNumber(rest) ?? '';
    if (name === 'maxLength') return { key: 'schema.tooLong', params: { element, max: limit } };
    if (name === 'minLength') return { key: 'schema.tooShort', params: { element, min: limit } };
    if (name === 'length') return { key: 'schema.wrongLength', params: { element, length: limit } };
    if (name === 'enumeration') {
      const value = quotedAfter(rest, rest.indexOf('The value')) ?? '';
      return { key: 'schema.notAllowedValue', params: { element, value } };
    }
    if (name === 'pattern') {
      const pattern = quotedAfter(rest, rest.indexOf('the pattern')) ?? '';
      const bounds = patternLength(pattern);
      if (bounds) return { key: 'schema.lengthRange', params: { element, ...bounds } };
    }
  }
  // "Element 'X': 'value' is not a valid value of …": the value follows the element's name.
  const afterName = message.indexOf("': ");
  const value =
    afterName !== -1 && message[afterName + 3] === "'"
      ? quotedAfter(message, afterName + 3)
      : undefined;
  return {
    key: 'schema.invalidValue',
    params: value === undefined ? { element } : { element, value },
  };
}

type Wording = (params: Record<string, string>) => string;

const wordings: Record<SchemaMessageLang, Record<SchemaReasonKey, Wording>> = {
  en: {
    'schema.missingElement': (p) =>
      p.expected && p.expected !== p.element
        ? `Required: fill in one of ${p.expected}.`
        : `${p.element} is required.`,
    'schema.unexpectedElement': (p) => `${p.element} is not allowed here.`,
    'schema.wrongNamespace': (p) => `${p.element} is in the wrong XML namespace.`,
    'schema.tooLong': (p) => `${p.element}: at most ${p.max} characters.`,
    'schema.tooShort': (p) => `${p.element}: at least ${p.min} characters.`,
    'schema.wrongLength': (p) => `${p.element}: exactly ${p.length} characters.`,
    'schema.lengthRange': (p) =>
      `${p.element}: from ${p.min} to ${p.max} characters, Latin letters only.`,
    'schema.notAllowedValue': (p) => `${p.element}: '${p.value}' is not one of the allowed values.`,
    'schema.invalidValue': (p) =>
      p.value === undefined
        ? `${p.element}: the value is not in the required format.`
        : `${p.element}: '${p.value}' is not in the required format.`,
  },
  it: {
    'schema.missingElement': (p) =>
      p.expected && p.expected !== p.element
        ? `Obbligatorio: compilare uno tra ${p.expected}.`
        : `${p.element} è obbligatorio.`,
    'schema.unexpectedElement': (p) => `${p.element} non è ammesso in questa posizione.`,
    'schema.wrongNamespace': (p) => `${p.element} è nel namespace XML sbagliato.`,
    'schema.tooLong': (p) => `${p.element}: al massimo ${p.max} caratteri.`,
    'schema.tooShort': (p) => `${p.element}: almeno ${p.min} caratteri.`,
    'schema.wrongLength': (p) => `${p.element}: esattamente ${p.length} caratteri.`,
    'schema.lengthRange': (p) =>
      `${p.element}: da ${p.min} a ${p.max} caratteri, solo caratteri latini.`,
    'schema.notAllowedValue': (p) => `${p.element}: '${p.value}' non è tra i valori ammessi.`,
    'schema.invalidValue': (p) =>
      p.value === undefined
        ? `${p.element}: il valore non è nel formato richiesto.`
        : `${p.element}: '${p.value}' non è nel formato richiesto.`,
  },
  pl: {
    'schema.missingElement': (p) =>
      p.expected && p.expected !== p.element
        ? `Wymagane: wypełnij jedno z pól ${p.expected}.`
        : `${p.element} jest wymagane.`,
    'schema.unexpectedElement': (p) => `${p.element} nie jest dozwolone w tym miejscu.`,
    'schema.wrongNamespace': (p) => `${p.element} ma niewłaściwą przestrzeń nazw XML.`,
    'schema.tooLong': (p) => `${p.element}: najwyżej ${p.max} znaków.`,
    'schema.tooShort': (p) => `${p.element}: co najmniej ${p.min} znaków.`,
    'schema.wrongLength': (p) => `${p.element}: dokładnie ${p.length} znaków.`,
    'schema.lengthRange': (p) =>
      `${p.element}: od ${p.min} do ${p.max} znaków, tylko litery łacińskie.`,
    'schema.notAllowedValue': (p) => `${p.element}: '${p.value}' nie jest dozwoloną wartością.`,
    'schema.invalidValue': (p) =>
      p.value === undefined
        ? `${p.element}: wartość nie ma wymaganego formatu.`
        : `${p.element}: '${p.value}' nie ma wymaganego formatu.`,
  },
};

/** The reason as a sentence in the language. */
export function schemaReasonMessage(reason: SchemaReason, lang: SchemaMessageLang): string {
  return wordings[lang][reason.key](reason.params);
}

/** The XPath of the element the reason is about (libxml2's own one when it has no target). */
export function targetXPath(xpath: string, reason: SchemaReason | undefined): string {
  if (!reason?.target || !xpath) return xpath;
  if (reason.target.kind === 'child') return `${xpath}/${reason.target.element}`;
  const slash = xpath.lastIndexOf('/');
  return slash <= 0 ? xpath : `${xpath.slice(0, slash)}/${reason.target.element}`;
}
