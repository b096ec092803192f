import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { CACHE_MARKER_TTL_MS, expensesCacheMarker, freshCacheMarker } from './cache-marker';

const start = new Date('2026-11-23T10:00:00.000Z').getTime();
const minutes = (count: number) => count * 60 * 1000;

describe('the expenses cache marker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its timestamp for an hour, then renews it', () => {
    expect(window.localStorage.getItem(storageKeys.expensesCacheMarker)).toBeNull();
    expect(expensesCacheMarker()).toBe(String(start));
    expect(window.localStorage.getItem(storageKeys.expensesCacheMarker)).toBe(String(start));

    vi.setSystemTime(start + minutes(59));
    expect(expensesCacheMarker()).toBe(String(start));
    vi.setSystemTime(start + CACHE_MARKER_TTL_MS);
    expect(expensesCacheMarker()).toBe(String(start));

    const later = start + minutes(61);
    vi.setSystemTime(later);
    expect(expensesCacheMarker()).toBe(String(later));
    expect(window.localStorage.getItem(storageKeys.expensesCacheMarker)).toBe(String(later));
  });

  it('renews a kept value that is no timestamp or lies in the future', () => {
    expect(freshCacheMarker(null, start)).toBe(String(start));
    expect(freshCacheMarker('yesterday', start)).toBe(String(start));
    expect(freshCacheMarker(String(start + minutes(5)), start)).toBe(String(start));
    expect(freshCacheMarker(String(start - minutes(30)), start)).toBe(String(start - minutes(30)));
  });
});
