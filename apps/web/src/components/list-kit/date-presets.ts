import type { Dayjs } from 'dayjs';

/**
 * The quick choices offered next to a date-range filter. The spec names "presets" without
 * listing them; we settled on these eight because they cover the windows the spec uses
 * elsewhere (one month back for Peppol, last 90 days for recovery, yearly statistics).
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'thisMonth',
  'lastMonth',
  'last3Months',
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

/**
 * The day range a preset stands for, computed in the time zone `now` carries (the browser's
 * local zone in the console, UTC when `now` is a `dayjs.utc()` value).
 */
export function datePresetRange(preset: DatePreset, now: Dayjs): DayRange {
  const today = now.startOf('day');
  switch (preset) {
    case 'today':
      return { from: today, to: today.endOf('day') };
    case 'yesterday': {
      const yesterday = today.subtract(1, 'day');
      return { from: yesterday, to: yesterday.endOf('day') };
    }
    case 'last7Days':
      // Seven calendar days including today.
      return { from: today.subtract(6, 'day'), to: today.endOf('day') };
    case 'thisMonth':
      return { from: today.startOf('month'), to: today.endOf('day') };
    case 'lastMonth': {
      const previous = today.subtract(1, 'month');
      return { from: previous.startOf('month'), to: previous.endOf('month') };
    }
    case 'last3Months':
      // Same rule as the spec's Peppol default window ("one month ago"), with three months.
      return { from: today.subtract(3, 'month'), to: today.endOf('day') };
    case 'thisYear':
      return { from: today.startOf('year'), to: today.endOf('day') };
    case 'lastYear': {
      const previous = today.subtract(1, 'year');
      return { from: previous.startOf('year'), to: previous.endOf('year') };
    }
  }
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
