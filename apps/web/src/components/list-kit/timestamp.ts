/**
 * List timestamps (spec 9: "dd MMM yyyy HH:mm:ss") in the browser's time zone and the
 * console's language. The API sends ISO 8601 instants in UTC; an unparsable value shows as sent.
 */
export function formatListTimestamp(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}
