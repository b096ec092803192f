/**
 * Reading the KSeF JSON shape (see the package README) without trusting it: the renderer draws
 * whatever an invoice holds, valid or not, so every accessor accepts any value and answers
 * empty text or an empty list where the shape is not what the schema promises.
 */

/** An element of the JSON shape: keyed by the Polish element names. */
export type KsefNode = Readonly<Record<string, unknown>>;

/**
 * The element's text (`__value` of an element with attributes), else ''. White space runs are
 * one space: an indented XML file breaks long texts over lines that mean nothing on paper.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'number') return String(value);
  if (isNode(value)) return textOf(value.__value);
  return '';
}

export function isNode(value: unknown): value is KsefNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The element as an object, or an empty one. */
export function nodeOf(value: unknown): KsefNode {
  return isNode(value) ? value : {};
}

/**
 * The repeated element as a list: elements with maxOccurs > 1 are always arrays in the shape,
 * but a single object (a hand-written document) is read as a list of one.
 */
export function listOf(value: unknown): KsefNode[] {
  if (Array.isArray(value)) return value.filter(isNode);
  return isNode(value) ? [value] : [];
}

/** The texts of a repeated simple element (e.g. WZ), empty ones left out. */
export function textsOf(value: unknown): string[] {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.map(textOf).filter((text) => text !== '');
}

/** `1` is the schema's "yes" for the flags of TWybor1 / TWybor1_2. */
export function isYes(value: unknown): boolean {
  return textOf(value) === '1';
}

export function has(value: unknown): boolean {
  return textOf(value) !== '';
}
