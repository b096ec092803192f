/**
 * A `datetime-local` input value ("2026-11-22T10:30") is a wall-clock time of the browser's time
 * zone; the API wants an instant with an explicit offset. Returns the UTC ISO string, or null for
 * an empty or invalid value.
 */
export function localDateTimeToInstant(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
