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

/** The calendar day (YYYY-MM-DD) of an instant in Italy. */
export function romeDay(instant: Date): string {
  return ROME_DAY.format(instant);
}
