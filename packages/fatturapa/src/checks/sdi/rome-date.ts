/**
 * SDI compares 2.1.1.3 Data with its own reception date, which is a calendar day in Italy: the
 * instant is converted to Europe/Rome (CET/CEST) before taking the day. The formatter is built
 * once; `en-CA` formats as YYYY-MM-DD.
 */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR = 3_600_000;
/** 1980-01-01T00:00Z: Italy follows the EU rules since, whole-hour offsets changed on the hour. */
const EU_RULES_SINCE = Date.UTC(1980, 0, 1);

// Formatting in a time zone costs microseconds, about as much as all other SDI checks of an
// invoice together, and every validation asks for the day of "now". With offsets of whole hours
// that change on the hour, the day in Rome is the same for every instant of one UTC hour.
let lastHour = Number.NaN;
let lastDay = '';

/** The calendar day (YYYY-MM-DD) of an instant in Italy. */
export function romeDay(instant: Date): string {
  const time = instant instanceof Date ? instant.getTime() : Number.NaN;
  // Earlier instants, invalid dates and other values go to the formatter as they are.
  if (!(time >= EU_RULES_SINCE)) return ROME_DAY.format(instant);
  const hour = Math.floor(time / HOUR);
  if (hour !== lastHour) {
    lastDay = ROME_DAY.format(instant);
    lastHour = hour;
  }
  return lastDay;
}
