import type { Database } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/problem-errors.ts';
import { SubAccountsRepository } from '../../common/sub-accounts/sub-accounts.repository.ts';
import { SubAccountsService } from '../../common/sub-accounts/sub-accounts.service.ts';
import { BusinessRegistryConfigurationsRepository } from './business-registry-configurations.repository.ts';
import type { RegistrySubAccountCreation } from './business-registry-configurations.service.ts';

/**
 * The registry service's way to create a sub-account: the common sub-accounts service does it
 * (manager role, an email no account has, argon2id hash, delegated roles, 422 otherwise), on a
 * transaction that also links the new account to the registry. A refusal or a failed link rolls
 * both back.
 */
export function registrySubAccountCreation(db: Database): RegistrySubAccountCreation {
  return {
    createLinked: (actor, account, registryUuid) =>
      db.transaction(async (tx) => {
        const subAccounts = new SubAccountsRepository(tx);
        const created = await new SubAccountsService(subAccounts).create(actor, {
          ...account,
          fullname: null,
          enabled: true,
        });
        const row = await subAccounts.find(actor.user.id, created.email);
        if (!row) throw notFound(`Sub-account "${created.email}" not found.`);
        await new BusinessRegistryConfigurationsRepository(tx).link(registryUuid, row.id);
        return row;
      }),
  };
}
