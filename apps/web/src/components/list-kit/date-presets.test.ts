import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, datePresetRange, dayEndBound, dayStartBound } from './date-presets';
import type { DatePreset } from './date-presets';

dayjs.extend(utc);

const day = (value: dayjs.Dayjs) => value.format('YYYY-MM-DD HH:mm:ss.SSS');

describe('datePresetRange', () => {
  // A Wednesday in a leap year, mid-afternoon UTC.
  const now = dayjs.utc('2024-03-13T15:42:10Z');

  const expected: Record<DatePreset, [string, string]> = {
    lastMonth: ['2024-02-13 00:00:00.000', '2024-03-13 23:59:59.999'],
    last3Months: ['2023-12-13 00:00:00.000', '2024-03-13 23:59:59.999'],
    last6Months: ['2023-09-13 00:00:00.000', '2024-03-13 23:59:59.999'],
    thisYear: ['2024-01-01 00:00:00.000', '2024-03-13 23:59:59.999'],
    lastYear: ['2023-01-01 00:00:00.000', '2023-12-31 23:59:59.999'],
  };

  it('offers exactly the spec presets', () => {
    expect([...DATE_PRESETS]).toEqual([
      'lastMonth',
      'last3Months',
      'last6Months',
      'thisYear',
      'lastYear',
    ]);
  });

  it.each(DATE_PRESETS)('%s covers whole days', (preset) => {
    const range = datePresetRange(preset, now);
    expect([day(range.from), day(range.to)]).toEqual(expected[preset]);
  });

  it('takes last year across a year boundary', () => {
    const range = datePresetRange('lastYear', dayjs.utc('2025-01-05T08:00:00Z'));
    expect([day(range.from), day(range.to)]).toEqual([
      '2024-01-01 00:00:00.000',
      '2024-12-31 23:59:59.999',
    ]);
  });

  it('clamps last 3 months to the end of a shorter month', () => {
    const range = datePresetRange('last3Months', dayjs.utc('2025-05-31T12:00:00Z'));
    expect(day(range.from)).toBe('2025-02-28 00:00:00.000');
  });
});

describe('day bounds', () => {
  it('writes the UTC offset explicitly', () => {
    const value = dayjs.utc('2024-03-13T15:42:10Z');
    expect(dayStartBound(value)).toBe('2024-03-13T00:00:00+00:00');
    expect(dayEndBound(value)).toBe('2024-03-13T23:59:59+00:00');
  });

  it('uses the local zone of a local date and names its offset', () => {
    const local = dayjs(new Date(2024, 6, 20, 13, 5));
    const start = dayStartBound(local);
    const end = dayEndBound(local);
    expect(start).toMatch(/^2024-07-20T00:00:00[+-]\d{2}:\d{2}$/);
    expect(end).toMatch(/^2024-07-20T23:59:59[+-]\d{2}:\d{2}$/);
    // The bound, parsed back, is exactly local midnight of that day.
    expect(new Date(start).getTime()).toBe(new Date(2024, 6, 20, 0, 0, 0).getTime());
    expect(new Date(end).getTime()).toBe(new Date(2024, 6, 20, 23, 59, 59).getTime());
  });
});
