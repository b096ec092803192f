import type { FastifyBaseLogger } from 'fastify';
import type { ExpenseStatus } from '@fiscus/contracts';
import type {
  SistemaTsGateway,
  TsOutcomeCode,
} from '../../../gateways/sistema-ts/sistema-ts-gateway.ts';
import { SistemaTsUnavailableError } from '../../../gateways/sistema-ts/sistema-ts-gateway.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { Job } from '../../../platform/jobs/job.ts';
import type { EnqueueOptions, JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import { wholeBusiness } from '../../../platform/tenancy.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import { toReceipts } from './expense-rows.ts';
import type { ItTsExpenseRow, ItTsRequestRow } from '../../../db/schema/index.ts';
import type { ExpensesRepository } from './expenses.repository.ts';

/** Sends one transmission to Sistema TS; retried while the service cannot be reached. */
export const EXPENSE_SEND_JOB = 'it.sistema-ts-send';
/** Asks for a sent transmission's outcome and receipt; retried while Sistema TS processes it. */
export const EXPENSE_OUTCOME_JOB = 'it.sistema-ts-outcome';
export type ExpenseJobPayload = { requestId: number };

/** Tries before a transmission the service never took fails. */
export const EXPENSE_SEND_ATTEMPTS = 6;
/** Asks for an outcome before giving up on one (Sistema TS answers within hours at worst). */
export const EXPENSE_OUTCOME_ATTEMPTS = 20;

export function expenseJobOptions(delayMs: number, maxAttempts: number): EnqueueOptions {
  return { maxAttempts, backoffMs: Math.max(delayMs, 1000) };
}

function isPayload(value: unknown): value is ExpenseJobPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { requestId?: unknown }).requestId === 'number'
  );
}

const STATUS_OF: Record<TsOutcomeCode, ExpenseStatus> = { 0: 'success', 1: 'error', 2: 'warning' };

/** Sistema TS is still processing the file: the outcome job asks again after its backoff. */
class StillProcessingError extends Error {
  constructor(protocol: string) {
    super(`Sistema TS is still processing ${protocol}`);
    this.name = 'StillProcessingError';
  }
}

export type ExpenseSenderDeps = {
  repository: ExpensesRepository;
  gateway: SistemaTsGateway;
  jobs: JobQueue;
  files: FileStore;
  logger: FastifyBaseLogger;
  /** The sandbox's time scale: the first retry and the first outcome request after this long. */
  delayMs: number;
  clock?: () => Date;
};

/**
 * The two jobs of a transmission: send (new or retry → sent with its protocol; failed when the
 * retries run out), then outcome (sent → done: each expense's outcome and messages, the receipt
 * PDF kept in the file store, the `sistemats-receipt-ready` webhook for each expense). Both run
 * at least once: a transmission already past their step is left as it is.
 */
export class ExpenseSender {
  constructor(private readonly deps: ExpenseSenderDeps) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  registerJobs(worker: JobWorker): void {
    worker.register(EXPENSE_SEND_JOB, (payload, job) => this.send(payload, job));
    worker.register(EXPENSE_OUTCOME_JOB, (payload, job) => this.collect(payload, job));
  }

  /**
   * What each expense of a transmission goes back to when it does not go through: nothing for an
   * insertion (it failed or was refused), the insertion's outcome for a cancellation (the
   * document is still at Sistema TS). Read before the transaction that writes it.
   */
  private async fallbacks(request: ItTsRequestRow, expenses: ItTsExpenseRow[]) {
    if (request.requestType !== 'delete') return expenses.map(() => null);
    return Promise.all(
      expenses.map(async (expense) => {
        const outcome = await this.deps.repository.insertOutcomeOf(expense.uuid);
        return outcome === 0 || outcome === 1 || outcome === 2 ? STATUS_OF[outcome] : null;
      }),
    );
  }

