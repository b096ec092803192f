import type { Access } from '../../../lib/roles';

/**
 * Spec 6: the yearly statistics on the dashboard come with ROLE_SHOW_STATS in the Italian
 * context; ROLE_NO_COSTS (common) hides their cost charts.
 */
export function canSeeYearlyStatistics(access: Access): boolean {
  return access.can('it', 'ROLE_SHOW_STATS');
}

export function canSeeStatisticsCosts(access: Access): boolean {
  return !access.can('common', 'ROLE_NO_COSTS');
}
