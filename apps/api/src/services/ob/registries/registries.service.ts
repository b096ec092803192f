import { and, asc, count, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import {
  OB_SUBSCRIPTION_ANNUAL_FEE,
  violationCodes,
  type ObBusinessRegistry,
  type ObBusinessRegistryCreate,
  type ObBusinessRegistryUpdate,
  type ObSubscription,
} from '@fiscus/contracts';
import {
  obAccounts,
  obBusinessRegistries,
  obConnections,
  obPayments,
  obSubscriptions,
  type ObBusinessRegistryRow,
} from '../../../db/schema/index.ts';
import type { BankAggregator } from '../../../gateways/bank-aggregator/bank-aggregator.ts';
import type { Actor } from '../../../platform/auth.ts';
import { escapeLike, type CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { forbidden, notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { recordConsumption } from '../../common/pre-sales/invoice-credit.ts';
import { assertOpenBankingUser, registriesInScope } from '../ob-access.ts';
import { invoicesPaidFrom, refreshInvoicesPaid } from '../reconciliation/open-invoices.ts';

export type RegistryListQuery = {
  page?: number;
  itemsPerPage?: number;
  fiscalId?: string;
  businessName?: string;
};

const YEAR_MS = 365 * 86_400_000;

/**
 * Business registries of open banking (spec "Business registry screen"; provider 7): one per
 * fiscal id in the account, the e-mail unique across registries, data reading off until turned
 * on, which starts the annual subscription (its fee recorded in the month's consumption) and
 * renews it each year while on; turning it off stops the renewal, the paid year runs out.
 */
export class ObRegistriesService {
  constructor(
    private readonly deps: {
      db: Database;
      aggregator: BankAggregator;
      publicUrl: string;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  async rowOf(actor: Actor, fiscalId: string): Promise<ObBusinessRegistryRow> {
    assertOpenBankingUser(actor);
    const [row] = await this.deps.db
      .select()
      .from(obBusinessRegistries)
      .where(and(registriesInScope(actor), eq(obBusinessRegistries.fiscalId, fiscalId)))
      .limit(1);
    if (!row) throw notFound('Business registry not found.');
    return row;
  }

  async byUuid(uuid: string): Promise<ObBusinessRegistryRow> {
    const [row] = await this.deps.db
      .select()
      .from(obBusinessRegistries)
      .where(eq(obBusinessRegistries.uuid, uuid));
    if (!row) throw notFound('Business registry not found.');
    return row;
  }

  private async toRegistries(rows: ObBusinessRegistryRow[]): Promise<ObBusinessRegistry[]> {
    if (rows.length === 0) return [];
    const counts = await this.deps.db
      .select({
        registryUuid: obAccounts.registryUuid,
        total: count(),
        enabled: sql<number>`count(*) filter (where ${obAccounts.enabled})`,
      })
      .from(obAccounts)
      .where(sql`${obAccounts.registryUuid} in ${rows.map((row) => row.uuid)}`)
      .groupBy(obAccounts.registryUuid);
    const byRegistry = new Map(counts.map((row) => [row.registryUuid, row]));
    return rows.map((row) => ({
      uuid: row.uuid,
      fiscalId: row.fiscalId,
      email: row.email,
      businessName: row.businessName,
      emailAlerts: row.emailAlerts,
      locale: (['it', 'en', 'pl'].includes(row.locale) ? row.locale : 'en') as 'it' | 'en' | 'pl',
      country: row.country,
      enabled: row.enabled,
      subAccountId: row.subAccountId,
      accountsCount: Number(byRegistry.get(row.uuid)?.total ?? 0),
      enabledAccountsCount: Number(byRegistry.get(row.uuid)?.enabled ?? 0),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async list(actor: Actor, query: RegistryListQuery): Promise<CollectionPage<ObBusinessRegistry>> {
    assertOpenBankingUser(actor);
    const itemsPerPage = Math.min(query.itemsPerPage ?? 30, 100);
    const page = query.page ?? 1;
    const where = and(
      registriesInScope(actor),
      query.fiscalId
        ? ilike(obBusinessRegistries.fiscalId, `${escapeLike(query.fiscalId.toUpperCase())}%`)
        : undefined,
      query.businessName
        ? ilike(obBusinessRegistries.businessName, `%${escapeLike(query.businessName)}%`)
        : undefined,
    );
    const [total] = await this.deps.db
      .select({ total: count() })
      .from(obBusinessRegistries)
      .where(where);
    const rows = await this.deps.db
      .select()
      .from(obBusinessRegistries)
      .where(where)
      .orderBy(desc(obBusinessRegistries.createdAt), asc(obBusinessRegistries.uuid))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return { items: await this.toRegistries(rows), total: total?.total ?? 0, page, itemsPerPage };
  }

  async get(actor: Actor, fiscalId: string): Promise<ObBusinessRegistry> {
    const [registry] = await this.toRegistries([await this.rowOf(actor, fiscalId)]);
    return registry!;
  }

  async create(actor: Actor, body: ObBusinessRegistryCreate): Promise<ObBusinessRegistry> {
    assertOpenBankingUser(actor);
    const scope = actingScopeOf(actor);
    // A registry is billed to the business: its owner makes it (a sub-account sees those made
    // for it, through `subAccountId`).
    if (scope.subAccountId)
      throw forbidden('Business registries are made by the account owner, not by a sub-account.');
    const fiscalId = String(body.fiscalId);
    const email = String(body.email).toLowerCase();
    const clash = await this.deps.db
      .select({
        ownerId: obBusinessRegistries.ownerId,
        fiscalId: obBusinessRegistries.fiscalId,
        email: obBusinessRegistries.email,
      })
      .from(obBusinessRegistries)
      .where(
        sql`(${obBusinessRegistries.ownerId} = ${scope.ownerId} and ${obBusinessRegistries.fiscalId} = ${fiscalId}) or lower(${obBusinessRegistries.email}) = ${email}`,
      )
      .limit(2);
    const violations = [];
    if (clash.some((row) => row.ownerId === scope.ownerId && row.fiscalId === fiscalId))
      violations.push(
        violation(
          'fiscalId',
          'This account already has a registry with this fiscal id.',
          violationCodes.alreadyUsed,
        ),
      );
    if (clash.some((row) => row.email.toLowerCase() === email))
      violations.push(
        violation(
          'email',
          'Another business registry uses this e-mail.',
          violationCodes.alreadyUsed,
        ),
      );
    if (violations.length > 0) throw unprocessable(violations);
    const now = this.now();
    const [row] = await this.deps.db
      .insert(obBusinessRegistries)
      .values({
        ownerId: scope.ownerId,
        subAccountId: scope.subAccountId,
        fiscalId,
        email,
        businessName: String(body.businessName),
        emailAlerts: body.emailAlerts ?? true,
        locale: body.locale ?? 'en',
        country: body.country ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw unprocessable([
        violation(
          'email',
          'Another business registry uses this e-mail.',
          violationCodes.alreadyUsed,
        ),
      ]);
    return this.get(actor, row.fiscalId);
  }

  async update(
    actor: Actor,
    fiscalId: string,
    body: ObBusinessRegistryUpdate,
  ): Promise<ObBusinessRegistry> {
    const row = await this.rowOf(actor, fiscalId);
    const now = this.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(obBusinessRegistries)
        .set({
          businessName: body.businessName,
          ...(body.emailAlerts === undefined ? {} : { emailAlerts: body.emailAlerts }),
          ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
          updatedAt: now,
        })
        .where(eq(obBusinessRegistries.uuid, row.uuid));
      if (body.enabled === true && !row.enabled) await this.startOrResume(tx, row, now);
      if (body.enabled === false && row.enabled)
        await tx
          .update(obSubscriptions)
          .set({ autoRenew: false })
          .where(
            and(eq(obSubscriptions.registryUuid, row.uuid), gt(obSubscriptions.periodEndsAt, now)),
          );
    });
    return this.get(actor, fiscalId);
  }

  /** Data reading on: the running year's renewal back on, or a new year charged. */
  private async startOrResume(db: Database, row: ObBusinessRegistryRow, now: Date): Promise<void> {
    const [running] = await db
      .select()
      .from(obSubscriptions)
      .where(and(eq(obSubscriptions.registryUuid, row.uuid), gt(obSubscriptions.periodEndsAt, now)))
      .orderBy(desc(obSubscriptions.periodEndsAt))
      .limit(1);
    if (running) {
      await db
        .update(obSubscriptions)
        .set({ autoRenew: true })
        .where(eq(obSubscriptions.uuid, running.uuid));
      return;
    }
    await db.insert(obSubscriptions).values({
      registryUuid: row.uuid,
      periodStartsAt: now,
      periodEndsAt: new Date(now.getTime() + YEAR_MS),
      autoRenew: true,
      fee: OB_SUBSCRIPTION_ANNUAL_FEE,
      createdAt: now,
    });
    await recordConsumption(db, row.ownerId, now, OB_SUBSCRIPTION_ANNUAL_FEE);
  }

  /** Renews the years that ended on registries still reading data (the sync's daily chore). */
  async renewSubscriptions(): Promise<number> {
    const now = this.now();
    const ended = await this.deps.db
      .select({ subscription: obSubscriptions, registry: obBusinessRegistries })
      .from(obSubscriptions)
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obSubscriptions.registryUuid))
      .where(
        and(
          eq(obSubscriptions.active, true),
          eq(obSubscriptions.autoRenew, true),
          sql`${obSubscriptions.periodEndsAt} <= ${now.toISOString()}`,
          eq(obBusinessRegistries.enabled, true),
        ),
      );
    for (const { subscription, registry } of ended) {
      await this.deps.db.transaction(async (tx) => {
        const [closed] = await tx
          .update(obSubscriptions)
          .set({ active: false })
          .where(and(eq(obSubscriptions.uuid, subscription.uuid), eq(obSubscriptions.active, true)))
          .returning({ uuid: obSubscriptions.uuid });
        if (!closed) return;
        await tx.insert(obSubscriptions).values({
          registryUuid: registry.uuid,
          periodStartsAt: subscription.periodEndsAt,
          periodEndsAt: new Date(subscription.periodEndsAt.getTime() + YEAR_MS),
          autoRenew: true,
          fee: OB_SUBSCRIPTION_ANNUAL_FEE,
          createdAt: now,
        });
        await recordConsumption(tx, registry.ownerId, now, OB_SUBSCRIPTION_ANNUAL_FEE);
      });
    }
    return ended.length;
  }

  async subscription(actor: Actor, fiscalId: string): Promise<ObSubscription> {
    const row = await this.rowOf(actor, fiscalId);
    const [subscription] = await this.deps.db
      .select()
      .from(obSubscriptions)
      .where(eq(obSubscriptions.registryUuid, row.uuid))
      .orderBy(desc(obSubscriptions.periodEndsAt))
      .limit(1);
    if (!subscription)
      throw notFound('This registry has no subscription: data reading was never on.');
    const active =
      subscription.active && subscription.periodEndsAt.getTime() > this.now().getTime();
    return {
      fiscal_id: row.fiscalId,
      active,
      period_starts_at: subscription.periodStartsAt.toISOString(),
      period_ends_at: subscription.periodEndsAt.toISOString(),
      auto_renew: subscription.autoRenew,
      auto_renew_at: subscription.autoRenew ? subscription.periodEndsAt.toISOString() : null,
      fee: subscription.fee,
    };
  }

  /**
   * Deletes a registry with everything it holds, but never one with payments asked on it (they
   * are records of money), and ends its connections at the aggregator.
   */
  async delete(actor: Actor, fiscalId: string): Promise<void> {
    const row = await this.rowOf(actor, fiscalId);
    if (actingScopeOf(actor).subAccountId)
      throw forbidden(
        'Business registries are deleted by the account owner, not by a sub-account.',
      );
    const [payments] = await this.deps.db
      .select({ total: count() })
      .from(obPayments)
      .where(eq(obPayments.registryUuid, row.uuid));
    if ((payments?.total ?? 0) > 0)
      throw unprocessable([
        violation(
          'fiscalId',
          'This registry has payments: it cannot be deleted.',
          violationCodes.invalid,
        ),
      ]);
    const connections = await this.deps.db
      .select({ id: obConnections.aggregatorConnectionId })
      .from(obConnections)
      .where(eq(obConnections.registryUuid, row.uuid));
    const paid = await invoicesPaidFrom(this.deps.db, { registryUuid: row.uuid });
    await this.deps.db.delete(obBusinessRegistries).where(eq(obBusinessRegistries.uuid, row.uuid));
    await refreshInvoicesPaid(this.deps.db, paid);
    for (const connection of connections) {
      await this.deps.aggregator.removeConnection(connection.id).catch(() => undefined);
    }
  }

  /**
   * The hosted connect flow's link (provider 7): data reading must be on (it is what is billed).
   * The flow's end comes back to `returnUrl` (the console's registry page by default).
   */
  async connect(
    actor: Actor,
    fiscalId: string,
    body: { locale?: string; country?: string; returnUrl?: string },
  ): Promise<{ connectUrl: string }> {
    const row = await this.rowOf(actor, fiscalId);
    if (!row.enabled)
      throw unprocessable([
        violation(
          'enabled',
          'Turn data reading on before connecting a bank.',
          violationCodes.invalid,
        ),
      ]);
    const customerId = await this.customerOf(row);
    const flow = await this.deps.aggregator.connectSession({
      customerId,
      locale: body.locale ?? row.locale,
      country: body.country ?? row.country,
      returnUrl:
        body.returnUrl ??
        `${this.deps.publicUrl}/openbanking/business-registry?connected=${encodeURIComponent(row.fiscalId)}`,
    });
    return { connectUrl: flow.url };
  }

  async customerOf(row: ObBusinessRegistryRow): Promise<string> {
    if (row.aggregatorCustomerId) return row.aggregatorCustomerId;
    const customerId = await this.deps.aggregator.customer(`fiscus:${row.uuid}`);
    await this.deps.db
      .update(obBusinessRegistries)
      .set({ aggregatorCustomerId: customerId })
      .where(eq(obBusinessRegistries.uuid, row.uuid));
    return customerId;
  }
}
