import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { failedEntry, lastSentStorageKey, parseStoredBulk } from './bulk-state';

const base = { uuid: 'a', invoiceNumber: '1', invoiceDate: '2026-11-22' };
const problem = (status: number, detail: string) =>
  new ApiError(status, { type: 'about:blank', title: 'x', status, detail });

describe('failedEntry', () => {
  it('flags a 409 as a blocked draft with the server message', () => {
    const entry = failedEntry(base, problem(409, 'draft send error blocked'));
    expect(entry).toMatchObject({
      status: 'error',
      draftBlocked: true,
      violationError: false,
      message: 'draft send error blocked',
    });
  });

  it('flags a 400 as a validation error and keeps its violations', () => {
    const error = new ApiError(400, { type: 'x', title: 'x', status: 400, detail: 'invalid' }, [
      { propertyPath: 'numero', message: 'required' },
    ]);
    const entry = failedEntry(base, error);
    expect(entry.violationError).toBe(true);
    expect(entry.draftBlocked).toBe(false);
    expect(entry.violations).toEqual([{ propertyPath: 'numero', message: 'required' }]);
  });

  it('gives status undefined for a draft that no longer exists and error otherwise', () => {
    expect(failedEntry(base, problem(404, 'gone')).status).toBe('undefined');
    expect(failedEntry(base, problem(500, 'boom'))).toMatchObject({
      status: 'error',
      violationError: false,
      draftBlocked: false,
    });
  });
});

describe('last sent storage', () => {
  it('derives the key from the table name', () => {
    expect(lastSentStorageKey('invoice.drafts')).toBe('invoice.drafts.lastSent');
  });

  it('reads back a stored run and ignores empty or corrupt values', () => {
    const stored = [{ ...failedEntry(base, problem(409, 'blocked')) }];
    expect(parseStoredBulk(JSON.stringify(stored))).toEqual(stored);
    expect(parseStoredBulk('[]')).toBeNull();
    expect(parseStoredBulk('{nope')).toBeNull();
    expect(parseStoredBulk(null)).toBeNull();
  });
});
