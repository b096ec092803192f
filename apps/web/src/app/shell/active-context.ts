/**
 * The active platform context and the last navigation item, persisted in localStorage (spec 1):
 * a reload or a new tab opens the console where the user left it.
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  defaultNavigationContext,
  navigationContexts,
  type NavigationContext,
} from '../../lib/roles';
import { readString, storageKeys, writeString } from '../../lib/storage';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function isNavigationContext(value: string | null): value is NavigationContext {
  return (navigationContexts as readonly (string | null)[]).includes(value);
}

/**
 * The context to show: the stored one when still available, else Italy (the default), else the
 * first available one.
 */
export function resolveContext(
  stored: string | null,
  available: readonly NavigationContext[],
): NavigationContext | null {
  if (isNavigationContext(stored) && available.includes(stored)) return stored;
  if (available.includes(defaultNavigationContext)) return defaultNavigationContext;
  return available[0] ?? null;
}

export function useActiveContext(
  available: readonly NavigationContext[],
): [NavigationContext | null, (context: NavigationContext) => void] {
  const stored = useSyncExternalStore(subscribe, () => readString(storageKeys.context));
  const setContext = useCallback((context: NavigationContext) => {
    writeString(storageKeys.context, context);
    notify();
  }, []);
  return [resolveContext(stored, available), setContext];
}

export function useLastNavItem(): [string | null, (id: string) => void] {
  const stored = useSyncExternalStore(subscribe, () => readString(storageKeys.lastNavItem));
  const setItem = useCallback((id: string) => {
    writeString(storageKeys.lastNavItem, id);
    notify();
  }, []);
  return [stored, setItem];
}
