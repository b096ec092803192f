import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type {
  ItTsExpenseRow,
  ItTsRequestRow,
  NewItTsExpenseRow,
} from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itTsExpenses,
  itTsRequestExpenses,
  itTsRequests,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForCompany } from '../../../platform/tenancy.ts';

/*
 * Sistema TS expenses, owned by the business (`businessOf`); an expense belongs to the company of
 * its owner's fiscal code, so the acting scope (`actingScopeOf`) shows a sub-account the expenses
 * of the registries linked to it only, in SQL, read at each request.
 */

/** An expense's part in one transmission: the request, and this expense's outcome in it. */
export type ExpenseTransmission = {
  request: ItTsRequestRow;
  outcome: number | null;
  responses: unknown;
};

export type ExpenseWithRequests = ItTsExpenseRow & { transmissions: ExpenseTransmission[] };

export class ExpensesRepository extends OwnedRepository<
  typeof itTsExpenses,
  ActingScope,
  ExpenseWithRequests
> {
  constructor(db: Database) {
    super(db, {
      table: itTsExpenses,
      owner: itTsExpenses.ownerId,
      id: itTsExpenses.uuid,
      updatedAt: itTsExpenses.updatedAt,
      collection: {
        filters: {
          codice_fiscale_proprietario: { kind: 'exact', column: itTsExpenses.ownerFiscalCode },
          codice_fiscale_cittadino: { kind: 'exact', column: itTsExpenses.citizenFiscalCode },
          expense_type: { kind: 'exact', column: itTsExpenses.expenseType },
          status: { kind: 'exact', column: itTsExpenses.status },
          document_number: { kind: 'exact', column: itTsExpenses.documentNumber },
          created_at: { kind: 'date', column: itTsExpenses.createdAt },
          document_date: { kind: 'date', column: itTsExpenses.documentDate },
        },
        order: {
          created_at: itTsExpenses.createdAt,
          document_date: itTsExpenses.documentDate,
          amount: itTsExpenses.amount,
        },
        defaultOrder: [desc(itTsExpenses.createdAt), desc(itTsExpenses.id)],
      },
    });
  }

  protected override scoped(
    scope: ActingScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(itTsExpenses.ownerId, scope.ownerId),
      actsForCompany(this.db, scope, itTsExpenses.ownerFiscalCode),
      ...conditions,
    );
  }

  protected override async withDetails(rows: ItTsExpenseRow[]): Promise<ExpenseWithRequests[]> {
    const uuids = rows.map((row) => row.uuid);
    const links =
      uuids.length === 0
        ? []
        : await this.db
            .select({
              expenseUuid: itTsRequestExpenses.expenseUuid,
              outcome: itTsRequestExpenses.outcome,
              responses: itTsRequestExpenses.responses,
              request: itTsRequests,
            })
            .from(itTsRequestExpenses)
            .innerJoin(itTsRequests, eq(itTsRequests.id, itTsRequestExpenses.requestId))
            .where(inArray(itTsRequestExpenses.expenseUuid, uuids))
            .orderBy(asc(itTsRequests.id));
    return rows.map((row) => ({
      ...row,
      transmissions: links
        .filter((link) => link.expenseUuid === row.uuid)
        .map(({ request, outcome, responses }) => ({ request, outcome, responses })),
    }));
  }

  /** Whether the business has a registry of this fiscal code (the owner an expense is sent for). */
  async hasRegistry(ownerId: string, fiscalCode: string): Promise<boolean> {
    const registries = itBusinessRegistryConfigurations;
    const [row] = await this.db
      .select({ uuid: registries.uuid })
      .from(registries)
      .where(and(eq(registries.ownerId, ownerId), eq(registries.fiscalId, fiscalCode)))
      .limit(1);
    return row !== undefined;
  }

  /** Stores the expenses of one transmission and the transmission itself, in `tx`. */
  async insertTransmission(
    tx: Database,
    request: { ownerId: string; ownerFiscalCode: string; createdAt: Date },
    expenses: NewItTsExpenseRow[],
  ): Promise<{ requestId: number; expenses: ItTsExpenseRow[] }> {
    const stored = await tx.insert(itTsExpenses).values(expenses).returning();
    const [row] = await tx
      .insert(itTsRequests)
      .values({ ...request, requestType: 'insert', updatedAt: request.createdAt })
      .returning({ id: itTsRequests.id });
    if (!row) throw new Error('insert returned no request');
    // `returning` keeps the order of the values.
    await tx.insert(itTsRequestExpenses).values(
      stored.map((expense, position) => ({
        requestId: row.id,
        expenseUuid: expense.uuid,
        position,
      })),
    );
    return { requestId: row.id, expenses: stored };
  }

  /**
   * Starts the cancellation of an expense in `tx`: locks it, and when `may(status)` allows it
   * stores the cancellation's transmission and marks the expense pending; resolves with the
   * transmission's id, or undefined when the expense is not the scope's or may not be cancelled.
   */
  async insertCancellation(
    tx: Database,
    scope: ActingScope,
    uuid: string,
    now: Date,
    may: (status: string) => boolean,
  ): Promise<{ requestId: number } | { refused: 'not-found' | 'not-cancellable' }> {
    const [expense] = await tx
      .select()
      .from(itTsExpenses)
      .where(this.scoped(scope, eq(itTsExpenses.uuid, uuid)))
      .for('update');
    if (!expense) return { refused: 'not-found' };
    if (!may(expense.status)) return { refused: 'not-cancellable' };
    const [row] = await tx
      .insert(itTsRequests)
      .values({
        ownerId: expense.ownerId,
        ownerFiscalCode: expense.ownerFiscalCode,
        requestType: 'delete',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: itTsRequests.id });
    if (!row) throw new Error('insert returned no request');
    await tx
      .insert(itTsRequestExpenses)
      .values({ requestId: row.id, expenseUuid: uuid, position: 0 });
    await tx
      .update(itTsExpenses)
      .set({ status: 'pending', updatedAt: now })
      .where(eq(itTsExpenses.uuid, uuid));
    return { requestId: row.id };
  }

  /** The outcome of the expense's latest processed insertion (what a failed cancellation leaves). */
  async insertOutcomeOf(expenseUuid: string): Promise<number | null> {
    const [row] = await this.db
      .select({ outcome: itTsRequestExpenses.outcome })
      .from(itTsRequestExpenses)
      .innerJoin(itTsRequests, eq(itTsRequests.id, itTsRequestExpenses.requestId))
      .where(
        and(
          eq(itTsRequestExpenses.expenseUuid, expenseUuid),
          eq(itTsRequests.requestType, 'insert'),
          isNotNull(itTsRequestExpenses.outcome),
        ),
      )
      .orderBy(desc(itTsRequests.id))
      .limit(1);
    return row?.outcome ?? null;
  }

  /** A transmission by id, whoever owns it: the jobs' read (they hold only the id). */
  async request(id: number): Promise<ItTsRequestRow | undefined> {
    const [row] = await this.db.select().from(itTsRequests).where(eq(itTsRequests.id, id));
    return row;
  }

  /** The expenses of a transmission, in its order. */
  async expensesOf(requestId: number): Promise<ItTsExpenseRow[]> {
    const rows = await this.db
      .select({ expense: itTsExpenses })
      .from(itTsRequestExpenses)
      .innerJoin(itTsExpenses, eq(itTsExpenses.uuid, itTsRequestExpenses.expenseUuid))
      .where(eq(itTsRequestExpenses.requestId, requestId))
      .orderBy(asc(itTsRequestExpenses.position));
    return rows.map((row) => row.expense);
  }

  /**
   * Moves a transmission on and gives its expenses their status, in one transaction; with
   * `outcomes`, each expense's outcome and messages in the transmission's order.
   */
  async updateTransmission(
    id: number,
    changes: Partial<typeof itTsRequests.$inferInsert>,
    expenseStatus: (position: number) => string,
    outcomes?: { outcome: number; responses: unknown[] }[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(itTsRequests)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(itTsRequests.id, id));
      const links = await tx
        .select({
          expenseUuid: itTsRequestExpenses.expenseUuid,
          position: itTsRequestExpenses.position,
        })
        .from(itTsRequestExpenses)
        .where(eq(itTsRequestExpenses.requestId, id));
      for (const link of links) {
        const result = outcomes?.[link.position];
        if (result) {
          await tx
            .update(itTsRequestExpenses)
            .set({ outcome: result.outcome, responses: result.responses })
            .where(
              and(
                eq(itTsRequestExpenses.requestId, id),
                eq(itTsRequestExpenses.expenseUuid, link.expenseUuid),
              ),
            );
        }
        await tx
          .update(itTsExpenses)
          .set({ status: expenseStatus(link.position), updatedAt: sql`now()` })
          .where(eq(itTsExpenses.uuid, link.expenseUuid));
      }
    });
  }

  /** The receipts' file keys of the given expenses' transmissions that have one. */
  async receiptFilesOf(expenseUuids: string[]): Promise<{ protocol: string; file: string }[]> {
    if (expenseUuids.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ protocol: itTsRequests.protocolId, file: itTsRequests.receiptFile })
      .from(itTsRequestExpenses)
      .innerJoin(itTsRequests, eq(itTsRequests.id, itTsRequestExpenses.requestId))
      .where(
        and(
          inArray(itTsRequestExpenses.expenseUuid, expenseUuids),
          isNotNull(itTsRequests.receiptFile),
        ),
      );
    return rows.flatMap((row) =>
      row.protocol && row.file ? [{ protocol: row.protocol, file: row.file }] : [],
    );
  }
}
