import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { obCategories, obMatchSchema, type ObTransaction } from '@fiscus/contracts';
import { obTransactions, type ObTransactionRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { ObRegistriesService } from '../registries/registries.service.ts';
import { assertOpenBankingUser } from '../ob-access.ts';

export type TransactionListQuery = {
  page?: number;
  itemsPerPage?: number;
  category?: string | string[];
  'account.uuid'?: string | string[];
  'madeOn[after]'?: string;
  'madeOn[before]'?: string;
  status?: string;
  duplicated?: string;
};

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function toTransaction(row: ObTransactionRow): ObTransaction {
  const match = obMatchSchema.safeParse(row.match);
  return {
    transactionId: row.uuid,
    accountUuid: row.accountUuid,
    madeOn: row.madeOn,
    postingDate: row.postingDate,
    description: row.description,
    category: ((obCategories as readonly string[]).includes(row.category)
      ? row.category
      : 'uncategorized') as ObTransaction['category'],
    amount: row.amount,
    currencyCode: row.currencyCode,
    status: row.status as ObTransaction['status'],
    duplicated: row.duplicated,
    payer: row.payer,
    payee: row.payee,
    counterpartyIban: row.counterpartyIban,
    endToEndId: row.endToEndId,
    match: match.success ? match.data : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Transactions of a registry's accounts (spec "Transactions screen"), newest first. */
export class ObTransactionsService {
  constructor(private readonly deps: { db: Database; registries: ObRegistriesService }) {}

  async list(
    actor: Actor,
    fiscalId: string,
    query: TransactionListQuery,
  ): Promise<CollectionPage<ObTransaction>> {
    const registry = await this.deps.registries.rowOf(actor, fiscalId);
    const itemsPerPage = Math.min(query.itemsPerPage ?? 30, 100);
    const page = query.page ?? 1;
    const conditions: (SQL | undefined)[] = [eq(obTransactions.registryUuid, registry.uuid)];
    const categories = list(query.category);
    if (categories.length > 0) conditions.push(inArray(obTransactions.category, categories));
    const accounts = list(query['account.uuid']);
    if (accounts.length > 0) conditions.push(inArray(obTransactions.accountUuid, accounts));
    if (query['madeOn[after]']) conditions.push(gte(obTransactions.madeOn, query['madeOn[after]']));
    if (query['madeOn[before]'])
      conditions.push(lte(obTransactions.madeOn, query['madeOn[before]']));
    if (query.status) conditions.push(eq(obTransactions.status, query.status));
    if (query.duplicated !== undefined)
      conditions.push(
        eq(obTransactions.duplicated, query.duplicated === 'true' || query.duplicated === '1'),
      );
    const where = and(...conditions);
    const [total] = await this.deps.db.select({ total: count() }).from(obTransactions).where(where);
    const rows = await this.deps.db
      .select()
      .from(obTransactions)
      .where(where)
      .orderBy(
        desc(obTransactions.madeOn),
        desc(obTransactions.createdAt),
        asc(obTransactions.uuid),
      )
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return { items: rows.map(toTransaction), total: total?.total ?? 0, page, itemsPerPage };
  }

  categories(actor: Actor): CollectionPage<{ category: (typeof obCategories)[number] }> {
    assertOpenBankingUser(actor);
    const items = obCategories.map((category) => ({ category }));
    return { items, total: items.length, page: 1, itemsPerPage: items.length };
  }
}
