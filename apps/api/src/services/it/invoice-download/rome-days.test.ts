import { describe, expect, it } from 'vitest';
import { addDays, addYear, romeDay, romeDayStart, romeDaysRange } from './rome-days.ts';

describe('Rome days', () => {
  it('start at Rome midnight, in winter and summer time and across the clock changes', () => {
    expect(romeDayStart('2026-01-15')).toEqual(new Date('2026-01-14T23:00:00Z'));
    expect(romeDayStart('2026-07-15')).toEqual(new Date('2026-07-14T22:00:00Z'));
    // Summer time starts on 29 March 2026 (a 23-hour day) and ends on 25 October (25 hours).
    expect(romeDaysRange('2026-03-29', '2026-03-29')).toEqual({
      from: new Date('2026-03-28T23:00:00Z'),
      to: new Date('2026-03-29T22:00:00Z'),
    });
    expect(romeDaysRange('2026-10-25', '2026-10-25')).toEqual({
      from: new Date('2026-10-24T22:00:00Z'),
      to: new Date('2026-10-25T23:00:00Z'),
    });
  });

  it('name the Rome day of an instant, which is not the UTC one near midnight', () => {
    expect(romeDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(romeDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
  });

  it('add days across months and a year, 29 February giving 28 February', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addYear('2026-11-26')).toBe('2027-11-26');
    expect(addYear('2028-02-29')).toBe('2029-02-28');
  });
});
