import type {
  SubAccount,
  SubAccountListQuery,
  SubAccountChangePasswordRequest,
  SubAccountCreateRequest,
  SubAccountUpdateRequest,
} from '@fiscus/contracts';
import { validationMessages, violationCodes } from '@fiscus/contracts';
import type { StoredRoles, UserRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import {
  hasRole,
  ROLE_ADMIN,
  ROLE_SUB_ACCOUNT,
  ROLE_SUB_ACCOUNT_MANAGER,
} from '../../../platform/roles.ts';
import { isSubAccount, loginOf } from '../../../platform/tenancy.ts';
import type { SubAccountsRepository } from './sub-accounts.repository.ts';

/** Roles a sub-account must never receive from its manager. */
const NON_DELEGABLE_ROLES = new Set([ROLE_SUB_ACCOUNT_MANAGER, ROLE_ADMIN]);

/** Only a main account with ROLE_SUB_ACCOUNT_MANAGER (common) manages sub-accounts. */
export function assertSubAccountManager(actor: Actor): void {
  if (!hasRole(actor.roles, 'common', ROLE_SUB_ACCOUNT_MANAGER) || isSubAccount(actor)) {
    throw forbidden('Managing sub-accounts requires ROLE_SUB_ACCOUNT_MANAGER.');
  }
}

export class SubAccountsService {
  constructor(private readonly subAccounts: SubAccountsRepository) {}

  /**
   * The manager's login, after its access rule: the routes check it first, and so does this
   * service for its other callers (the registry's sub-account creation).
   */
  private assertManager(actor: Actor): string {
    assertSubAccountManager(actor);
    return loginOf(actor);
  }

  private async findOwned(managerId: string, email: string): Promise<UserRow> {
    const row = await this.subAccounts.find(managerId, email);
    if (!row) throw notFound(`Sub-account "${email}" not found.`);
    return row;
  }

  async list(actor: Actor, query: SubAccountListQuery): Promise<CollectionPage<SubAccount>> {
    const managerId = this.assertManager(actor);
    return mapPage(await this.subAccounts.list(managerId, query), toSubAccount);
  }

  async get(actor: Actor, email: string): Promise<SubAccount> {
    const managerId = this.assertManager(actor);
    return toSubAccount(await this.findOwned(managerId, email));
  }

  async create(actor: Actor, body: SubAccountCreateRequest): Promise<SubAccount> {
    const managerId = this.assertManager(actor);
    const email = body.email.toLowerCase();
    const taken = violation(
      'email',
      validationMessages.emailAlreadyUsed,
      violationCodes.alreadyUsed,
    );
    if (await this.subAccounts.emailExists(email)) throw unprocessable([taken]);
    const row = await this.subAccounts.insertAccount({
      email,
      fiscalId: body.fiscal_id,
      fullname: body.fullname ?? null,
      passwordHash: await hashPassword(body.password),
      enabled: body.enabled ?? true,
      parentId: managerId,
      roles: subAccountRoles(actor.roles, body.roles),
    });
    if (!row) throw unprocessable([taken]);
    return toSubAccount(row);
  }

  async update(actor: Actor, email: string, body: SubAccountUpdateRequest): Promise<SubAccount> {
    const managerId = this.assertManager(actor);
    const current = await this.findOwned(managerId, email);
    const changes: { fullname?: string | null; enabled?: boolean } = {};
    if (body.fullname !== undefined) changes.fullname = body.fullname;
    if (body.enabled !== undefined) changes.enabled = body.enabled;
    if (Object.keys(changes).length === 0) return toSubAccount(current);
    const row = await this.subAccounts.update(managerId, current.id, changes);
    if (!row) throw notFound(`Sub-account "${email}" not found.`);
    return toSubAccount(row);
  }

  async changePassword(
    actor: Actor,
    email: string,
    body: SubAccountChangePasswordRequest,
  ): Promise<void> {
    const managerId = this.assertManager(actor);
    const current = await this.findOwned(managerId, email);
    await this.subAccounts.update(managerId, current.id, {
      passwordHash: await hashPassword(body.password),
    });
  }

  async delete(actor: Actor, email: string): Promise<void> {
    const managerId = this.assertManager(actor);
    const current = await this.findOwned(managerId, email);
    if (!(await this.subAccounts.delete(managerId, current.id))) {
      throw notFound(`Sub-account "${email}" not found.`);
    }
  }
}

/**
 * What a new sub-account may do: the roles the manager chose (limited to roles the manager holds,
 * so nobody grants more than they have), by default the manager's `it` roles; never manager or
 * admin roles; always ROLE_SUB_ACCOUNT in `common`. A key the manager holds no roles under is
 * ignored like any unknown platform, including names of Object.prototype members (`constructor`,
 * `toString`): only the manager's own keys are read, never inherited ones.
 */
export function subAccountRoles(
  managerRoles: StoredRoles,
  chosen: StoredRoles | undefined,
): StoredRoles {
  const held = new Map(Object.entries(managerRoles));
  const requested = chosen ? Object.entries(chosen) : [['it', held.get('it') ?? []] as const];
  const granted = new Map<string, string[]>();
  for (const [platform, roles] of requested) {
    const heldHere = held.get(platform) ?? [];
    const allowed = roles.filter(
      (role) => !NON_DELEGABLE_ROLES.has(role) && heldHere.includes(role),
    );
    if (allowed.length > 0) granted.set(platform, [...new Set(allowed)]);
  }
  granted.set('common', [...new Set([...(granted.get('common') ?? []), ROLE_SUB_ACCOUNT])]);
  return Object.fromEntries(granted);
}

function toSubAccount(row: UserRow): SubAccount {
  return {
    email: row.email,
    fiscal_id: row.fiscalId ?? '',
    fullname: row.fullname,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
  };
}
