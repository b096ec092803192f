import type { Lang } from '../findings.ts';
import { labelsFor } from './labels.ts';
import type { RenderLang } from './rendered-document.ts';

const englishMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

// xs:date may carry a zone suffix ("2014-12-18Z", "2014-12-18+01:00"): the calendar day is what
// the invoice states, so it is shown as written, never shifted through a Date object.
const datePattern = /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;
const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

function calendarDay(year: string, month: string, day: string, lang: RenderLang): string {
  if (lang === 'it' || lang === 'fr') return `${day}/${month}/${year}`;
  if (lang === 'pl') return `${day}.${month}.${year}`;
  if (lang === 'nl') return `${day}-${month}-${year}`;
  const monthName = englishMonths[Number(month) - 1];
  // "18 Dec 2014" cannot be misread as month/day the way "12/18/2014" or "18/12/2014" can.
  return monthName ? `${Number(day)} ${monthName} ${year}` : `${year}-${month}-${day}`;
}

/**
 * An xs:date: Italian and French dd/MM/yyyy, Polish dd.MM.yyyy, Dutch dd-MM-yyyy, English
 * "18 Dec 2014"; other text is returned unchanged.
 */
export function formatDate(value: string, lang: RenderLang): string {
  const match = datePattern.exec(value.trim());
  if (!match) return value;
  const [, year = '', month = '', day = '', zone] = match;
  const formatted = calendarDay(year, month, day, lang);
  return zone ? `${formatted} (${zone === 'Z' ? 'UTC' : `UTC${zone}`})` : formatted;
}

/**
 * An xs:dateTime with its wall-clock time and the offset it was written with
 * ("22/10/2012 16:46:12 (UTC+02:00)"); a time without offset says so, since it is ambiguous.
 */
export function formatDateTime(value: string, lang: Lang): string {
  const match = dateTimePattern.exec(value.trim());
  if (!match) return value;
  const [, date = '', hours = '', minutes = '', seconds, zone] = match;
  const day = formatDate(date, lang);
  const time = `${hours}:${minutes}${seconds ? `:${seconds}` : ''}`;
  const offset = zone ? (zone === 'Z' ? 'UTC' : `UTC${zone}`) : labelsFor(lang).noTimeZone;
  return `${day} ${time} (${offset})`;
}