  async send(payload: unknown, job: Job): Promise<void> {
    if (!isPayload(payload)) return;
    const request = await this.deps.repository.request(payload.requestId);
    if (!request || !['new', 'retry'].includes(request.status)) return;
    const attempt = job.attempts || 1;
    const expenses = await this.deps.repository.expensesOf(request.id);
    const fallbacks = await this.fallbacks(request, expenses);
    const now = this.now();
    let protocol: string;
    try {
      ({ protocol } = await this.deps.gateway.submit(
        {
          ownerFiscalCode: request.ownerFiscalCode,
          operation: request.requestType === 'delete' ? 'delete' : 'insert',
          attempt,
          documents: expenses.map((expense) => ({
            ownerFiscalCode: expense.ownerFiscalCode,
            citizenFiscalCode: expense.citizenFiscalCode,
            opposition: expense.opposition,
            amount: expense.amount,
            expenseType: expense.expenseType,
            paymentTracked: expense.paymentTracked,
            documentType: expense.documentType,
            documentNumber: expense.documentNumber,
            documentDate: expense.documentDate,
            paymentDate: expense.paymentDate,
          })),
        },
        now,
      ));
    } catch (error) {
      if (!(error instanceof SistemaTsUnavailableError)) throw error;
      const last = attempt >= (job.maxAttempts || 1);
      await this.deps.repository.updateTransmission(
        request.id,
        {
          status: last ? 'failed' : 'retry',
          attempts: attempt,
          errorCode: 'SERVICE_UNAVAILABLE',
          errorMessage: last ? `${error.message} The retries ran out.` : error.message,
        },
        (position) => (last ? (fallbacks[position] ?? 'failed') : 'pending'),
      );
      if (last) {
        this.deps.logger.info({ request: request.id }, 'expense transmission failed');
        return;
      }
      // pg-boss tries again after its backoff.
      throw error;
    }
    await this.deps.repository.updateTransmission(
      request.id,
      {
        status: 'sent',
        protocolId: protocol,
        requestedAt: now,
        attempts: attempt,
        errorCode: null,
        errorMessage: null,
      },
      () => 'sent',
    );
    await this.deps.jobs.enqueue(
      EXPENSE_OUTCOME_JOB,
      { requestId: request.id } satisfies ExpenseJobPayload,
      {
        ...expenseJobOptions(this.deps.delayMs, EXPENSE_OUTCOME_ATTEMPTS),
        runAt: new Date(now.getTime() + this.deps.delayMs),
      },
    );
  }

  async collect(payload: unknown, job: Job): Promise<void> {
    if (!isPayload(payload)) return;
    const request = await this.deps.repository.request(payload.requestId);
    if (!request || request.status !== 'sent' || !request.protocolId) return;
    const protocol = request.protocolId;
    const outcome = await this.deps.gateway.outcome(protocol, this.now());
    if (!outcome) {
      if ((job.attempts || 1) >= (job.maxAttempts || 1)) {
        this.deps.logger.warn({ request: request.id, protocol }, 'no Sistema TS outcome');
        return;
      }
      throw new StillProcessingError(protocol);
    }
    const expenses = await this.deps.repository.expensesOf(request.id);
    const fallbacks = await this.fallbacks(request, expenses);
    const cancelling = request.requestType === 'delete';
    const statusOf = (position: number): ExpenseStatus => {
      const result = outcome.documents[position]?.outcome ?? 1;
      if (!cancelling) return STATUS_OF[result];
      // A cancellation Sistema TS refused leaves the document (and the expense) as it was.
      return result === 1 ? (fallbacks[position] ?? 'error') : 'cancelled';
    };
    const pdf = await this.deps.gateway.receipt(protocol);
    const receiptFile = pdf ? `it/sistema-ts/receipts/${protocol}.pdf` : null;
    if (pdf && receiptFile) await this.deps.files.put(receiptFile, pdf);
    const receivedAt = outcome.processedAt.toISOString();
    await this.deps.repository.updateTransmission(
      request.id,
      { status: 'done', outcome: outcome.outcome, outcomeAt: outcome.processedAt, receiptFile },
      statusOf,
      outcome.documents.map((document) => ({
        outcome: document.outcome,
        responses: document.messages.map((message) => ({ ...message, received_at: receivedAt })),
      })),
    );
    await this.announce(request.id, request.ownerId, request.ownerFiscalCode, protocol);
  }

  /** One `sistemats-receipt-ready` event an expense: its receipt of this transmission. */
  private async announce(
    requestId: number,
    ownerId: string,
    fiscalCode: string,
    protocol: string,
  ): Promise<void> {
    for (const expense of await this.deps.repository.expensesOf(requestId)) {
      const now = await this.deps.repository.findOwned(wholeBusiness(ownerId), expense.uuid);
      const receipt = now
        ? toReceipts(now).find((entry) => entry.protocol === protocol)
        : undefined;
      if (!receipt) continue;
      await publishWebhookEvent(this.deps.jobs, {
        ownerId,
        event: 'sistemats-receipt-ready',
        payload: receipt,
        fiscalIds: [fiscalCode],
      });
    }
  }
}
