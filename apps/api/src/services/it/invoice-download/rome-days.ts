/**
 * Europe/Rome calendar days for the invoice download: a schedule runs until a Rome day, a job
 * covers Rome days, and the cassetto is read over the instants those days span (a Rome day is
 * 23, 24 or 25 hours long around the clock changes).
 */

import { formatSdiDateTime } from '@fiscus/sdi-messages';
import { romeToday } from '../sdi-simulation/generated-invoice.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Rome day of an instant, `YYYY-MM-DD`. */
export const romeDay: (instant: Date) => string = romeToday;

/** How far Rome's wall clock is ahead of UTC at `instant`, in ms (1 or 2 hours). */
function romeOffsetMs(instant: Date): number {
  // SDI's timestamps spell Rome's offset out: `2026-11-22T10:15:00.000+01:00`.
  const offset = formatSdiDateTime(instant).slice(-6);
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return (offset.startsWith('-') ? -minutes : minutes) * 60_000;
}

/** The instant a Rome day starts (its 00:00 in Rome). */
export function romeDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const first = utcMidnight - romeOffsetMs(new Date(utcMidnight));
  // Near a clock change the offset at the guess may differ from the one at Rome's midnight.
  return new Date(utcMidnight - romeOffsetMs(new Date(first)));
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day a year later; 29 February becomes 28 February. */
export function addYear(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** The instants Rome days `from` to `to` (both included) span: [start of from, start of to + 1). */
export function romeDaysRange(from: string, to: string): { from: Date; to: Date } {
  return { from: romeDayStart(from), to: romeDayStart(addDays(to, 1)) };
}
