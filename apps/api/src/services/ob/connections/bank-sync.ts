import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { obWebhookEventKey, type ObWebhookEvent } from '@fiscus/contracts';
import { z } from 'zod';
import {
  obAccounts,
  obBusinessRegistries,
  obConnections,
  obPayments,
  obTransactions,
  type ObBusinessRegistryRow,
  type ObConnectionRow,
} from '../../../db/schema/index.ts';
import {
  AggregatorError,
  type AggregatorCallbacks,
  type AggregatorEvent,
  type BankAggregator,
} from '../../../gateways/bank-aggregator/bank-aggregator.ts';
import { romeClock } from '../../../gateways/ade-receipts/rome-clock.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import { addDays } from '../../it/invoice-download/rome-days.ts';
import { planFeedMerge, type FeedEntry } from '../transactions/feed-merge.ts';
import type { ObRegistriesService } from '../registries/registries.service.ts';

export const OB_EVENT_JOB = 'ob.aggregator-event';
export const OB_SYNC_JOB = 'ob.sync-connection';
export const OB_SYNC_ALL_JOB = 'ob.sync-all';

/** Provider 7 `reconnect`: noticeLevel 0, 1, 2 when 20, 10, 0 days are left. */
export function noticeLevelOf(consentExpiresAt: Date, now: Date): 0 | 1 | 2 | null {
  const daysLeft = Math.ceil((consentExpiresAt.getTime() - now.getTime()) / 86_400_000);
  if (daysLeft <= 0) return 2;
  if (daysLeft <= 10) return 1;
  if (daysLeft <= 20) return 0;
  return null;
}

/** Days the feed is read back beyond the last sync (a bank books late, dates move). */
const OVERLAP_DAYS = 7;
const EARLIEST_DAY = '1970-01-01';

const eventSchema = z.union([
  z.object({
    type: z.literal('connect'),
    kind: z.enum(['connect', 'reconnect']),
    customerId: z.string(),
    connectionId: z.string().nullable(),
    success: z.boolean(),
    errorClass: z.string().nullable(),
    accountIds: z.array(z.string()),
  }),
  z.object({
    type: z.literal('payment'),
    customerId: z.string(),
    paymentId: z.string(),
    status: z.string(),
  }),
]);

const ERROR_MESSAGES: Record<string, string> = {
  Timeout: 'The bank did not answer in time.',
  InvalidCredentials: 'The bank refused the credentials.',
  AccessDenied: 'The user refused the consent.',
  ProviderError: 'The bank reported an error.',
  GenericError: 'The connection failed.',
};

/**
 * The provider's side of the aggregator: what its callbacks say (a connect flow ended, a payment
 * moved) is applied on the worker (`ob.aggregator-event`), connections are read every five
 * minutes (accounts, balances, the feeds merged by `planFeedMerge`), consents about to expire get
 * their reconnect notices at 20, 10 and 0 days (webhook and mail, once each), and the yearly
 * subscriptions renew.
 */
export class ObBankSync {
  /** Called for each account's new inbound transactions (the reconciliation hooks in here). */
  private afterSync: (accountUuid: string) => Promise<void> = async () => undefined;

