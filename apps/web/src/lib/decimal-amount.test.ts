import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinorUnits, percentOf, sumAmounts, toMinorUnits } from './decimal-amount';

describe('decimal amounts', () => {
  it('converts to and from minor units without float drift', () => {
    expect(toMinorUnits('0.1')).toBe(10n);
    expect(toMinorUnits('12.345')).toBe(1235n);
    expect(toMinorUnits('-3.5')).toBe(-350n);
    expect(toMinorUnits('abc')).toBeNull();
    expect(fromMinorUnits(5n)).toBe('0.05');
    expect(fromMinorUnits(-1235n)).toBe('-12.35');
  });

  it('sums exactly where floats would not', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(['9007199254740993.01', '0.01'])).toBe('9007199254740993.02');
  });

  it('computes a clamped whole percentage', () => {
    expect(percentOf('25.00', '100.00')).toBe(25);
    expect(percentOf('150', '100')).toBe(100);
    expect(percentOf('10', '0')).toBe(0);
  });

  it('formats in the user language', () => {
    expect(formatMoney('1234.5', 'en')).toBe('€1,234.50');
    expect(formatMoney('12345.5', 'it')).toMatch(/^12\.345,50\s€$/);
    // Formatting the string keeps digits a float would lose.
    expect(formatMoney('9007199254740993.01', 'en')).toBe('€9,007,199,254,740,993.01');
  });
});
