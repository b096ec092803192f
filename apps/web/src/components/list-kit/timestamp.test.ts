import { describe, expect, it } from 'vitest';
import {
  formatConsoleDate,
  formatListDate,
  formatListMinutes,
  formatListTimestamp,
} from './timestamp';

/** The instant's local clock, as the browser shows it (tests may run in any zone). */
function clock(instant: string, seconds: boolean): string {
  const local = new Date(instant);
  const two = (value: number) => String(value).padStart(2, '0');
  const time = `${two(local.getHours())}:${two(local.getMinutes())}`;
  return seconds ? `${time}:${two(local.getSeconds())}` : time;
}

describe('one date format per kind, in every language', () => {
  const instant = '2026-11-24T12:11:09Z';

  it('writes dates as dd MMM yyyy in it, en and pl', () => {
    expect(formatListDate('2026-11-24', 'en')).toBe('24 Nov 2026');
    expect(formatListDate('2026-11-24', 'it')).toBe('24 nov 2026');
    expect(formatListDate('2026-11-24', 'pl')).toBe('24 lis 2026');
    expect(formatListDate('2017-01-05', 'en')).toBe('05 Jan 2017');
  });

  it('writes list timestamps as dd MMM yyyy HH:mm and others as dd MMM yyyy HH:mm:ss', () => {
    const day = new Date(instant).getDate();
    for (const [language, month] of [
      ['en', 'Nov'],
      ['it', 'nov'],
      ['pl', 'lis'],
    ] as const) {
      expect(formatListMinutes(instant, language)).toBe(
        `${day} ${month} 2026 ${clock(instant, false)}`,
      );
      expect(formatListTimestamp(instant, language)).toBe(
        `${day} ${month} 2026 ${clock(instant, true)}`,
      );
    }
  });

  it('shows an unparsable value as sent and nothing for no value', () => {
    expect(formatConsoleDate('garbage', 'en', 'seconds')).toBe('garbage');
    expect(formatConsoleDate(null, 'en', 'date')).toBe('');
    expect(formatListDate(null, 'it')).toBe('');
  });
});
