import type { AppConfig } from '../../config.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { AuthRepository } from './auth/auth.repository.ts';
import { AuthService, PASSWORD_RESET_MAIL_JOB } from './auth/auth.service.ts';
import { PreSaleActionsRepository } from './pre-sale-actions/pre-sale-actions.repository.ts';
import { PreSaleActionsService } from './pre-sale-actions/pre-sale-actions.service.ts';
import { PreSalesRepository } from './pre-sales/pre-sales.repository.ts';
import { PreSalesService } from './pre-sales/pre-sales.service.ts';
import { SubAccountsRepository } from './sub-accounts/sub-accounts.repository.ts';
import { SubAccountsService } from './sub-accounts/sub-accounts.service.ts';
import { UsersRepository } from './users/users.repository.ts';
import { UsersService } from './users/users.service.ts';

/** The common service's objects, built once per app by `composeCommon`. */
export type CommonServices = {
  /** The accounts the authenticate hook reads (stored roles, token version). */
  accounts: UsersRepository;
  auth: AuthService;
  users: UsersService;
  subAccounts: SubAccountsService;
  preSales: PreSalesService;
  preSaleActions: PreSaleActionsService;
};

export type CommonDependencies = {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  jobs: JobQueue;
  worker: JobWorker;
  /** Signs a login token (the app's JWT plugin, registered after this composition). */
  signToken: (user: UserRow) => string;
};

/**
 * Builds the common service (accounts, login, sub-accounts, credit) and registers its jobs. The
 * routes only mount what this returns (`commonRoutes`).
 */
export function composeCommon({
  db,
  config,
  mailer,
  jobs,
  worker,
  signToken,
}: CommonDependencies): CommonServices {
  const accounts = new UsersRepository(db);
  const preSalesRepository = new PreSalesRepository(db);
  const auth = new AuthService(
    accounts,
    new AuthRepository(db),
    mailer,
    signToken,
    config.publicUrl,
    jobs,
  );
  worker.register(PASSWORD_RESET_MAIL_JOB, (payload) => auth.mailResetLink(payload));
  return {
    accounts,
    auth,
    users: new UsersService(accounts, config.platformKeys, signToken),
    subAccounts: new SubAccountsService(new SubAccountsRepository(db)),
    preSales: new PreSalesService(preSalesRepository, db),
    preSaleActions: new PreSaleActionsService(new PreSaleActionsRepository(db), preSalesRepository),
  };
}
