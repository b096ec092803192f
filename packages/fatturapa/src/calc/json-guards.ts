/*
 * The checks and calculations also run on JSON that is not schema-valid: the console validates
 * half-typed invoices, and callers may continue after schema errors. The schema layer reports
 * what is malformed; these guards make the other layers skip it instead of throwing.
 */

/** Calls `visit` for each item of a JSON array that is an object, with its index. */
export function eachObject<T>(
  list: readonly T[] | null | undefined,
  visit: (item: T, index: number) => void,
): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (item !== null && typeof item === 'object') visit(item as T, i);
  }
}

/** The items of a JSON array that are objects (indices are not kept). */
export function objectsOf<T>(list: readonly T[] | null | undefined): T[] {
  const items: T[] = [];
  eachObject(list, (item) => items.push(item));
  return items;
}

/** The value when it is a string, otherwise undefined. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
