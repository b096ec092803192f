import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { safeErrorMessage } from '../logging.ts';
import type { Job } from './job.ts';
import { toJob } from './job.ts';
import type { JobBoss } from './job-boss.ts';
import { createQueueInTransaction, deadLetterQueue, JOBS_SCHEMA } from './job-boss.ts';
import { Lane } from './job-lane.ts';
import type { SqlExecutor } from './sql-executor.ts';
import { drizzleExecutor } from './sql-executor.ts';

export type { Job, JobStatus } from './job.ts';

/**
 * Background work runs on pg-boss (a PostgreSQL job queue; its tables live in the `pgboss`
 * schema of the app's own database, PGlite or PostgreSQL). This module is the small interface
 * the rest of the app sees: `JobQueue.enqueue` / `schedule`, and `JobWorker.register` with lanes.
 * Handlers run at least once and are written to write nothing twice. See README.md here.
 */

export type EnqueueOptions = {
  /** When the job becomes due; default now. */
  runAt?: Date;
  /** Attempts before the job is marked failed and dead-lettered; default 5. */
  maxAttempts?: number;
  /**
   * Delay before the first retry in ms (whole seconds, at least one), then about doubled on each
   * further retry, with jitter; default 1000.
   */
  backoffMs?: number;
  /**
   * A running job not finished after this long is taken for dead (its worker crashed) and retried
   * by the maintenance of a running worker; default 5 minutes. Handlers are written so a second
   * run writes nothing twice.
   */
  timeoutMs?: number;
  /**
   * The database or transaction handle (the `tx` of `db.transaction(async (tx) => …)`) to
   * insert the job through: the job then commits or rolls back with the business write.
   */
  db?: Database;
  /**
   * At most one queued or running job of this type holds the key: enqueueing another while one
   * does stores nothing and resolves with `null`.
   */
  singletonKey?: string;
};

export type ScheduleOptions = Pick<EnqueueOptions, 'maxAttempts' | 'backoffMs' | 'timeoutMs'> & {
  /** Time zone of the cron expression; default UTC. */
  tz?: string;
};

export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

const DEFAULT_TIMEOUT_MS = 5 * 60 * 1000;
const TRANSACTION_WAKE_DELAY_MS = 100;

/**
 * When a job due at once starts: a second ago. pg-boss claims jobs whose `start_after < now()`,
 * and PGlite's clock moves in milliseconds: a job stored with `start_after = now()` and claimed in
 * the same millisecond is not due yet, so a drain right after an enqueue could find nothing.
 * (An interval string such as '-1 second' is what pg-boss documents, but its insert casts the
 * same parameter to a timestamp too, which PostgreSQL's planner refuses.)
 */
const dueNow = () => new Date(Date.now() - 1000);

/** pg-boss's send options for ours: retries, back-off, expiry and the type's dead-letter queue. */
function sendOptions(type: string, options: Omit<EnqueueOptions, 'db'>): PgBoss.SendOptions {
  return {
    retryLimit: Math.max(0, (options.maxAttempts ?? 5) - 1),
    retryDelay: Math.max(1, Math.round((options.backoffMs ?? 1000) / 1000)),
    retryBackoff: true,
    expireInSeconds: Math.max(1, Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)),
    deadLetter: deadLetterQueue(type),
    startAfter: options.runAt ?? dueNow(),
    ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
  };
}

/** The job columns {@link toJob} reads, from the live table or the archive. */
const jobColumns = `id, name, data, state, retry_limit AS "retryLimit", retry_count AS "retryCount",
  start_after AS "startAfter", started_on AS "startedOn", singleton_key AS "singletonKey",
  completed_on AS "completedOn", output`;

/** Durable queue of background work: survives restarts, run by whichever worker fetches it. */
export class JobQueue {
  private readonly listeners = new Set<(type: string) => void>();

  constructor(private readonly jobs: JobBoss) {}

