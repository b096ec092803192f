import type { PlatformId } from '@fiscus/contracts';
import type { StoredRoles } from '../db/schema/index.ts';

/** Role names the API itself checks (spec 6); the rest are only read by the console. */
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export const ROLE_SUB_ACCOUNT = 'ROLE_SUB_ACCOUNT';
export const ROLE_SUB_ACCOUNT_MANAGER = 'ROLE_SUB_ACCOUNT_MANAGER';

/** Own keys only: a stored map never lends a role through an inherited member. */
function rolesOf(roles: StoredRoles, platform: PlatformId): readonly string[] {
  const list = Object.hasOwn(roles, platform) ? roles[platform] : undefined;
  return Array.isArray(list) ? list : [];
}

export function hasRole(roles: StoredRoles, platform: PlatformId, role: string): boolean {
  return rolesOf(roles, platform).includes(role);
}

export function hasAnyRole(roles: StoredRoles, platform: PlatformId): boolean {
  return rolesOf(roles, platform).length > 0;
}

/**
 * Roles are stored per platform id; tokens and `/users/me` key them by the configured platform
 * key (the real provider uses its API hosts' names), so the console maps them back via config.
 */
export function toTokenRoles(
  roles: StoredRoles,
  platformKeys: Record<PlatformId, string>,
): Record<string, string[]> {
  const keys = new Map<string, string>(Object.entries(platformKeys));
  // fromEntries defines own properties, so even a `__proto__` key stays plain data.
  return Object.fromEntries(
    Object.entries(roles)
      .filter(([, list]) => list.length > 0)
      .map(([platform, list]) => [keys.get(platform) ?? platform, [...list]]),
  );
}
