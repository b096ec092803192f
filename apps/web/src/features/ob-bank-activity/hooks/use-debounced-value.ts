import { useEffect, useState } from 'react';

/** Spec 9: a searchable select asks the API 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
