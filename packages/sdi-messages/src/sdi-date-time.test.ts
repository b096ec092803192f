import { describe, expect, it } from 'vitest';
import { formatSdiDate, formatSdiDateTime } from './sdi-date-time.ts';
import { SdiMessageError } from './sdi-message-error.ts';

describe('formatSdiDateTime', () => {
  it('writes winter instants with the +01:00 Rome offset and milliseconds', () => {
    expect(formatSdiDateTime(new Date('2026-11-22T09:15:00Z'))).toBe(
      '2026-11-22T10:15:00.000+01:00',
    );
  });

  it('writes summer instants with +02:00, moving to the next Italian day after 22:00 UTC', () => {
    expect(formatSdiDateTime(new Date('2026-07-01T22:30:00.5Z'))).toBe(
      '2026-07-02T00:30:00.500+02:00',
    );
  });

  it('follows the March change of offset to the millisecond', () => {
    expect(formatSdiDateTime(new Date('2026-03-29T00:59:59.999Z'))).toBe(
      '2026-03-29T01:59:59.999+01:00',
    );
    expect(formatSdiDateTime(new Date('2026-03-29T01:00:00.000Z'))).toBe(
      '2026-03-29T03:00:00.000+02:00',
    );
  });

  it('gives the Italian calendar date', () => {
    expect(formatSdiDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('refuses an invalid date with a typed error', () => {
    expect(() => formatSdiDateTime(new Date('not a date'))).toThrow(SdiMessageError);
  });
});
