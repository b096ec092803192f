import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { violationCodes, type ObAccount } from '@fiscus/contracts';
import {
  obAccounts,
  obBusinessRegistries,
  obConnections,
  obPayments,
  type ObAccountRow,
} from '../../../db/schema/index.ts';
import type { BankAggregator } from '../../../gateways/bank-aggregator/bank-aggregator.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { assertOpenBankingUser, registriesInScope } from '../ob-access.ts';
import { invoicesPaidFrom, refreshInvoicesPaid } from '../reconciliation/open-invoices.ts';
import type { ObRegistriesService } from '../registries/registries.service.ts';

/** The provider shown for an account whose statements are imported as camt files. */
export const STATEMENT_PROVIDER = 'camt statements';

/**
 * Bank accounts of a registry (spec "nested accounts table"; provider 7): listed per registry,
 * turned on and off, reconnected (a new consent through the hosted flow), and deleted only with
 * their whole connection once every account of it is off and none has payments (spec 4).
 */
export class ObAccountsService {
  constructor(
    private readonly deps: {
      db: Database;
      aggregator: BankAggregator;
      registries: ObRegistriesService;
      publicUrl: string;
    },
  ) {}

  private async toAccounts(rows: ObAccountRow[]): Promise<ObAccount[]> {
    if (rows.length === 0) return [];
    const uuids = rows.map((row) => row.uuid);
    const context = await this.deps.db
      .select({
        uuid: obAccounts.uuid,
        fiscalId: obBusinessRegistries.fiscalId,
        providerName: obConnections.providerName,
        consentExpiresAt: obConnections.consentExpiresAt,
      })
      .from(obAccounts)
      .leftJoin(obConnections, eq(obConnections.uuid, obAccounts.connectionUuid))
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obAccounts.registryUuid))
      .where(inArray(obAccounts.uuid, uuids));
    const byUuid = new Map(context.map((row) => [row.uuid, row]));
    const payments = await this.paymentCounts(uuids);
    return rows.map((row) => {
      const extra = byUuid.get(row.uuid);
      return {
        uuid: row.uuid,
        name: row.name,
        iban: row.iban,
        bban: row.bban,
        swift: row.swift,
        balance: row.balance,
        currencyCode: row.currencyCode,
        // An account without a bank connection is read from the statements imported for it.
        providerName: extra?.providerName ?? STATEMENT_PROVIDER,
        nature: row.nature as ObAccount['nature'],
        consentExpiresAt: extra?.consentExpiresAt?.toISOString() ?? null,
        enabled: row.enabled,
        connectionId: row.connectionUuid,
        fiscalId: extra?.fiscalId ?? '',
        paymentsCount: payments.get(row.uuid) ?? 0,
        lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** How many payments each account has had asked on it. */
  private async paymentCounts(uuids: string[]): Promise<Map<string, number>> {
    if (uuids.length === 0) return new Map();
    const rows = await this.deps.db
      .select({ uuid: obPayments.accountUuid, total: count() })
      .from(obPayments)
      .where(inArray(obPayments.accountUuid, uuids))
      .groupBy(obPayments.accountUuid);
    return new Map(rows.map((row) => [row.uuid, row.total]));
  }

  async list(
    actor: Actor,
    fiscalId: string,
    query: { page?: number; itemsPerPage?: number },
  ): Promise<CollectionPage<ObAccount>> {
    const registry = await this.deps.registries.rowOf(actor, fiscalId);
    const itemsPerPage = Math.min(query.itemsPerPage ?? 30, 100);
    const page = query.page ?? 1;
    const where = eq(obAccounts.registryUuid, registry.uuid);
    const [total] = await this.deps.db.select({ total: count() }).from(obAccounts).where(where);
    const rows = await this.deps.db
      .select()
      .from(obAccounts)
      .where(where)
      .orderBy(asc(obAccounts.createdAt), asc(obAccounts.name), asc(obAccounts.uuid))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return { items: await this.toAccounts(rows), total: total?.total ?? 0, page, itemsPerPage };
  }

  /** An account in the actor's scope (404 for another tenant's, as for an unknown one). */
  async rowOf(actor: Actor, uuid: string): Promise<ObAccountRow> {
    assertOpenBankingUser(actor);
    const [row] = await this.deps.db
      .select({ account: obAccounts })
      .from(obAccounts)
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obAccounts.registryUuid))
      .where(and(eq(obAccounts.uuid, uuid), registriesInScope(actor)))
      .limit(1);
    if (!row) throw notFound('Account not found.');
    return row.account;
  }

  async get(actor: Actor, uuid: string): Promise<ObAccount> {
    const [account] = await this.toAccounts([await this.rowOf(actor, uuid)]);
    return account!;
  }

  async setEnabled(actor: Actor, uuid: string, enabled: boolean): Promise<ObAccount> {
    const row = await this.rowOf(actor, uuid);
    await this.deps.db
      .update(obAccounts)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(obAccounts.uuid, row.uuid));
    return this.get(actor, uuid);
  }

  async reconnect(actor: Actor, uuid: string): Promise<{ reconnectUrl: string }> {
    const row = await this.rowOf(actor, uuid);
    if (!row.connectionUuid)
      throw unprocessable([
        violation(
          'connectionId',
          'This account has no bank connection: its statements are imported.',
          violationCodes.invalid,
        ),
      ]);
    if (!row.enabled)
      throw unprocessable([
        violation('enabled', 'A disabled account cannot be reconnected.', violationCodes.invalid),
      ]);
    const [registry] = await this.deps.db
      .select()
      .from(obBusinessRegistries)
      .where(eq(obBusinessRegistries.uuid, row.registryUuid));
    const [connection] = await this.deps.db
      .select()
      .from(obConnections)
      .where(eq(obConnections.uuid, row.connectionUuid));
    const customerId = await this.deps.registries.customerOf(registry!);
    const flow = await this.deps.aggregator.reconnectSession(connection!.aggregatorConnectionId, {
      customerId,
      locale: registry!.locale,
      country: registry!.country,
      returnUrl: `${this.deps.publicUrl}/openbanking/business-registry?connected=${encodeURIComponent(registry!.fiscalId)}`,
    });
    return { reconnectUrl: flow.url };
  }

  /**
   * Deletes the account with every account of its connection (spec 4), only once all of them are
   * disabled and none has payments; the connection ends at the aggregator too.
   */
  async delete(actor: Actor, uuid: string): Promise<{ removedAccounts: string[] }> {
    const row = await this.rowOf(actor, uuid);
    const siblings = row.connectionUuid
      ? await this.deps.db
          .select({ uuid: obAccounts.uuid, enabled: obAccounts.enabled })
          .from(obAccounts)
          .where(eq(obAccounts.connectionUuid, row.connectionUuid))
      : [{ uuid: row.uuid, enabled: row.enabled }];
    const payments = await this.paymentCounts(siblings.map((account) => account.uuid));
    if (siblings.some((account) => account.enabled))
      throw unprocessable([
        violation(
          'enabled',
          'Every account of this bank connection must be disabled before it can be deleted.',
          violationCodes.invalid,
        ),
      ]);
    if (siblings.some((account) => (payments.get(account.uuid) ?? 0) > 0))
      throw unprocessable([
        violation(
          'payments',
          'An account of this bank connection has payments: it cannot be deleted.',
          violationCodes.invalid,
        ),
      ]);
    // The invoices their transactions paid are not paid by them any more.
    const paid = await invoicesPaidFrom(this.deps.db, {
      accountUuids: siblings.map((account) => account.uuid),
    });
    if (!row.connectionUuid) {
      // An account of imported statements goes alone, with its transactions.
      await this.deps.db.delete(obAccounts).where(eq(obAccounts.uuid, row.uuid));
      await refreshInvoicesPaid(this.deps.db, paid);
      return { removedAccounts: [row.uuid] };
    }
    const [connection] = await this.deps.db
      .delete(obConnections)
      .where(eq(obConnections.uuid, row.connectionUuid))
      .returning();
    await refreshInvoicesPaid(this.deps.db, paid);
    if (connection)
      await this.deps.aggregator
        .removeConnection(connection.aggregatorConnectionId)
        .catch(() => undefined);
    return { removedAccounts: siblings.map((account) => account.uuid) };
  }
}
