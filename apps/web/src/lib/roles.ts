/**
 * The one place for role checks (router guards, menu, buttons). Roles in the token are keyed by
 * platform key; the runtime config maps each context id to its key, because the real provider
 * uses its API host names as keys.
 */
import { useMemo } from 'react';
import { getSession, useSession, type RolesMap } from './auth';
import { getRuntimeConfig, type ContextId } from './runtime-config';

export type PlatformKeys = Record<ContextId, string>;

/** Contexts the user can switch between in the shell (spec 1), in menu order. */
export const navigationContexts = ['it', 'peppol', 'pl', 'ob', 'peppol_be'] as const;

export type NavigationContext = (typeof navigationContexts)[number];

export const defaultNavigationContext: NavigationContext = 'it';

export function rolesIn(roles: RolesMap, platformKeys: PlatformKeys, context: ContextId): string[] {
  return roles[platformKeys[context]] ?? [];
}

export function canWith(
  roles: RolesMap,
  platformKeys: PlatformKeys,
  context: ContextId,
  role: string,
): boolean {
  return rolesIn(roles, platformKeys, context).includes(role);
}

/** True when the user holds any role in the context (e.g. the recipient-code card needs any `it` role). */
export function hasContextWith(
  roles: RolesMap,
  platformKeys: PlatformKeys,
  context: ContextId,
): boolean {
  return rolesIn(roles, platformKeys, context).length > 0;
}

/** Usable navigation contexts; Belgian Peppol comes with Peppol access (spec 1). */
export function availableContextsWith(
  roles: RolesMap,
  platformKeys: PlatformKeys,
): NavigationContext[] {
  const hasPeppol = hasContextWith(roles, platformKeys, 'peppol');
  return navigationContexts.filter((context) =>
    context === 'peppol_be'
      ? hasPeppol || hasContextWith(roles, platformKeys, 'peppol_be')
      : hasContextWith(roles, platformKeys, context),
  );
}

/** Role checks bound to one roles map; what `useCan()` returns. */
export interface Access {
  can: (context: ContextId, role: string) => boolean;
  canAny: (context: ContextId, roles: readonly string[]) => boolean;
  hasContext: (context: ContextId) => boolean;
  availableContexts: NavigationContext[];
  isSubAccount: boolean;
  isStripeAccount: boolean;
}

export function accessFor(roles: RolesMap, platformKeys: PlatformKeys): Access {
  const can = (context: ContextId, role: string) => canWith(roles, platformKeys, context, role);
  return {
    can,
    canAny: (context, list) => list.some((role) => can(context, role)),
    hasContext: (context) => hasContextWith(roles, platformKeys, context),
    availableContexts: availableContextsWith(roles, platformKeys),
    isSubAccount: can('common', 'ROLE_SUB_ACCOUNT'),
    isStripeAccount: hasContextWith(roles, platformKeys, 'stripe'),
  };
}

const noAccess: RolesMap = {};

/**
 * `can(context, role)` for the current session (the impersonated user's roles while switching).
 * Usable outside React, e.g. in route loaders and event handlers.
 */
export function can(context: ContextId, role: string): boolean {
  return canWith(getSession()?.roles ?? noAccess, getRuntimeConfig().platformKeys, context, role);
}

/** Role checks for the current session; re-computed when the session changes. */
export function useCan(): Access {
  const session = useSession();
  const roles = session?.roles ?? noAccess;
  return useMemo(() => accessFor(roles, getRuntimeConfig().platformKeys), [roles]);
}
