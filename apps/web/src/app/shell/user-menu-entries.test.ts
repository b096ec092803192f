import { describe, expect, it } from 'vitest';
import type { RolesMap } from '../../lib/auth';
import { accessFor } from '../../lib/roles';
import { testRuntimeConfig } from '../../test/test-runtime-config';
import { userMenuEntries } from './user-menu-entries';

const access = (roles: RolesMap) => accessFor(roles, testRuntimeConfig.platformKeys);

describe('userMenuEntries', () => {
  it('gives a manager profile, pre-sale actions, sub-accounts and logout', () => {
    const manager = access({
      common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
      it: ['ROLE_INVOICING'],
    });
    expect(userMenuEntries(manager, manager, false)).toEqual([
      'profile',
      'preSaleActions',
      'subAccounts',
      'logout',
    ]);
  });

  it('hides pre-sale actions from stripe accounts and gives them their FAQ and manual', () => {
    const stripe = access({ stripe: ['ROLE_WRITER'], it: ['ROLE_INVOICING'] });
    expect(userMenuEntries(stripe, stripe, false)).toEqual([
      'profile',
      'stripeFaq',
      'stripeManual',
      'logout',
    ]);
  });

  it('lets an admin switch, and exit while switched, based on the admin token', () => {
    const admin = access({ common: ['ROLE_ADMIN', 'ROLE_USER'], it: ['ROLE_INVOICING'] });
    expect(userMenuEntries(admin, admin, false)).toContain('switchUser');
    expect(userMenuEntries(admin, admin, false)).not.toContain('exitSwitch');
    const italy = access({
      common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
      it: ['ROLE_CONFIG'],
    });
    expect(userMenuEntries(italy, admin, true)).toEqual([
      'profile',
      'preSaleActions',
      'subAccounts',
      'switchUser',
      'exitSwitch',
      'logout',
    ]);
  });
});
