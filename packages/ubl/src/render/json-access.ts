/**
 * Reading the UBL JSON loosely: the renderer shows whatever a document holds, valid or not, so
 * every access tolerates a missing key, a single item where a list is expected (and the
 * reverse), and a value that is not of the expected kind. Keys starting with `$` (the codec's
 * round-trip data) are never read.
 */
export type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first item of a list, or the value itself. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/** A child object (the first when repeated), or an empty object. */
export function child(parent: unknown, key: string): JsonObject {
  const value = first(isObject(parent) ? parent[key] : undefined);
  return isObject(value) ? value : {};
}

/** Follows a path of keys, each step as `child`. */
export function at(parent: unknown, ...keys: string[]): JsonObject {
  let current: unknown = parent;
  for (const key of keys) current = child(current, key);
  return isObject(current) ? current : {};
}

/** Every item of a repeated child (a single object counts as one). */
export function children(parent: unknown, key: string): JsonObject[] {
  const value = isObject(parent) ? parent[key] : undefined;
  const items = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return items.filter(isObject);
}

/** The text of a basic element: a string, or the `value` of one with attributes. */
export function textOf(value: unknown): string {
  const item = first(value);
  if (typeof item === 'string') return item.trim();
  if (isObject(item) && typeof item.value === 'string') return item.value.trim();
  return '';
}

/** The text of a basic child element. */
export function text(parent: unknown, key: string): string {
  return textOf(isObject(parent) ? parent[key] : undefined);
}

/** Every text of a repeated basic child element. */
export function texts(parent: unknown, key: string): string[] {
  const value = isObject(parent) ? parent[key] : undefined;
  const items = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return items.map(textOf).filter((item) => item !== '');
}

/** An attribute of a basic child element (`{ "value": …, "<name>": … }`). */
export function attribute(parent: unknown, key: string, name: string): string {
  const value = first(isObject(parent) ? parent[key] : undefined);
  return isObject(value) && typeof value[name] === 'string' ? value[name].trim() : '';
}

/** The one key of a document: its root element's local name, and the root's content. */
export function documentRoot(json: unknown): { name: string; root: JsonObject } | undefined {
  if (!isObject(json)) return undefined;
  const name = Object.keys(json).find((key) => !key.startsWith('$'));
  if (name === undefined) return undefined;
  const root = json[name];
  return isObject(root) ? { name, root } : undefined;
}
