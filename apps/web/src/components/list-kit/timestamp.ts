/**
 * The console's one date format per kind (spec 9), in the browser's time zone and the console's
 * language, always in the same order whatever the language ("24 Nov 2026", "24 nov 2026",
 * "24 lis 2026"): a date is dd MMM yyyy; invoice lists show dd MMM yyyy HH:mm; drafts,
 * transfers and other timestamps dd MMM yyyy HH:mm:ss. The API sends ISO 8601 instants in UTC
 * and calendar dates without zone; an unparsable value shows as sent.
 */

/** What a value is: a calendar date, or an instant shown to the minute or to the second. */
export type DateKind = 'date' | 'minutes' | 'seconds';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * One formatter per language, kind and zone: making an Intl.DateTimeFormat costs far more than
 * using one, and a list formats a date or two on each of its rows.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(language: string, kind: DateKind, timeZone?: string): Intl.DateTimeFormat {
  const key = `${language}|${kind}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      ...(kind === 'date' ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const }),
      ...(kind === 'seconds' ? { second: '2-digit' as const } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(date: Date, language: string, kind: DateKind, timeZone?: string) {
  const parts = formatterOf(language, kind, timeZone).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
}

/** `date` in the console's fixed order, with the language's month names. */
function assemble(date: Date, language: string, kind: DateKind, timeZone?: string): string {
  const part = partsOf(date, language, kind, timeZone);
  // Some languages abbreviate with a dot ("nov."); the console's format has none.
  const day = `${part('day')} ${part('month').replace(/\.$/, '')} ${part('year')}`;
  if (kind === 'date') return day;
  const time = `${part('hour')}:${part('minute')}`;
  return kind === 'seconds' ? `${day} ${time}:${part('second')}` : `${day} ${time}`;
}

/**
 * Any date value of the API in the console's format of `kind`. A calendar date ("2017-01-18")
 * is that very day, never shifted by a zone; an instant is shown in the browser's zone.
 */
export function formatConsoleDate(
  value: string | null | undefined,
  language: string,
  kind: DateKind,
): string {
  if (!value) return '';
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) {
    const day = new Date(
      Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])),
    );
    return assemble(day, language, kind, 'UTC');
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return assemble(date, language, kind);
}

/** A timestamp (drafts, transfers, created and updated): dd MMM yyyy HH:mm:ss. */
export function formatListTimestamp(value: string, language: string): string {
  return formatConsoleDate(value, language, 'seconds');
}

/** An invoice list's timestamp: dd MMM yyyy HH:mm. */
export function formatListMinutes(value: string | null, language: string): string {
  return formatConsoleDate(value, language, 'minutes');
}

/** A calendar date ("2017-01-18", no zone) or an instant's day: dd MMM yyyy. */
export function formatListDate(value: string | null, language: string): string {
  return formatConsoleDate(value, language, 'date');
}