  constructor(
    private readonly deps: {
      db: Database;
      jobs: JobQueue;
      aggregator: BankAggregator;
      mailer: Mailer;
      registries: ObRegistriesService;
      publicUrl: string;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  onSynced(hook: (accountUuid: string) => Promise<void>): void {
    this.afterSync = hook;
  }

  /** What the aggregator calls back with, queued for the worker (a callback answers at once). */
  callbacks(): AggregatorCallbacks {
    return {
      notify: async (event) => {
        await this.deps.jobs.enqueue(OB_EVENT_JOB, event, { maxAttempts: 8, backoffMs: 2000 });
      },
    };
  }

  registerJobs(worker: JobWorker): void {
    worker.register(OB_EVENT_JOB, (payload) =>
      this.handle(eventSchema.parse(payload) as AggregatorEvent),
    );
    worker.register(OB_SYNC_JOB, async (payload) => {
      await this.syncConnection(
        z.object({ connectionUuid: z.uuid() }).parse(payload).connectionUuid,
      );
    });
    worker.register(OB_SYNC_ALL_JOB, () => this.syncAll());
  }

  async scheduleSync(): Promise<void> {
    await this.deps.jobs.schedule(OB_SYNC_ALL_JOB, '*/5 * * * *', {});
  }

  private async registryOfCustomer(customerId: string): Promise<ObBusinessRegistryRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(obBusinessRegistries)
      .where(eq(obBusinessRegistries.aggregatorCustomerId, customerId))
      .limit(1);
    return row;
  }

  private async announce(
    registry: ObBusinessRegistryRow,
    event: ObWebhookEvent,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await publishWebhookEvent(this.deps.jobs, {
      ownerId: registry.ownerId,
      event: obWebhookEventKey(event),
      payload: { fiscalId: registry.fiscalId, ...payload },
    });
  }

  async handle(event: AggregatorEvent): Promise<void> {
    const registry = await this.registryOfCustomer(event.customerId);
    if (!registry) return;
    if (event.type === 'payment') return this.paymentMoved(registry, event.paymentId);
    if (!event.success || !event.connectionId) {
      const errorClass = event.errorClass ?? 'GenericError';
      await this.announce(registry, 'connect', {
        success: false,
        errorClass,
        errorMessage: ERROR_MESSAGES[errorClass] ?? ERROR_MESSAGES.GenericError,
      });
      return;
    }
    const connection = await this.deps.aggregator.connection(event.connectionId);
    const now = this.now();
    const [stored] = await this.deps.db
      .insert(obConnections)
      .values({
        registryUuid: registry.uuid,
        aggregatorConnectionId: connection.id,
        providerCode: connection.providerCode,
        providerName: connection.providerName,
        consentExpiresAt: connection.consentExpiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: obConnections.aggregatorConnectionId,
        // A renewed consent starts its notices again.
        set: {
          consentExpiresAt: connection.consentExpiresAt,
          lastNoticeLevel: null,
          updatedAt: now,
        },
      })
      .returning();
    const accounts = await this.deps.aggregator.accounts(connection.id);
    const picked = accounts.filter((account) => event.accountIds.includes(account.id));
    const updated: string[] = [];
    for (const account of picked) {
      const [row] = await this.deps.db
        .insert(obAccounts)
        .values({
          registryUuid: registry.uuid,
          connectionUuid: stored!.uuid,
          aggregatorAccountId: account.id,
          name: account.name,
          iban: account.iban,
          bban: account.bban,
          swift: account.swift,
          nature: account.nature,
          currencyCode: account.currencyCode,
          balance: account.balance,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: obAccounts.aggregatorAccountId,
          set: { balance: account.balance, updatedAt: now },
        })
        .returning({ uuid: obAccounts.uuid });
      updated.push(row!.uuid);
    }
    await this.syncConnection(stored!.uuid);
    await this.announce(registry, 'connect', { success: true, updatedAccounts: updated });
  }

  private async paymentMoved(registry: ObBusinessRegistryRow, paymentId: string): Promise<void> {
    const payment = await this.deps.aggregator.payment(paymentId);
    const [row] = await this.deps.db
      .update(obPayments)
      .set({
        status: payment.status,
        payerName: payment.payerName,
        payerIban: payment.payerIban,
        updatedAt: this.now(),
      })
      .where(eq(obPayments.aggregatorPaymentId, paymentId))
      .returning();
    if (!row) return;
    if (payment.status === 'accepted') {
      const [account] = await this.deps.db
        .select({ connectionUuid: obAccounts.connectionUuid })
        .from(obAccounts)
        .where(eq(obAccounts.uuid, row.accountUuid));
      if (account?.connectionUuid) await this.syncConnection(account.connectionUuid);
    }
    await this.announce(registry, 'payment', {
      success: payment.status === 'accepted',
      payment: {
        uuid: row.uuid,
        direction: row.direction,
        status: row.status,
        system: row.system,
        amount: row.amount,
        currencyCode: row.currencyCode,
        description: row.description,
        accountUuid: row.accountUuid,
        payerName: row.payerName,
        payerIban: row.payerIban,
        createdAt: row.createdAt.toISOString(),
      },
    });
  }

  /**
   * Reads one connection: consent, balances, and each enabled account's feed merged into its
   * transactions (under the account's row lock: two workers never merge one feed twice).
   */
  async syncConnection(connectionUuid: string): Promise<void> {
    const [connection] = await this.deps.db
      .select({ connection: obConnections, registry: obBusinessRegistries })
      .from(obConnections)
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obConnections.registryUuid))
      .where(eq(obConnections.uuid, connectionUuid));
    if (!connection || !connection.registry.enabled) return;
    const now = this.now();
    let remote;
    try {
      remote = await this.deps.aggregator.connection(connection.connection.aggregatorConnectionId);
    } catch (error) {
      if (error instanceof AggregatorError && error.code === 'not-found') return;
      throw error;
    }
    const balances = new Map(
      (await this.deps.aggregator.accounts(remote.id)).map((account) => [
        account.id,
        account.balance,
      ]),
    );
    const accounts = await this.deps.db
      .select()
      .from(obAccounts)
      .where(eq(obAccounts.connectionUuid, connectionUuid))
      .orderBy(asc(obAccounts.createdAt));
    for (const account of accounts) {
      const balance = balances.get(account.aggregatorAccountId);
      if (balance !== undefined)
        await this.deps.db
          .update(obAccounts)
          .set({ balance })
          .where(eq(obAccounts.uuid, account.uuid));
      if (!account.enabled) continue;
      try {
        await this.syncAccount(account.uuid, account.aggregatorAccountId, account.lastSyncAt);
      } catch (error) {
        if (error instanceof AggregatorError && error.code === 'consent-expired') break;
        throw error;
      }
      await this.afterSync(account.uuid);
    }
    await this.deps.db
      .update(obConnections)
      .set({ consentExpiresAt: remote.consentExpiresAt, lastSyncAt: now, updatedAt: now })
      .where(eq(obConnections.uuid, connectionUuid));
  }

  private async syncAccount(
    accountUuid: string,
    aggregatorAccountId: string,
    lastSyncAt: Date | null,
  ): Promise<void> {
    const now = this.now();
    // The feed is read before the write transaction: the aggregator is another system (here one
    // on the same database, whose own transaction must not wait inside this one).
    const [oldestPending] = await this.deps.db
      .select({ day: sql<string | null>`min(${obTransactions.madeOn})` })
      .from(obTransactions)
      .where(
        and(
          eq(obTransactions.accountUuid, accountUuid),
          eq(obTransactions.status, 'pending'),
          eq(obTransactions.source, 'bank'),
        ),
      );
    const lastDay = lastSyncAt ? addDays(romeClock(lastSyncAt).day, -OVERLAP_DAYS) : EARLIEST_DAY;
    const from = [lastDay, oldestPending?.day ?? lastDay].sort()[0]!;
    const feed = await this.deps.aggregator.transactions(aggregatorAccountId, from);
    await this.deps.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(obAccounts)
        .where(eq(obAccounts.uuid, accountUuid))
        .for('update');
      if (!account) return;
      const stored = await tx
        .select()
        .from(obTransactions)
        .where(
          and(
            eq(obTransactions.accountUuid, accountUuid),
            eq(obTransactions.source, 'bank'),
            sql`${obTransactions.madeOn} >= ${addDays(from, -5)}`,
          ),
        );
      const plan = planFeedMerge(
        stored.map((row) => ({
          uuid: row.uuid,
          bankId: row.bankId,
          endToEndId: row.endToEndId,
          madeOn: row.madeOn,
          amount: row.amount,
          status: row.status as FeedEntry['status'],
          description: row.description,
          payer: row.payer,
          payee: row.payee,
          duplicated: row.duplicated,
        })),
        feed,
      );
      const fieldsOf = (entry: FeedEntry) => ({
        bankId: entry.bankId,
        madeOn: entry.madeOn,
        postingDate: entry.postingDate,
        amount: entry.amount,
        currencyCode: entry.currencyCode,
        description: entry.description,
        category: entry.category,
        status: entry.status,
        payer: entry.payer,
        payee: entry.payee,
        counterpartyIban: entry.counterpartyIban,
        endToEndId: entry.endToEndId,
        remittance: entry.remittance,
      });
      const byUuid = new Map(stored.map((row) => [row.uuid, row]));
      for (const update of plan.updates) {
        const row = byUuid.get(update.uuid);
        const next = fieldsOf(update.entry);
        if (
          row &&
          row.bankId === next.bankId &&
          row.status === next.status &&
          row.amount === next.amount &&
          row.postingDate === next.postingDate &&
          row.madeOn === next.madeOn
        )
          continue;
        await tx
          .update(obTransactions)
          .set({ ...next, updatedAt: now })
          .where(eq(obTransactions.uuid, update.uuid));
      }
      const inserts = plan.inserts.map((insert) => ({
        registryUuid: account.registryUuid,
        accountUuid,
        source: 'bank',
        ...fieldsOf(insert.entry),
        duplicated: insert.duplicated,
        createdAt: now,
        updatedAt: now,
      }));
      for (let index = 0; index < inserts.length; index += 500)
        await tx.insert(obTransactions).values(inserts.slice(index, index + 500));
      await tx.update(obAccounts).set({ lastSyncAt: now }).where(eq(obAccounts.uuid, accountUuid));
    });
  }

  /** Every five minutes: connections of registries reading data, notices, renewals. */
  async syncAll(): Promise<void> {
    const connections = await this.deps.db
      .select({ connection: obConnections, registry: obBusinessRegistries })
      .from(obConnections)
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obConnections.registryUuid))
      .where(eq(obBusinessRegistries.enabled, true));
    for (const { connection, registry } of connections) {
      await this.noticeIfDue(connection, registry);
      await this.deps.jobs.enqueue(
        OB_SYNC_JOB,
        { connectionUuid: connection.uuid },
        { singletonKey: connection.uuid, maxAttempts: 3 },
      );
    }
    await this.deps.registries.renewSubscriptions();
  }

  /**
   * The reconnect notice of the consent's level (20, 10, 0 days left), once per level: claimed in
   * the database first, so two processes never send one twice.
   */
  async noticeIfDue(
    connection: ObConnectionRow,
    registry: ObBusinessRegistryRow,
  ): Promise<boolean> {
    if (!connection.consentExpiresAt) return false;
    const level = noticeLevelOf(connection.consentExpiresAt, this.now());
    if (level === null) return false;
    const [claimed] = await this.deps.db
      .update(obConnections)
      .set({ lastNoticeLevel: level })
      .where(
        and(
          eq(obConnections.uuid, connection.uuid),
          or(isNull(obConnections.lastNoticeLevel), lt(obConnections.lastNoticeLevel, level)),
        ),
      )
      .returning({ uuid: obConnections.uuid });
    if (!claimed) return false;
    const customerId = await this.deps.registries.customerOf(registry);
    const flow = await this.deps.aggregator.reconnectSession(connection.aggregatorConnectionId, {
      customerId,
      locale: registry.locale,
      country: registry.country,
      returnUrl: `${this.deps.publicUrl}/openbanking/business-registry?connected=${encodeURIComponent(registry.fiscalId)}`,
    });
    await this.announce(registry, 'reconnect', {
      connectUrl: flow.url,
      providerName: connection.providerName,
      consentExpiresAt: connection.consentExpiresAt.toISOString(),
      noticeLevel: level,
    });
    if (registry.emailAlerts) {
      const days = [20, 10, 0][level];
      await this.deps.mailer.send({
        to: registry.email,
        subject:
          level === 2
            ? `Consenso scaduto / Consent expired: ${connection.providerName}`
            : `Rinnova il consenso / Renew your consent: ${connection.providerName} (${days})`,
        text: [
          `${registry.businessName} (${registry.fiscalId})`,
          '',
          level === 2
            ? `Il consenso di ${connection.providerName} è scaduto: i movimenti non si aggiornano più. / The consent for ${connection.providerName} has expired: transactions no longer update.`
            : `Il consenso di ${connection.providerName} scade tra ${days} giorni. / The consent for ${connection.providerName} expires in ${days} days.`,
          '',
          `Rinnova / Renew: ${flow.url}`,
        ].join('\n'),
      });
    }
    return true;
  }
}
