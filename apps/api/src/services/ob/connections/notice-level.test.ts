import { describe, expect, it } from 'vitest';
import { noticeLevelOf } from './bank-sync.ts';

const now = new Date('2026-12-08T09:00:00Z');
const inDays = (days: number, hours = 0) =>
  new Date(now.getTime() + days * 86_400_000 + hours * 3_600_000);

describe('the reconnect notice of a consent (provider: 0, 1, 2 at 20, 10, 0 days left)', () => {
  it.each([
    [45, null],
    [21, null],
    [20, 0],
    [11, 0],
    [10, 1],
    [1, 1],
    [0, 2],
    [-3, 2],
  ] as const)('%i days left: level %s', (days, level) => {
    expect(noticeLevelOf(inDays(days), now)).toBe(level);
  });

  it('a part of a day left counts as a day', () => {
    expect(noticeLevelOf(inDays(20, 5), now)).toBeNull();
    expect(noticeLevelOf(inDays(0, 5), now)).toBe(1);
  });
});
