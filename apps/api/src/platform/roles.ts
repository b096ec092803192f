import type { PlatformId } from '@fiscus/contracts';
import type { StoredRoles } from '../db/schema/index.ts';

/** Role names the API itself checks (spec 6); the rest are only read by the console. */
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export const ROLE_SUB_ACCOUNT = 'ROLE_SUB_ACCOUNT';
export const ROLE_SUB_ACCOUNT_MANAGER = 'ROLE_SUB_ACCOUNT_MANAGER';

export function hasRole(roles: StoredRoles, platform: PlatformId, role: string): boolean {
  return roles[platform]?.includes(role) ?? false;
}

export function hasAnyRole(roles: StoredRoles, platform: PlatformId): boolean {
  return (roles[platform]?.length ?? 0) > 0;
}

/**
 * Roles are stored per platform id; tokens and `/users/me` key them by the configured platform
 * key (the real provider uses its API hosts' names), so the console maps them back via config.
 */
export function toTokenRoles(
  roles: StoredRoles,
  platformKeys: Record<PlatformId, string>,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [platform, list] of Object.entries(roles)) {
    if (list.length === 0) continue;
    const key = platformKeys[platform as PlatformId] ?? platform;
    result[key] = [...list];
  }
  return result;
}
