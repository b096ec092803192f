import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/schema/index.ts';
import type { Database } from '../db/database.ts';
import { JobsRepository } from './jobs.repository.ts';

export type EnqueueOptions = {
  /** When the job becomes due; default now. */
  runAt?: Date;
  /** Attempts before the job is marked failed; default 5. */
  maxAttempts?: number;
  /** Delay before the first retry in ms, doubled on each further retry; default 1000. */
  backoffMs?: number;
};

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

/** Durable queue of background work, stored in the `jobs` table. */
export class JobQueue {
  private readonly repository: JobsRepository;

  constructor(db: Database) {
    this.repository = new JobsRepository(db);
  }

  /** Stores a job; it survives restarts and is run by whichever worker claims it first. */
  enqueue(type: string, payload: unknown, options: EnqueueOptions = {}): Promise<JobRow> {
    return this.repository.insert({
      type,
      payload,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 1000,
    });
  }

  find(id: string): Promise<JobRow | undefined> {
    return this.repository.findById(id);
  }
}

/** Delay before the next attempt after `attempts` failed ones: backoff, 2×, 4×, … capped at 1 h. */
export function retryDelayMs(backoffMs: number, attempts: number): number {
  return Math.min(backoffMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export type JobWorkerOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  workerId?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  lockTimeoutMs?: number;
};

/** Claims due jobs and runs the handler registered for their type. */
export class JobWorker {
  readonly workerId: string;
  private readonly repository: JobsRepository;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly logger: FastifyBaseLogger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly lockTimeoutMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(options: JobWorkerOptions) {
    this.repository = new JobsRepository(options.db);
    this.logger = options.logger;
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 5;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5 * 60 * 1000;
  }

  register(type: string, handler: JobHandler): this {
    this.handlers.set(type, handler);
    return this;
  }

  /** Claims one batch and runs it; resolves with the number of jobs run. */
  async runOnce(): Promise<number> {
    const claimed = await this.repository.claimDue(
      this.workerId,
      [...this.handlers.keys()],
      this.batchSize,
      this.lockTimeoutMs,
    );
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload, job);
      await this.repository.markDone(job.id, this.workerId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        job.attempts < job.maxAttempts
          ? new Date(Date.now() + retryDelayMs(job.backoffMs, job.attempts))
          : null;
      await this.repository.markAttemptFailed(job.id, this.workerId, message, retryAt);
      this.logger.warn(
        {
          jobId: job.id,
          type: job.type,
          attempts: job.attempts,
          willRetry: retryAt !== null,
          err: message,
        },
        'job attempt failed',
      );
    }
  }

  /** Polls until stop(); a full batch polls again at once so a backlog drains quickly. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      let ran = 0;
      try {
        this.running = this.runOnce();
        ran = await this.running;
      } catch (error) {
        this.logger.error({ err: error }, 'job worker poll failed');
      } finally {
        this.running = undefined;
      }
      if (!this.stopped)
        this.timer = setTimeout(tick, ran >= this.batchSize ? 0 : this.pollIntervalMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }
}
