import { describe, expect, it } from 'vitest';
import { testRuntimeConfig } from '../test/test-runtime-config';
import { accessFor, availableContextsWith, canWith, type PlatformKeys } from './roles';

const keys = testRuntimeConfig.platformKeys;

describe('canWith', () => {
  it('checks the role inside the given context only', () => {
    const roles = { it: ['ROLE_CONFIG'], common: ['ROLE_USER'] };
    expect(canWith(roles, keys, 'it', 'ROLE_CONFIG')).toBe(true);
    expect(canWith(roles, keys, 'common', 'ROLE_CONFIG')).toBe(false);
    expect(canWith(roles, keys, 'peppol', 'ROLE_USER')).toBe(false);
  });

  it('reads the token key configured for the context', () => {
    const hostKeys: PlatformKeys = { ...keys, it: 'api-it.example.test' };
    const roles = { 'api-it.example.test': ['ROLE_INVOICING'], it: ['ROLE_CONFIG'] };
    expect(canWith(roles, hostKeys, 'it', 'ROLE_INVOICING')).toBe(true);
    expect(canWith(roles, hostKeys, 'it', 'ROLE_CONFIG')).toBe(false);
  });
});

describe('availableContextsWith', () => {
  it('grants Belgian Peppol with Peppol access', () => {
    expect(availableContextsWith({ peppol: ['ROLE_USER'] }, keys)).toEqual(['peppol', 'peppol_be']);
  });

  it('lists nothing for an account with only common roles (no-services)', () => {
    expect(availableContextsWith({ common: ['ROLE_USER'] }, keys)).toEqual([]);
  });

  it('ignores empty role lists', () => {
    expect(availableContextsWith({ it: [], pl: ['ROLE_USER'] }, keys)).toEqual(['pl']);
  });
});

describe('accessFor', () => {
  it('detects sub-accounts and stripe accounts', () => {
    const sub = accessFor({ common: ['ROLE_SUB_ACCOUNT'], it: ['ROLE_INVOICING'] }, keys);
    expect(sub.isSubAccount).toBe(true);
    expect(sub.isStripeAccount).toBe(false);
    const stripe = accessFor({ stripe: ['ROLE_WRITER'], it: ['ROLE_INVOICING'] }, keys);
    expect(stripe.isStripeAccount).toBe(true);
    expect(stripe.canAny('stripe', ['ROLE_CREATE_INVOICE', 'ROLE_WRITER'])).toBe(true);
    expect(stripe.can('stripe', 'ROLE_CREATE_INVOICE')).toBe(false);
  });
});
