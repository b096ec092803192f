import type { Dayjs } from 'dayjs';

/**
 * The quick choices offered next to a date-range filter, exactly the spec's list ("last month,
 * last 3 months, last 6 months, this year, last year"). "Last N months" is a rolling window
 * ending today, the same rule as the spec's default "one month ago to today" window.
 */
export const DATE_PRESETS = [
  'lastMonth',
  'last3Months',
  'last6Months',
  'thisYear',
  'lastYear',
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number];

/** The earliest year a date filter accepts (spec: minimum year 1990). */
export const MIN_FILTER_YEAR = 1990;

export interface DayRange {
  /** First instant of the first day (00:00:00.000). */
  from: Dayjs;
  /** Last instant of the last day (23:59:59.999). */
  to: Dayjs;
}

const ROLLING_MONTHS: Partial<Record<DatePreset, number>> = {
  lastMonth: 1,
  last3Months: 3,
  last6Months: 6,
};

/**
 * The day range a preset stands for, computed in the time zone `now` carries (the browser's
 * local zone in the console, UTC when `now` is a `dayjs.utc()` value).
 */
export function datePresetRange(preset: DatePreset, now: Dayjs): DayRange {
  const today = now.startOf('day');
  const months = ROLLING_MONTHS[preset];
  if (months !== undefined) {
    // dayjs clamps to the end of a shorter month (31 May - 3 months = 28 Feb).
    return { from: today.subtract(months, 'month'), to: today.endOf('day') };
  }
  if (preset === 'thisYear') return { from: today.startOf('year'), to: today.endOf('day') };
  const previous = today.subtract(1, 'year');
  return { from: previous.startOf('year'), to: previous.endOf('year') };
}

/**
 * A lower bound as sent to the API: the day's 00:00:00 with the zone offset written out
 * (e.g. `2026-03-01T00:00:00+01:00`), so the server never guesses which midnight we meant.
 */
export function dayStartBound(day: Dayjs): string {
  return day.startOf('day').format('YYYY-MM-DDTHH:mm:ssZ');
}

/** An upper bound as sent to the API: the day's 23:59:59 with the zone offset written out. */
export function dayEndBound(day: Dayjs): string {
  return day.endOf('day').format('YYYY-MM-DDTHH:mm:ssZ');
}
