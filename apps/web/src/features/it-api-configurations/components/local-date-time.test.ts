import { describe, expect, it } from 'vitest';
import { localDateTimeToInstant } from './local-date-time';

describe('localDateTimeToInstant', () => {
  it('reads the wall-clock value in the browser time zone and answers UTC', () => {
    const value = '2026-11-22T10:30';
    expect(localDateTimeToInstant(value)).toBe(new Date(2026, 10, 22, 10, 30).toISOString());
  });

  it('refuses empty and malformed values', () => {
    expect(localDateTimeToInstant('')).toBeNull();
    expect(localDateTimeToInstant('22/11/2026 10:30')).toBeNull();
  });
});
