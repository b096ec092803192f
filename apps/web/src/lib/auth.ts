/**
 * Session store: the login token (kept in localStorage, as the spec requires), its decoded
 * payload and the user an administrator is impersonating. The token is never verified here
 * (the API does that); we only decode it to read roles and refuse it once `exp` has passed.
 */
import { useSyncExternalStore } from 'react';
import { readJson, readString, removeKey, storageKeys, writeJson, writeString } from './storage';

/** Roles by platform key, exactly as the token carries them. */
export type RolesMap = Record<string, string[]>;

export interface TokenPayload {
  username: string;
  uid: string | number;
  pid: string | number;
  roles: RolesMap;
  iat: number;
  exp: number;
}

/** The user an administrator acts as: requests carry `X-Switch-User: username`. */
export interface Impersonation {
  username: string;
  /** Roles of the impersonated user (from `GET /users/me`), used for menus and guards. */
  roles: RolesMap;
}

export interface Session {
  token: string;
  payload: TokenPayload;
  impersonation: Impersonation | null;
  /** Whom the console shows and acts for: the impersonated user when switching. */
  username: string;
  /** Roles that drive menus, guards and buttons: the impersonated user's when switching. */
  roles: RolesMap;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRolesMap(value: unknown): value is RolesMap {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (list) => Array.isArray(list) && list.every((role) => typeof role === 'string'),
    )
  );
}

function isImpersonation(value: unknown): value is Impersonation {
  return (
    isRecord(value) &&
    typeof value.username === 'string' &&
    value.username !== '' &&
    isRolesMap(value.roles)
  );
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes a JWT payload without verifying it; null when it is not a Fiscus token. */
export function decodeToken(token: string): TokenPayload | null {
  const segments = token.split('.');
  if (segments.length !== 3 || !segments[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(segments[1]));
    if (
      isRecord(payload) &&
      typeof payload.username === 'string' &&
      (typeof payload.uid === 'string' || typeof payload.uid === 'number') &&
      isRolesMap(payload.roles) &&
      typeof payload.exp === 'number'
    ) {
      return {
        username: payload.username,
        uid: payload.uid,
        pid:
          typeof payload.pid === 'string' || typeof payload.pid === 'number'
            ? payload.pid
            : payload.uid,
        roles: payload.roles,
        iat: typeof payload.iat === 'number' ? payload.iat : 0,
        exp: payload.exp,
      };
    }
    return null;
  } catch {
    return null;
  }
}

/** `exp` is in seconds since the epoch (UTC); the session is valid only while it is in the future. */
export function isExpired(payload: Pick<TokenPayload, 'exp'>, nowMs: number = Date.now()): boolean {
  return payload.exp * 1000 <= nowMs;
}

function buildSession(token: string, impersonation: Impersonation | null): Session | null {
  const payload = decodeToken(token);
  if (!payload || isExpired(payload)) return null;
  return {
    token,
    payload,
    impersonation,
    username: impersonation?.username ?? payload.username,
    roles: impersonation?.roles ?? payload.roles,
  };
}

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

// setTimeout overflows above 2^31-1 ms (about 24.8 days); tokens last 24 h, so clamp anyway.
const maxTimerDelayMs = 2_147_483_647;

function publish(next: Session | null): void {
  snapshot = next;
  clearTimeout(expiryTimer);
  if (next) {
    const delay = Math.min(next.payload.exp * 1000 - Date.now(), maxTimerDelayMs);
    // No refresh token exists: when the token expires the user simply has to log in again.
    expiryTimer = setTimeout(
      () => {
        if (snapshot && isExpired(snapshot.payload)) clearSession();
      },
      Math.max(delay, 0),
    );
  }
  for (const listener of listeners) listener();
}

/** Reads the stored token; an expired or malformed one is removed and yields no session. */
export function restoreSession(): Session | null {
  const token = readString(storageKeys.token);
  const impersonation = readJson(storageKeys.impersonation, isImpersonation);
  const session = token ? buildSession(token, impersonation) : null;
  if (!session) {
    removeKey(storageKeys.token);
    removeKey(storageKeys.impersonation);
  }
  publish(session);
  return session;
}

/** Current session, re-checking expiry so guards never let an expired token through. */
export function getSession(): Session | null {
  if (snapshot && isExpired(snapshot.payload)) clearSession();
  return snapshot;
}

/** Stores a freshly issued token; returns false (and stores nothing) when it is unusable. */
export function signIn(token: string): boolean {
  const session = buildSession(token, null);
  if (!session) return false;
  writeString(storageKeys.token, token);
  removeKey(storageKeys.impersonation);
  publish(session);
  return true;
}

/**
 * Replaces the token of the current session with a fresh one the API issued for the same account
 * (a password change ends every older token and answers with a new one); an impersonation in
 * progress continues. Returns false, changing nothing, for an unusable token or another account.
 */
export function renewToken(token: string): boolean {
  const current = getSession();
  if (!current) return false;
  const next = buildSession(token, current.impersonation);
  if (!next || String(next.payload.uid) !== String(current.payload.uid)) return false;
  writeString(storageKeys.token, token);
  publish(next);
  return true;
}

export function clearSession(): void {
  removeKey(storageKeys.token);
  removeKey(storageKeys.impersonation);
  publish(null);
}

export function startImpersonation(impersonation: Impersonation): void {
  const current = getSession();
  if (!current) return;
  writeJson(storageKeys.impersonation, impersonation);
  publish(buildSession(current.token, impersonation));
}

export function stopImpersonation(): void {
  const current = getSession();
  removeKey(storageKeys.impersonation);
  publish(current ? buildSession(current.token, null) : null);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session (null when logged out); re-renders on login, logout, switch and expiry. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, () => snapshot);
}

restoreSession();

// Another tab logged in, out or switched user: follow it, so two tabs never act as two people.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === storageKeys.token ||
      event.key === storageKeys.impersonation
    ) {
      restoreSession();
    }
  });
}
