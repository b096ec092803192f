import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import {
  OB_SEPA_INSTANT_MAX_AMOUNT,
  OB_SEPA_MAX_AMOUNT,
  violationCodes,
  type ObPayment,
  type ObReceivePayment,
} from '@fiscus/contracts';
import { itInvoices, obPayments, type ObPaymentRow } from '../../../db/schema/index.ts';
import {
  AggregatorError,
  type BankAggregator,
} from '../../../gateways/bank-aggregator/bank-aggregator.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { fromCents, toCents } from '../../../platform/money.ts';
import { unprocessable, violation } from '../../../platform/problem-errors.ts';
import type { ObAccountsService } from '../accounts/accounts.service.ts';
import type { ObRegistriesService } from '../registries/registries.service.ts';

export type PaymentListQuery = {
  page?: number;
  itemsPerPage?: number;
  system?: string | string[];
  'account.uuid'?: string | string[];
  'madeOn[after]'?: string;
  'madeOn[before]'?: string;
};

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function toPayment(row: ObPaymentRow): ObPayment {
  return {
    uuid: row.uuid,
    createdAt: row.createdAt.toISOString(),
    direction: row.direction as ObPayment['direction'],
    system: row.system as ObPayment['system'],
    amount: row.amount,
    currencyCode: row.currencyCode,
    status: row.status as ObPayment['status'],
    description: row.description,
    accountUuid: row.accountUuid,
    payerName: row.payerName,
    payerIban: row.payerIban,
    connectUrl: row.status === 'created' ? row.connectUrl : null,
    invoiceUuid: row.invoiceUuid,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Payments (spec "Payments screen"; provider 7): requests to receive money by SEPA or SEPA Instant
 * on an enabled account with an IBAN, EUR only, with the payer's hosted payment page; listed per
 * registry. A request made for an Italian customer invoice carries its number in the reason, so
 * the money it brings matches the invoice by itself.
 */
export class ObPaymentsService {
  constructor(
    private readonly deps: {
      db: Database;
      aggregator: BankAggregator;
      registries: ObRegistriesService;
      accounts: ObAccountsService;
      clock?: () => Date;
    },
  ) {}

  async list(
    actor: Actor,
    fiscalId: string,
    query: PaymentListQuery,
  ): Promise<CollectionPage<ObPayment>> {
    const registry = await this.deps.registries.rowOf(actor, fiscalId);
    const itemsPerPage = Math.min(query.itemsPerPage ?? 30, 100);
    const page = query.page ?? 1;
    const conditions: (SQL | undefined)[] = [eq(obPayments.registryUuid, registry.uuid)];
    const systems = list(query.system);
    if (systems.length > 0) conditions.push(inArray(obPayments.system, systems));
    const accounts = list(query['account.uuid']);
    if (accounts.length > 0) conditions.push(inArray(obPayments.accountUuid, accounts));
    if (query['madeOn[after]'])
      conditions.push(gte(obPayments.createdAt, new Date(`${query['madeOn[after]']}T00:00:00Z`)));
    if (query['madeOn[before]']) {
      const end = new Date(`${query['madeOn[before]']}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      conditions.push(lt(obPayments.createdAt, end));
    }
    const where = and(...conditions);
    const [total] = await this.deps.db.select({ total: count() }).from(obPayments).where(where);
    const rows = await this.deps.db
      .select()
      .from(obPayments)
      .where(where)
      .orderBy(desc(obPayments.createdAt), asc(obPayments.uuid))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return { items: rows.map(toPayment), total: total?.total ?? 0, page, itemsPerPage };
  }

  async receive(
    actor: Actor,
    system: 'sepa' | 'sepa_instant',
    body: ObReceivePayment,
  ): Promise<{ uuid: string; connectUrl: string }> {
    const account = await this.deps.accounts.rowOf(actor, body.accountUuid);
    const amount = fromCents(toCents(String(body.amount)));
    const violations = [];
    if (!account.connectionUuid)
      violations.push(
        violation(
          'accountUuid',
          'This account has no bank connection: payments are asked on a connected account.',
          violationCodes.invalid,
        ),
      );
    if (!account.enabled)
      violations.push(violation('accountUuid', 'The account is disabled.', violationCodes.invalid));
    if (!account.iban)
      violations.push(
        violation('accountUuid', 'The account has no IBAN to be paid on.', violationCodes.invalid),
      );
    if (account.currencyCode !== 'EUR')
      violations.push(
        violation('accountUuid', 'The account is not in EUR.', violationCodes.invalid),
      );
    const most = system === 'sepa_instant' ? OB_SEPA_INSTANT_MAX_AMOUNT : OB_SEPA_MAX_AMOUNT;
    if (toCents(amount) > toCents(most))
      violations.push(
        violation(
          'amount',
          `At most ${most} EUR can be asked by this scheme.`,
          violationCodes.invalid,
        ),
      );
    let description = String(body.description);
    if (body.invoiceUuid) {
      const [invoice] = await this.deps.db
        .select({ number: itInvoices.invoiceNumber, ownerId: itInvoices.ownerId })
        .from(itInvoices)
        .where(eq(itInvoices.uuid, body.invoiceUuid))
        .limit(1);
      if (!invoice || invoice.ownerId !== (await this.ownerOf(account.registryUuid)))
        violations.push(
          violation(
            'invoiceUuid',
            'No invoice of this account has this id.',
            violationCodes.invalid,
          ),
        );
      else if (invoice.number && !description.includes(invoice.number))
        description = `${description} - Fattura ${invoice.number}`.slice(0, 1000);
    }
    if (violations.length > 0) throw unprocessable(violations);
    const registry = await this.deps.registries.byUuid(account.registryUuid);
    const customerId = await this.deps.registries.customerOf(registry);
    let request;
    try {
      request = await this.deps.aggregator.requestPayment({
        customerId,
        payeeName: registry.businessName,
        accountId: account.aggregatorAccountId,
        system,
        amount,
        currencyCode: 'EUR',
        description,
        locale: registry.locale,
        returnUrl: body.returnUrl ?? null,
      });
    } catch (error) {
      if (error instanceof AggregatorError)
        throw unprocessable([violation('accountUuid', error.message, violationCodes.invalid)]);
      throw error;
    }
    const now = this.deps.clock?.() ?? new Date();
    const [row] = await this.deps.db
      .insert(obPayments)
      .values({
        registryUuid: account.registryUuid,
        accountUuid: account.uuid,
        aggregatorPaymentId: request.id,
        system,
        amount,
        currencyCode: 'EUR',
        description,
        email: body.email ?? null,
        connectUrl: request.url,
        invoiceUuid: body.invoiceUuid ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ uuid: obPayments.uuid });
    return { uuid: row!.uuid, connectUrl: request.url };
  }

  private async ownerOf(registryUuid: string): Promise<string> {
    return (await this.deps.registries.byUuid(registryUuid)).ownerId;
  }
}
