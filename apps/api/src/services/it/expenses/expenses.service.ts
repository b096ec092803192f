import type {
  Violation,
  Expense,
  ExpenseBatchRequest,
  ExpenseListQuery,
  ExpenseReceipt,
  ExpenseRequest,
} from '@fiscus/contracts';
import {
  cancellableExpenseStatuses,
  EXPENSE_VIOLATION_MESSAGES,
  type ExpenseStatus,
} from '@fiscus/contracts';
import { romeClock } from '../../../gateways/ade-receipts/rome-clock.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import {
  forbidden,
  HttpProblem,
  notFound,
  unprocessable,
  violation,
} from '../../../platform/problem-errors.ts';
import { actingScopeOf, businessOf, mayActFor } from '../../../platform/tenancy.ts';
import { zipArchive } from '../invoices/zip-archive.ts';
import { amountText, checkExpense } from './expense-checks.ts';
import { toExpense, toReceipts } from './expense-rows.ts';
import {
  EXPENSE_SEND_ATTEMPTS,
  EXPENSE_SEND_JOB,
  type ExpenseJobPayload,
  expenseJobOptions,
} from './expense-sending.ts';
import type { ExpensesRepository } from './expenses.repository.ts';

export type ExpensesServiceDeps = {
  db: Database;
  repository: ExpensesRepository;
  jobs: JobQueue;
  files: FileStore;
  /** The sandbox's time scale: the first retry of an unreachable Sistema TS after this long. */
  delayMs: number;
  clock?: () => Date;
};

/**
 * Sistema TS expenses (account spec 2.9, 3, 7): an expense, or a batch of one owner's, is checked
 * at once (422 with every violation on its path, nothing stored), stored with its transmission and
 * sent by a job; its outcome and receipt arrive later. Every read and write is in the acting
 * scope: another company's expense is a 404, a create for it a 403.
 */
export class ExpensesService {
  constructor(private readonly deps: ExpensesServiceDeps) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  async list(actor: Actor, query: ExpenseListQuery): Promise<CollectionPage<Expense>> {
    return mapPage(await this.deps.repository.list(actingScopeOf(actor), query), toExpense);
  }

  async get(actor: Actor, uuid: string): Promise<Expense> {
    return toExpense(await this.find(actor, uuid));
  }

  async receipts(actor: Actor, uuid: string): Promise<ExpenseReceipt[]> {
    return toReceipts(await this.find(actor, uuid));
  }

  /** One receipt's PDF, as Sistema TS gave it. */
  async receiptPdf(
    actor: Actor,
    uuid: string,
    protocol: string,
  ): Promise<{ body: Buffer; fileName: string }> {
    const row = await this.find(actor, uuid);
    const transmission = row.transmissions.find(
      (entry) => entry.request.protocolId === protocol && entry.request.receiptFile,
    );
    const file = transmission?.request.receiptFile;
    const body = file ? await this.deps.files.get(file) : null;
    if (!body) throw notFound('No receipt of this expense has that protocol.');
    return { body, fileName: `ricevuta_${protocol}.pdf` };
  }

  /** The receipts of a list page as one zip (each transmission's once). */
  async zipPage(actor: Actor, query: ExpenseListQuery): Promise<{ zip: Buffer; page: number }> {
    const page = await this.deps.repository.list(actingScopeOf(actor), query);
    const receipts = await this.deps.repository.receiptFilesOf(page.items.map((item) => item.uuid));
    const entries = [];
    for (const receipt of receipts) {
      const data = await this.deps.files.get(receipt.file);
      if (data) entries.push({ name: `ricevuta_${receipt.protocol}.pdf`, data });
    }
    return { zip: zipArchive(entries, this.now()), page: page.page };
  }

  create(actor: Actor, body: ExpenseRequest): Promise<Expense> {
    return this.transmit(actor, [body], '').then(([expense]) => {
      if (!expense) throw new Error('the transmission stored no expense');
      return expense;
    });
  }

  createBatch(actor: Actor, body: ExpenseBatchRequest): Promise<Expense[]> {
    return this.transmit(actor, body.expenses, 'expenses');
  }

