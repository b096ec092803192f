/**
 * Browser storage access in one place. Reads never throw: storage can be disabled (private mode,
 * quota, sandboxed iframes) and a corrupt value must not take the console down.
 */

/** Every key the console writes, so two features never collide on a name. */
export const storageKeys = {
  token: 'fiscus.token',
  impersonation: 'fiscus.impersonation',
  context: 'fiscus.context',
  lastNavItem: 'fiscus.lastNavItem',
  /** The expenses list's cache marker (`ts`, account spec 9), renewed each hour. */
  expensesCacheMarker: 'fiscus.expenses.ts',
} as const;

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this page only, which is acceptable.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Reads a JSON value; `isValid` guards against values written by older versions or by hand. */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
