/**
 * The invoice as the renderer reads it: every key optional, every leaf possibly missing. Invoices
 * are rendered even when invalid (a supplier block may be absent, a hand-written JSON may hold a
 * number or a lone object where the schema wants a string or an array), so the renderer never
 * trusts the model's required keys.
 */
export type Loose<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Loose<Item>[]
    : T extends object
      ? { [Key in keyof T]?: Loose<T[Key]> }
      : T;

/**
 * The items of a repeated element, without holes; a lone value where the schema wants an array
 * counts as one item.
 */
export function listOf<Item>(value: Item[] | Item | undefined): Item[] {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.filter((item): item is Item => item !== undefined && item !== null);
}

/**
 * The trimmed text of a leaf, with line ends made `\n`, tabs made spaces and other control
 * characters dropped (no font has a glyph for them); numbers are accepted as their decimal text,
 * anything else is ''.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') {
    return (
      value
        .replace(/\r\n?/g, '\n')
        .replace(/\t/g, ' ')
        // eslint-disable-next-line no-control-regex -- dropping control characters is the point
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
        .trim()
    );
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
