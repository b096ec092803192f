import { describe, expect, it } from 'vitest';
import { accessFor } from '../../../lib/roles';
import { testRuntimeConfig } from '../../../test/test-runtime-config';
import { canSeeStatisticsCosts, canSeeYearlyStatistics } from './statistics-access';

const access = (roles: Record<string, string[]>) =>
  accessFor(roles, testRuntimeConfig.platformKeys);

describe('statistics access (spec 6)', () => {
  it('shows the yearly statistics with ROLE_SHOW_STATS in it only', () => {
    expect(canSeeYearlyStatistics(access({ it: ['ROLE_SHOW_STATS'] }))).toBe(true);
    expect(canSeeYearlyStatistics(access({ it: ['ROLE_INVOICING'] }))).toBe(false);
    expect(canSeeYearlyStatistics(access({ common: ['ROLE_SHOW_STATS'] }))).toBe(false);
  });

  it('hides costs with ROLE_NO_COSTS in common', () => {
    expect(canSeeStatisticsCosts(access({ common: ['ROLE_USER'] }))).toBe(true);
    expect(canSeeStatisticsCosts(access({ common: ['ROLE_NO_COSTS'] }))).toBe(false);
  });
});
