import { describe, expect, it } from 'vitest';
import { nextPolishBusinessDay, offlineDeadline, pastCutoff, warsawClock } from './offline-mode.ts';

describe('the offline mode’s clock (Europe/Warsaw)', () => {
  it('reads Warsaw’s day and time, summer and winter', () => {
    expect(warsawClock(new Date('2026-12-23T22:45:00Z'))).toEqual({
      date: '2026-12-23',
      time: '23:45',
    });
    expect(warsawClock(new Date('2026-06-30T22:15:00Z'))).toEqual({
      date: '2026-07-01',
      time: '00:15',
    });
  });

  it('passes the cut-off on the invoice’s day at the cut-off, and on any later day', () => {
    const at = (iso: string) => new Date(iso);
    expect(pastCutoff('2026-12-23', at('2026-12-23T22:29:00Z'), '23:30')).toBe(false);
    expect(pastCutoff('2026-12-23', at('2026-12-23T22:30:00Z'), '23:30')).toBe(true);
    expect(pastCutoff('2026-12-22', at('2026-12-23T08:00:00Z'), '23:30')).toBe(true);
    // An invoice dated tomorrow is not late today.
    expect(pastCutoff('2026-12-24', at('2026-12-23T22:45:00Z'), '23:30')).toBe(false);
  });

  it('gives the next Polish business day: no weekend, no public holiday (Wigilia from 2025)', () => {
    // Wednesday 23 December 2026: the 24th, 25th and 26th are holidays, the 27th a Sunday.
    expect(nextPolishBusinessDay('2026-12-23')).toBe('2026-12-28');
    // Friday before Easter Monday 2026 (6 April).
    expect(nextPolishBusinessDay('2026-04-03')).toBe('2026-04-07');
    // Corpus Christi 2026 is Thursday 4 June.
    expect(nextPolishBusinessDay('2026-06-03')).toBe('2026-06-05');
    expect(nextPolishBusinessDay('2026-12-07')).toBe('2026-12-08');
    expect(offlineDeadline('2026-11-10', new Date())).toBe('2026-11-12');
  });
});