  /**
   * Stores a job and resolves with its id, or with `null` when `singletonKey` is held by a queued
   * or running job of the type. With `options.db` the job is written through that transaction.
   */
  enqueue(
    type: string,
    payload: unknown,
    options?: EnqueueOptions & { singletonKey?: undefined },
  ): Promise<string>;
  enqueue(type: string, payload: unknown, options: EnqueueOptions): Promise<string | null>;
  async enqueue(
    type: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const executor = options.db ? drizzleExecutor(options.db) : this.jobs.executor;
    // Outside a transaction the type's queue is made (once) before; inside one, only when the
    // send finds none: on PGlite a query outside the open transaction would wait for it.
    if (!options.db) await this.jobs.ensureQueue(type);
    const send = () =>
      this.jobs.boss.send(type, payload as object, {
        ...sendOptions(type, options),
        db: executor,
      });
    let id = await send();
    if (id === null && options.db && !(await queueExists(executor, type))) {
      await createQueueInTransaction(executor, type);
      id = await send();
    }
    if (id === null && options.singletonKey === undefined) {
      throw new Error(`job ${type} was not stored`);
    }
    if (id !== null && (!options.runAt || options.runAt.getTime() <= Date.now())) {
      const wake = () => {
        for (const listener of this.listeners) listener(type);
      };
      // A job written in a transaction is visible once it commits, which is usually at once:
      // look shortly after rather than at the next poll (a wake-up that finds nothing is cheap).
      if (options.db) setTimeout(wake, TRANSACTION_WAKE_DELAY_MS).unref();
      else wake();
    }
    return id;
  }

  /**
   * Runs a job of `type` with `payload` on a cron schedule (`'0 6 * * *'`: every day at 6:00),
   * from whichever worker process holds the cron clock. One schedule per type: scheduling it
   * again replaces it.
   */
  async schedule(
    type: string,
    cron: string,
    payload: unknown = {},
    options: ScheduleOptions = {},
  ): Promise<void> {
    await this.jobs.ensureQueue(type);
    const { tz = 'UTC', ...rest } = options;
    await this.jobs.boss.schedule(type, cron, payload as object, {
      ...sendOptions(type, rest),
      tz,
    });
  }

  async unschedule(type: string): Promise<void> {
    await this.jobs.boss.unschedule(type);
  }

  /** A job by id, queued, finished or archived (diagnostics and tests). */
  async find(id: string): Promise<Job | undefined> {
    const { rows } = await this.jobs.executor.executeSql(
      `SELECT ${jobColumns} FROM ${JOBS_SCHEMA}.job WHERE id = $1::uuid
       UNION ALL SELECT ${jobColumns} FROM ${JOBS_SCHEMA}.archive WHERE id = $1::uuid
       LIMIT 1`,
      [id],
    );
    return rows[0] ? toJob(rows[0] as unknown as PgBoss.JobWithMetadata<unknown>) : undefined;
  }

  /** The live (not yet archived) jobs of a type, oldest first (diagnostics and tests). */
  async jobsOf(type: string): Promise<Job[]> {
    const { rows } = await this.jobs.executor.executeSql(
      `SELECT ${jobColumns} FROM ${JOBS_SCHEMA}.job WHERE name = $1 ORDER BY created_on, id`,
      [type],
    );
    return rows.map((row) => toJob(row as unknown as PgBoss.JobWithMetadata<unknown>));
  }

