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

/** A calendar date ("2017-01-18", no zone) in the console's language, read as that very day. */
export function formatListDate(value: string | null, language: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  // Built and formatted in UTC so no zone shift can move the day.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