  /**
   * `DELETE /sistema-ts/expenses/{uuid}`: sends the cancellation of an expense Sistema TS
   * accepted (flagOperazione C), one at a time; 409 for any other (not sent yet, refused, being
   * cancelled, cancelled). Answers the expense, pending until Sistema TS has processed it.
   */
  async cancel(actor: Actor, uuid: string): Promise<Expense> {
    const now = this.now();
    const scope = actingScopeOf(actor);
    const started = await this.deps.db.transaction(async (tx) => {
      const result = await this.deps.repository.insertCancellation(tx, scope, uuid, now, (status) =>
        cancellableExpenseStatuses.includes(status as ExpenseStatus),
      );
      if ('requestId' in result) {
        await this.deps.jobs.enqueue(
          EXPENSE_SEND_JOB,
          { requestId: result.requestId } satisfies ExpenseJobPayload,
          { ...expenseJobOptions(this.deps.delayMs, EXPENSE_SEND_ATTEMPTS), db: tx },
        );
      }
      return result;
    });
    if ('refused' in started) {
      if (started.refused === 'not-found') throw notFound('Expense not found.');
      throw new HttpProblem(409, EXPENSE_VIOLATION_MESSAGES.not_cancellable);
    }
    return this.get(actor, uuid);
  }

  private async find(actor: Actor, uuid: string) {
    const row = await this.deps.repository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound('Expense not found.');
    return row;
  }

  /** Checks, stores and queues one transmission of one owner's expenses. */
  private async transmit(
    actor: Actor,
    expenses: ExpenseRequest[],
    listPath: string,
  ): Promise<Expense[]> {
    const now = this.now();
    const today = romeClock(now).day;
    const pathOf = (index: number) => (listPath ? `${listPath}[${index}].` : '');
    const found: Violation[] = [];
    if (expenses.length === 0) {
      found.push(
        violation(listPath, EXPENSE_VIOLATION_MESSAGES.expenses_missing, 'expenses_missing'),
      );
    }
    expenses.forEach((expense, index) =>
      found.push(...checkExpense(expense, pathOf(index), today)),
    );
    const owner = expenses[0]?.codice_fiscale_proprietario ?? '';
    expenses.forEach((expense, index) => {
      if (expense.codice_fiscale_proprietario !== owner) {
        found.push(
          violation(
            `${pathOf(index)}codice_fiscale_proprietario`,
            'A batch is one owner’s: send the others in their own batch.',
            'batch_mixed_owners',
          ),
        );
      }
    });
    const business = businessOf(actor);
    if (
      owner &&
      !found.some((entry) => entry.propertyPath.endsWith('codice_fiscale_proprietario'))
    ) {
      if (!(await this.deps.repository.hasRegistry(business, owner))) {
        found.push(
          violation(
            `${pathOf(0)}codice_fiscale_proprietario`,
            EXPENSE_VIOLATION_MESSAGES.owner_not_registry,
            'owner_not_registry',
          ),
        );
      } else if (!(await mayActFor(this.deps.db, actingScopeOf(actor), owner))) {
        throw forbidden(`This account may not act for ${owner}.`);
      }
    }
    if (found.length > 0) throw unprocessable(found);

    const stored = await this.deps.db.transaction(async (tx) => {
      const transmission = await this.deps.repository.insertTransmission(
        tx,
        { ownerId: business, ownerFiscalCode: owner, createdAt: now },
        expenses.map((expense) => ({
          ownerId: business,
          ownerFiscalCode: owner,
          citizenFiscalCode:
            expense.flag_opposizione === true ? null : (expense.codice_fiscale_cittadino ?? null),
          opposition: expense.flag_opposizione === true,
          amount: amountText(String(expense.amount).trim()),
          expenseType: expense.expense_type,
          paymentTracked: expense.payment_tracked !== false,
          documentType: expense.document_type ?? 'F',
          documentNumber: expense.document_number,
          documentDate: expense.document_date,
          paymentDate: expense.payment_date || expense.document_date,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await this.deps.jobs.enqueue(
        EXPENSE_SEND_JOB,
        { requestId: transmission.requestId } satisfies ExpenseJobPayload,
        { ...expenseJobOptions(this.deps.delayMs, EXPENSE_SEND_ATTEMPTS), db: tx },
      );
      return transmission.expenses;
    });
    return stored.map((row) => toExpense({ ...row, transmissions: [] }));
  }
}
