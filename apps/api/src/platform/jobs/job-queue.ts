import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/schema/index.ts';
import type { Database } from '../db/database.ts';
import { safeErrorMessage } from '../logging.ts';
import { JobsRepository } from './jobs.repository.ts';

export type EnqueueOptions = {
  /** When the job becomes due; default now. */
  runAt?: Date;
  /** Attempts before the job is marked failed; default 5. */
  maxAttempts?: number;
  /** Delay before the first retry in ms, doubled on each further retry; default 1000. */
  backoffMs?: number;
  /**
   * The database or transaction handle (the `tx` of `db.transaction(async (tx) => …)`) to
   * insert the job through: the job then commits or rolls back with the business write.
   */
  db?: Database;
  /**
   * At most one pending or running job of this type holds the key: enqueueing another while
   * one does stores nothing and resolves with `undefined`.
   */
  singletonKey?: string;
};

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

/** Durable queue of background work, stored in the `jobs` table. */
export class JobQueue {
  private readonly repository: JobsRepository;
  private readonly listeners = new Set<(type: string) => void>();

  constructor(db: Database) {
    this.repository = new JobsRepository(db);
  }

  /**
   * Stores a job; it survives restarts and is run by whichever worker claims it first. Resolves
   * with `undefined` when `singletonKey` is taken by a pending or running job of the type.
   */
  enqueue(
    type: string,
    payload: unknown,
    options?: EnqueueOptions & { singletonKey?: undefined },
  ): Promise<JobRow>;
  enqueue(type: string, payload: unknown, options: EnqueueOptions): Promise<JobRow | undefined>;
  async enqueue(
    type: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<JobRow | undefined> {
    const repository = options.db ? new JobsRepository(options.db) : this.repository;
    const row = await repository.insert({
      type,
      payload,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 1000,
      singletonKey: options.singletonKey ?? null,
    });
    // A job inserted in a transaction is not visible before it commits; the poll finds it then.
    if (row && !options.db && row.runAt.getTime() <= Date.now()) {
      for (const listener of this.listeners) listener(type);
    }
    return row;
  }

  find(id: string): Promise<JobRow | undefined> {
    return this.repository.findById(id);
  }

  /**
   * Calls `listener` with the type of each job enqueued through this queue that is due at once,
   * so a worker of the same process starts it without waiting for its next poll. Other
   * processes still find it by polling. Returns the unsubscribe function.
   */
  onDueJob(listener: (type: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Delay before the next attempt after `attempts` failed ones: backoff, 2×, 4×, … capped at 1 h. */
export function retryDelayMs(backoffMs: number, attempts: number): number {
  return Math.min(backoffMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** The lane of jobs registered without one. */
export const DEFAULT_LANE = 'default';

export type JobWorkerOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  workerId?: string;
  /** Wait between two polls of an idle lane; default 1000 ms. */
  pollIntervalMs?: number;
  /** Jobs one lane runs at the same time, unless `lanes` says otherwise; default 5. */
  concurrency?: number;
  /** Concurrency per lane name, for lanes that need another than `concurrency`. */
  lanes?: Record<string, { concurrency: number }>;
  lockTimeoutMs?: number;
  /** The queue this process enqueues on: a job due at once wakes its lane without a poll. */
  queue?: JobQueue;
};

export type RegisterOptions = {
  /**
   * Lane that runs this job type. Each lane claims and runs its own jobs with its own
   * concurrency, so work that waits on someone else (webhook receivers) never holds a slot that
   * SDI or preservation steps need. Default {@link DEFAULT_LANE}.
   */
  lane?: string;
};

/** One pool of slots over some job types: a free slot claims the next due job of those types. */
class Lane {
  readonly types = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private timerDueAt = Number.POSITIVE_INFINITY;
  private claiming: Promise<void> | undefined;
  /** A wake-up arrived while claiming: claim again once the claim in hand returns. */
  private wokenWhileClaiming = false;
  private stopped = true;

  constructor(
    readonly name: string,
    private readonly concurrency: number,
    private readonly worker: {
      claim(types: string[], limit: number): Promise<JobRow[]>;
      run(job: JobRow): Promise<void>;
      pollIntervalMs: number;
      logger: FastifyBaseLogger;
    },
  ) {}

  /** Claims up to `concurrency` due jobs and waits for all of them (tests, scripts). */
  async runOnce(): Promise<number> {
    const claimed = await this.worker.claim([...this.types], this.concurrency);
    await Promise.all(claimed.map((job) => this.worker.run(job)));
    return claimed.length;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Claims at once (a due job was enqueued, or a slot freed up). */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) this.wokenWhileClaiming = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.claiming;
    await Promise.all(this.inFlight);
  }

  private schedule(delayMs: number): void {
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.timerDueAt <= dueAt) return;
    this.clearTimer();
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDueAt = Number.POSITIVE_INFINITY;
      this.claiming = this.fill().finally(() => {
        this.claiming = undefined;
      });
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDueAt = Number.POSITIVE_INFINITY;
  }

  /** Fills the free slots; each finished job frees its slot and claims again at once. */
  private async fill(): Promise<void> {
    if (this.stopped) return;
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) return;
    this.wokenWhileClaiming = false;
    let claimed: JobRow[];
    try {
      claimed = await this.worker.claim([...this.types], free);
    } catch (error) {
      this.worker.logger.error({ err: error, lane: this.name }, 'job worker poll failed');
      if (!this.stopped) this.schedule(this.worker.pollIntervalMs);
      return;
    }
    for (const job of claimed) {
      const running: Promise<void> = this.worker.run(job).finally(() => {
        this.inFlight.delete(running);
        this.wake();
      });
      this.inFlight.add(running);
    }
    if (this.stopped) return;
    // A full claim or a wake-up during it may leave more due work: look again at once.
    const more = claimed.length === free || this.wokenWhileClaiming;
    if (this.inFlight.size < this.concurrency || !more) {
      this.schedule(more ? 0 : this.worker.pollIntervalMs);
    }
  }
}

/**
 * Claims due jobs and runs the handler registered for their type. Job types are grouped in
 * lanes; each lane has its own slots, so a lane whose jobs wait on the outside world cannot
 * delay another lane. start()/stop() run every lane.
 */
export class JobWorker {
  readonly workerId: string;
  private readonly repository: JobsRepository;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly lanes = new Map<string, Lane>();
  private readonly logger: FastifyBaseLogger;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly laneOptions: Record<string, { concurrency: number }>;
  private readonly lockTimeoutMs: number;
  private readonly queue: JobQueue | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = true;

  constructor(options: JobWorkerOptions) {
    this.repository = new JobsRepository(options.db);
    this.logger = options.logger;
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.concurrency = options.concurrency ?? 5;
    this.laneOptions = options.lanes ?? {};
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5 * 60 * 1000;
    this.queue = options.queue;
  }

  register(type: string, handler: JobHandler, options: RegisterOptions = {}): this {
    const name = options.lane ?? DEFAULT_LANE;
    for (const lane of this.lanes.values()) lane.types.delete(type);
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = new Lane(name, this.laneOptions[name]?.concurrency ?? this.concurrency, {
        claim: (types, limit) =>
          this.repository.claimDue(this.workerId, types, limit, this.lockTimeoutMs),
        run: (job) => this.run(job),
        pollIntervalMs: this.pollIntervalMs,
        logger: this.logger,
      });
      this.lanes.set(name, lane);
      if (!this.stopped) lane.start();
    }
    lane.types.add(type);
    this.handlers.set(type, handler);
    return this;
  }

  /** The lane that runs `type`, if any handler is registered for it. */
  laneOf(type: string): string | undefined {
    for (const lane of this.lanes.values()) if (lane.types.has(type)) return lane.name;
    return undefined;
  }

  /**
   * Claims one batch in every lane and runs it; resolves with the number of jobs run. Tests
   * and scripts drain the queue with it instead of start().
   */
  async runOnce(): Promise<number> {
    const counts = await Promise.all([...this.lanes.values()].map((lane) => lane.runOnce()));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload, job);
      await this.repository.markDone(job.id, this.workerId);
    } catch (error) {
      // Stored in the job row and logged: never with the parameters of a failed query.
      const message = safeErrorMessage(error);
      const retryAt =
        job.attempts < job.maxAttempts
          ? new Date(Date.now() + retryDelayMs(job.backoffMs, job.attempts))
          : null;
      try {
        await this.repository.markAttemptFailed(job.id, this.workerId, message, retryAt);
      } catch (markError) {
        // The lock times out and the job is claimed again: nothing is lost.
        this.logger.error({ err: markError, jobId: job.id }, 'could not record a failed job');
      }
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

  /** Polls every lane until stop(); a finished job or a due enqueue claims again at once. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.queue?.onDueJob((type) => {
      for (const lane of this.lanes.values()) if (lane.types.has(type)) lane.wake();
    });
    for (const lane of this.lanes.values()) lane.start();
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await Promise.all([...this.lanes.values()].map((lane) => lane.stop()));
  }
}
