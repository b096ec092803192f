import { describe, expect, it } from 'vitest';
import { csvSeparator } from './csv-separator';

describe('csvSeparator', () => {
  it('asks for semicolons where numbers have a decimal comma, else commas', () => {
    expect(csvSeparator('it')).toBe('semicolon');
    expect(csvSeparator('pl-PL')).toBe('semicolon');
    expect(csvSeparator('en')).toBe('comma');
  });
});
