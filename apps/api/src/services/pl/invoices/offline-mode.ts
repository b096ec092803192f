import Holidays from 'date-holidays';

/*
 * The offline mode the law allows (KSeF docs `tryby-offline.md`, "offline24"): an invoice that
 * could not reach KSeF is issued offline on its date and must reach KSeF by the end of the next
 * business day (no Saturday, Sunday or Polish public holiday). Fiscus uses it only when it must:
 * an invoice of today that KSeF has not received by the cut-off (near midnight, Europe/Warsaw)
 * would otherwise bear a date KSeF no longer gives it.
 */

const WARSAW = 'Europe/Warsaw';
const holidays = new Holidays('PL');

/** YYYY-MM-DD and HH:mm of a moment in Warsaw. */
export function warsawClock(now: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: WARSAW,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** Whether a day (YYYY-MM-DD) is a Polish business day. */
export function isPolishBusinessDay(day: string): boolean {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const found = holidays.isHoliday(new Date(`${day}T12:00:00`));
  return !(Array.isArray(found) && found.some((holiday) => holiday.type === 'public'));
}

/** The first Polish business day after `day` (YYYY-MM-DD). */
export function nextPolishBusinessDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  for (let step = 0; step < 14; step += 1) {
    date.setUTCDate(date.getUTCDate() + 1);
    const next = date.toISOString().slice(0, 10);
    if (isPolishBusinessDay(next)) return next;
  }
  throw new Error(`No business day within two weeks of ${day}`);
}

/**
 * Whether an invoice dated `invoiceDate` that KSeF has not received by `now` must be issued
 * offline: its day is over in Warsaw, or it is its day and the cut-off (HH:mm) has passed.
 */
export function pastCutoff(invoiceDate: string | null, now: Date, cutoff: string): boolean {
  const clock = warsawClock(now);
  const day = invoiceDate ?? clock.date;
  return day < clock.date || (day === clock.date && clock.time >= cutoff);
}

/** The day an offline invoice of `invoiceDate` must reach KSeF by. */
export function offlineDeadline(invoiceDate: string | null, now: Date): string {
  return nextPolishBusinessDay(invoiceDate ?? warsawClock(now).date);
}