  /** Makes every queued job of a type due now, as if its time had come (tests, operators). */
  async runNow(type: string): Promise<void> {
    await this.jobs.executor.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET start_after = now() - interval '1 second'
       WHERE name = $1 AND state < 'active'`,
      [type],
    );
  }

  /** Deletes every live job of every type (tests starting from an empty queue). */
  async clear(): Promise<void> {
    await this.jobs.executor.executeSql(
      `DELETE FROM ${JOBS_SCHEMA}.job WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%'`,
    );
  }

  /**
   * Calls `listener` with the type of each job enqueued through this queue that is due at once
   * (shortly after, when enqueued in a transaction), so a worker of the same process starts it
   * without waiting for its next poll. Other processes find it by polling. Returns the
   * unsubscribe function.
   */
  onDueJob(listener: (type: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

async function queueExists(executor: SqlExecutor, type: string): Promise<boolean> {
  const { rows } = await executor.executeSql(`SELECT 1 FROM ${JOBS_SCHEMA}.queue WHERE name = $1`, [
    type,
  ]);
  return rows.length > 0;
}

/** The lane of jobs registered without one. */
export const DEFAULT_LANE = 'default';

export type JobWorkerOptions = {
  boss: JobBoss;
  logger: FastifyBaseLogger;
  workerId?: string;
  /** Wait between two polls of an idle lane; default 1000 ms. */
  pollIntervalMs?: number;
  /** Jobs one lane runs at the same time, unless `lanes` says otherwise; default 5. */
  concurrency?: number;
  /** Concurrency per lane name, for lanes that need another than `concurrency`. */
  lanes?: Record<string, { concurrency: number }>;
  /** The queue this process enqueues on: a job due at once wakes its lane without a poll. */
  queue?: JobQueue;
};

export type RegisterOptions = {
  /**
   * Lane that runs this job type. Each lane fetches and runs its own jobs with its own
   * concurrency, so work that waits on someone else (webhook receivers) never holds a slot that
   * SDI or preservation steps need. Default {@link DEFAULT_LANE}.
   */
  lane?: string;
};

/**
 * Fetches due jobs from pg-boss and runs the handler registered for their type. Job types are
 * grouped in lanes; each lane has its own slots, so a lane whose jobs wait on the outside world
 * cannot delay another lane. start()/stop() run every lane, plus pg-boss's maintenance (expired
 * jobs retried, retention) and cron clock. pg-boss's fetch takes rows with FOR UPDATE SKIP
 * LOCKED, so any number of workers, in any number of processes, never run one job twice at once.
 */
export class JobWorker {
  readonly workerId: string;
  private readonly jobs: JobBoss;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly lanes = new Map<string, Lane>();
  private readonly logger: FastifyBaseLogger;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly laneOptions: Record<string, { concurrency: number }>;
  private readonly queue: JobQueue | undefined;
  private unsubscribe: (() => void) | undefined;
  private supervisor: Promise<PgBoss | undefined> | undefined;
  private stopped = true;

  constructor(options: JobWorkerOptions) {
    this.jobs = options.boss;
    this.logger = options.logger;
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.concurrency = options.concurrency ?? 5;
    this.laneOptions = options.lanes ?? {};
    this.queue = options.queue;
  }

  register(type: string, handler: JobHandler, options: RegisterOptions = {}): this {
    const name = options.lane ?? DEFAULT_LANE;
    for (const lane of this.lanes.values()) lane.types.delete(type);
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = new Lane(name, this.laneOptions[name]?.concurrency ?? this.concurrency, {
        claim: (types, limit) => this.claim(types, limit),
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
   * Fetches one batch in every lane and runs it; resolves with the number of jobs run. Tests
   * and scripts drain the queue with it instead of start().
   */
  async runOnce(): Promise<number> {
    const counts = await Promise.all([...this.lanes.values()].map((lane) => lane.runOnce()));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /**
   * pg-boss's maintenance, which a started worker runs every two minutes: running jobs past their
   * timeout are failed (and retried), finished ones archived and old archives deleted.
   */
  async maintain(): Promise<void> {
    await this.jobs.boss.maintain();
  }

  /** Takes up to `limit` due jobs of `types`: one look at which types are due, then pg-boss. */
  private async claim(types: string[], limit: number): Promise<Job[]> {
    if (types.length === 0 || limit <= 0) return [];
    const { rows } = await this.jobs.executor.executeSql(
      `SELECT DISTINCT name FROM ${JOBS_SCHEMA}.job
       WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
      [types],
    );
    const claimed: Job[] = [];
    for (const { name } of rows as { name: string }[]) {
      const free = limit - claimed.length;
      if (free <= 0) break;
      const fetched = await this.jobs.boss.fetch(name, { batchSize: free, includeMetadata: true });
      claimed.push(...fetched.map(toJob));
    }
    return claimed;
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload, job);
    } catch (error) {
      // Stored in the job and logged: never with the parameters of a failed query.
      const message = safeErrorMessage(error);
      try {
        await this.jobs.boss.fail(job.type, job.id, { message });
      } catch (failError) {
        // The job times out and is retried: nothing is lost.
        this.logger.error({ err: failError, jobId: job.id }, 'could not record a failed job');
      }
      this.logger.warn(
        {
          jobId: job.id,
          type: job.type,
          attempts: job.attempts,
          willRetry: job.attempts < job.maxAttempts,
          err: message,
        },
        'job attempt failed',
      );
      return;
    }
    try {
      await this.jobs.boss.complete(job.type, job.id);
    } catch (completeError) {
      // The job times out and runs again; handlers are idempotent.
      this.logger.error({ err: completeError, jobId: job.id }, 'could not record a finished job');
    }
  }

  /**
   * Polls every lane until stop(); a finished job or a due enqueue fetches again at once. Also
   * runs pg-boss's maintenance and cron clock in this process.
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.queue?.onDueJob((type) => {
      for (const lane of this.lanes.values()) if (lane.types.has(type)) lane.wake();
    });
    for (const lane of this.lanes.values()) lane.start();
    this.supervisor = this.jobs.startSupervisor().catch((error: unknown) => {
      this.logger.error({ err: error }, 'job maintenance and cron did not start');
      return undefined;
    });
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const supervisor = await this.supervisor;
    this.supervisor = undefined;
    await Promise.all([
      ...[...this.lanes.values()].map((lane) => lane.stop()),
      supervisor?.stop({ graceful: false, close: false }),
    ]);
  }
}
