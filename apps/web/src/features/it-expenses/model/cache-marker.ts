/**
 * The expenses list's cache marker (account spec 9: "expenses cache marker (ts) in local storage
 * expires after 1 hour"): a timestamp kept in localStorage and sent as the list call's `ts`
 * parameter, the same for an hour, then renewed, so the list's address changes once an hour.
 */
import { readString, storageKeys, writeString } from '../../../lib/storage';

/** How long a marker lasts. */
export const CACHE_MARKER_TTL_MS = 60 * 60 * 1000;

const MILLISECONDS = /^\d{1,15}$/;

/**
 * The marker to send at `now` (epoch milliseconds): the kept one while it is at most an hour old,
 * else `now` itself. A kept value that is no timestamp, or one from the future (a clock set back),
 * is renewed too.
 */
export function freshCacheMarker(kept: string | null, now: number): string {
  if (kept !== null && MILLISECONDS.test(kept)) {
    const age = now - Number(kept);
    if (age >= 0 && age <= CACHE_MARKER_TTL_MS) return kept;
  }
  return String(now);
}

/** The marker of the next list call, kept (or renewed) in localStorage. */
export function expensesCacheMarker(now = Date.now()): string {
  const kept = readString(storageKeys.expensesCacheMarker);
  const marker = freshCacheMarker(kept, now);
  if (marker !== kept) writeString(storageKeys.expensesCacheMarker, marker);
  return marker;
}
