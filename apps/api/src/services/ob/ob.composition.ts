import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { BankAggregator } from '../../gateways/bank-aggregator/bank-aggregator.ts';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { WebhookDelivery } from '../../platform/webhooks/webhook-delivery.ts';
import { ObAccountsService } from './accounts/accounts.service.ts';
import { ObBankSync } from './connections/bank-sync.ts';
import {
  obAccountsRoutes,
  obPaymentsRoutes,
  obRegistriesRoutes,
  obTransactionsRoutes,
  obWebhooksRoutes,
} from './ob.routes.ts';
import { ObPaymentsService } from './payments/payments.service.ts';
import { obReconciliationRoutes } from './reconciliation/reconciliation.routes.ts';
import { ObReconciliationService } from './reconciliation/reconciliation.service.ts';
import { ObRegistriesService } from './registries/registries.service.ts';
import { ObTransactionsService } from './transactions/transactions.service.ts';
import { ObWebhooksService } from './webhooks/ob-webhooks.service.ts';

export type OpenBanking = {
  registries: ObRegistriesService;
  accounts: ObAccountsService;
  payments: ObPaymentsService;
  transactions: ObTransactionsService;
  webhooks: ObWebhooksService;
  sync: ObBankSync;
  reconciliation: ObReconciliationService;
};

/**
 * Builds open banking once: registries (subscription, connect flow), accounts, payments,
 * transactions, webhooks, and the sync with the aggregator (its callbacks, the five-minute read of
 * every connection, the consent notices) on the worker. `aggregator` is the aggregator this
 * instance talks to: the sandbox of `gateways/bank-aggregator`.
 */
export function composeOpenBanking(deps: {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  mailer: Mailer;
  webhookDelivery: WebhookDelivery;
  aggregator: BankAggregator;
  clock?: () => Date;
}): OpenBanking {
  const clock = deps.clock ? { clock: deps.clock } : {};
  const { db, config, aggregator } = deps;
  const registries = new ObRegistriesService({
    db,
    aggregator,
    publicUrl: config.publicUrl,
    ...clock,
  });
  const accounts = new ObAccountsService({
    db,
    aggregator,
    registries,
    publicUrl: config.publicUrl,
  });
  const payments = new ObPaymentsService({ db, aggregator, registries, accounts, ...clock });
  const transactions = new ObTransactionsService({ db, registries });
  const webhooks = new ObWebhooksService({
    db,
    delivery: deps.webhookDelivery,
    allowPrivate: config.webhookAllowPrivate,
  });
  const sync = new ObBankSync({
    db,
    jobs: deps.jobs,
    aggregator,
    mailer: deps.mailer,
    registries,
    publicUrl: config.publicUrl,
    ...clock,
  });
  sync.registerJobs(deps.worker);
  const reconciliation = new ObReconciliationService({ db, registries, accounts, ...clock });
  // Incoming money is matched to open invoices as soon as a sync has brought it.
  sync.onSynced(async (accountUuid) => {
    await reconciliation.matchAccount(accountUuid);
  });
  return { registries, accounts, payments, transactions, webhooks, sync, reconciliation };
}

/** Mounted at `/api/ob`. */
export const openBankingPlugin: FastifyPluginAsync<{ openBanking: OpenBanking }> = async (
  app,
  { openBanking },
) => {
  await openBanking.sync.scheduleSync();
  await app.register(obRegistriesRoutes, { service: openBanking.registries });
  await app.register(obAccountsRoutes, { service: openBanking.accounts });
  await app.register(obPaymentsRoutes, { service: openBanking.payments });
  await app.register(obTransactionsRoutes, { service: openBanking.transactions });
  await app.register(obWebhooksRoutes, { service: openBanking.webhooks });
  await app.register(obReconciliationRoutes, { service: openBanking.reconciliation });
};
