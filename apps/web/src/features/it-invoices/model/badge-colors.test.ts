import { describe, expect, it } from 'vitest';
import { markingColor, notificationColor, preservationColor } from './badge-colors';

describe('badge colours (spec 4)', () => {
  it.each([
    ['delivered', 'success'],
    ['received', 'success'],
    ['accepted-pa', 'success'],
    ['not-delivered', 'warning'],
    ['rejected', 'warning'],
    ['rejected-pa', 'warning'],
    ['draft-blocked', 'warning'],
    ['quarantena', 'error'],
    ['invoice-error', 'error'],
    ['waiting', 'neutral'],
    ['sent', 'neutral'],
  ])('marking %s is %s', (marking, color) => {
    expect(markingColor(marking)).toBe(color);
  });

  it.each([
    ['RC', 'green'],
    ['MC', 'orange'],
    ['NS', 'error'],
    ['NE', 'neutral'],
    ['DT', 'neutral'],
    ['AT', 'neutral'],
  ])('notification %s is %s', (type, color) => {
    expect(notificationColor(type)).toBe(color);
  });

  it.each([
    ['to_be_stored', 'primary'],
    ['sent', 'warning'],
    ['stored', 'success'],
    ['sent_metadata', 'error'],
  ])('preservation %s is %s', (status, color) => {
    expect(preservationColor(status)).toBe(color);
  });
});
