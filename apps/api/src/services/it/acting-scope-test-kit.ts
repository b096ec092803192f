import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StoredRoles } from '../../db/schema/index.ts';
import { itBusinessRegistryConfigurations, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { ALL_IT_ROLES, createAlpha } from './it-test-kit.ts';

/*
 * Test support of the acting scope (imported by *.test.ts only): a business with two companies,
 * X (ALPHA SRL, the official samples' supplier) and Y (BETA SRL), and two sub-accounts made as a
 * manager makes them (POST /api/common/users/me/accounts, then login), one linked to X through
 * the registry's sub-accounts route and one linked to nothing.
 */

/** ALPHA SRL: the supplier of the official FatturaPA samples. */
export const X = '01234567890';
/** BETA SRL: a second company of the same business (its VAT's check digit is right). */
export const Y = '09876543217';

/** Every role the Italian areas ask for, the manager roles included. */
export const BUSINESS_ROLES: StoredRoles = {
  it: [
    ...ALL_IT_ROLES,
    'ROLE_TRANSFER',
    'ROLE_INVOICING_DOWNLOAD',
    'ROLE_INVOICING_RECOVER',
    'ROLE_SUB_ACCOUNT_MANAGER',
  ],
  transfer: ['ROLE_API'],
  common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
};

/** An invoice of the official samples re-issued by Y: the same file with Y's VAT number. */
export function asIssuedByY(xml: string): string {
  return xml.replaceAll('01234567890', Y).replace('ALPHA SRL', 'BETA SRL');
}

export type Login = { id: string; email: string; token: string };

/** A sub-account made by the owner through the API, with the roles given (the owner's), logged in. */
export async function subAccountOf(
  t: TestApp,
  owner: Login,
  name: string,
  roles: StoredRoles = BUSINESS_ROLES,
): Promise<Login> {
  const email = `${name}-${owner.id.slice(0, 8)}@example.test`;
  const password = 'Str0ng pass!';
  const created = await t.request({
    method: 'POST',
    url: '/api/common/users/me/accounts',
    token: owner.token,
    payload: { email, fiscal_id: X, fullname: name, password, roles },
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = await t.request({
    method: 'POST',
    url: '/api/common/login',
    payload: { email, password },
  });
  expect(session.statusCode, session.body).toBe(200);
  const { token } = session.json<{ token: string }>();
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row?.id ?? '', email, token };
}

/** Links (or, with `unlink`, unlinks) a registry and a sub-account, as the owner. */
export async function linkRegistry(
  t: TestApp,
  owner: Login,
  fiscalId: string,
  sub: Login,
  unlink = false,
): Promise<void> {
  const url = `/api/it/business-registry-configurations/${fiscalId}/sub-accounts`;
  const response = unlink
    ? await t.request({ method: 'DELETE', url: `${url}/${sub.email}`, token: owner.token })
    : await t.request({ method: 'POST', url, token: owner.token, payload: { email: sub.email } });
  expect(response.statusCode, response.body).toBe(unlink ? 204 : 201);
}

/**
 * The business of the scope tests: its owner (ALPHA SRL's account) with registries X and Y, a
 * sub-account linked to X, and one linked to nothing; every login with every role of the owner.
 */
export async function businessWithTwoCompanies(t: TestApp, roles: StoredRoles = BUSINESS_ROLES) {
  const { user, token } = await createAlpha(t, roles);
  const owner: Login = { id: user.id, email: user.email, token };
  // Stored directly: the registry screen's own checks are not what these tests are about.
  await t.db.insert(itBusinessRegistryConfigurations).values([
    { ownerId: user.id, fiscalId: X, name: 'ALPHA SRL', phoneNumber: '+393331234567' },
    { ownerId: user.id, fiscalId: Y, name: 'BETA SRL', phoneNumber: '+393337654321' },
  ]);
  const linked = await subAccountOf(t, owner, 'linked', roles);
  const unlinked = await subAccountOf(t, owner, 'unlinked', roles);
  await linkRegistry(t, owner, X, linked);
  return { owner, linked, unlinked };
}
