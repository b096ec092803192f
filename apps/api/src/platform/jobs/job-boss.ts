import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import { adoptLegacyJobs } from './legacy-jobs.ts';
import type { SqlExecutor } from './sql-executor.ts';
import { databaseExecutor } from './sql-executor.ts';

/** The PostgreSQL schema pg-boss keeps its tables in (created and migrated by pg-boss itself). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * How long finished jobs stay: completed ones move to the archive after a day, failed ones after
 * 30 days (their dead letters stay queued as long), and the archive is emptied after 30 days.
 */
const RETENTION = {
  archiveCompletedAfterSeconds: 24 * 60 * 60,
  archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
  deleteAfterDays: 30,
};

/** Where the jobs of one database live: pg-boss over the app's own database client. */
export type JobBoss = {
  /** pg-boss without timers: sends, fetches, completes (no maintenance, no cron). */
  boss: PgBoss;
  executor: SqlExecutor;
  /**
   * Starts another pg-boss over the same database with maintenance (expired jobs retried,
   * retention) and the cron clock; the job worker runs it while it runs. Stop it with `stop()`.
   */
  startSupervisor(): Promise<PgBoss>;
  /** Creates a job type's queue and its dead-letter queue, once per process (outside any tx). */
  ensureQueue(type: string): Promise<void>;
  logger: FastifyBaseLogger;
};

/** The queue a job lands in, with its payload, once its last attempt has failed. */
export function deadLetterQueue(type: string): string {
  return `dead-letter.${type}`;
}

/**
 * Installs (or migrates) pg-boss's schema in the database and returns the boss the queue and the
 * workers of this process share. Works on PostgreSQL and on embedded PGlite (plpgsql, advisory
 * locks and partitioned tables are all there).
 */
export async function openJobBoss(
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
): Promise<JobBoss> {
  const executor = databaseExecutor(database);
  const boss = new PgBoss({
    db: executor,
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
    ...RETENTION,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await installSingletonIndex(executor);
  // Made here, under the lock, so a starting cron clock never creates it beside another queue.
  await createQueues(executor, [CRON_QUEUE]);
  await adoptLegacyJobs(executor, JOBS_SCHEMA, (types) =>
    createQueues(
      executor,
      types.flatMap((type) => [deadLetterQueue(type), type]),
    ),
  );
  const ready = new Map<string, Promise<void>>();
  return {
    boss,
    executor,
    logger,
    ensureQueue(type) {
      let created = ready.get(type);
      if (!created) {
        created = createQueues(executor, [deadLetterQueue(type), type]);
        ready.set(type, created);
        created.catch(() => ready.delete(type));
      }
      return created;
    },
    async startSupervisor() {
      const supervisor = new PgBoss({
        db: executor,
        schema: JOBS_SCHEMA,
        supervise: true,
        schedule: true,
        migrate: false,
        ...RETENTION,
      });
      supervisor.on('error', (error) => logger.error({ err: error }, 'job supervisor error'));
      await supervisor.start();
      return supervisor;
    },
  };
}

/** pg-boss's own queue for cron hand-offs, which its cron clock creates when none exists. */
const CRON_QUEUE = '__pgboss__send-it';

/** Serialises queue creation: two concurrent `create_queue` calls deadlock on the queue table. */
const CREATE_QUEUE_LOCK = `SELECT pg_advisory_xact_lock(hashtext('fiscus.jobs.create-queue'))`;

const QUEUE_OPTIONS = JSON.stringify({ policy: 'standard' });

/** Job types are code constants; this keeps one from ever being read as SQL. */
function queueLiteral(name: string): string {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`invalid job type ${JSON.stringify(name)}`);
  return `'${name}'`;
}

/**
 * Creates queues (a job type's and its dead-letter queue) in one transaction of their own.
 * pg-boss's `create_queue` does nothing for a queue that exists.
 */
async function createQueues(executor: SqlExecutor, names: string[]): Promise<void> {
  const creates = names.map(
    (name) => `SELECT ${JOBS_SCHEMA}.create_queue(${queueLiteral(name)}, '${QUEUE_OPTIONS}')`,
  );
  await executor.executeSql(['BEGIN', CREATE_QUEUE_LOCK, ...creates, 'COMMIT'].join(';\n'));
}

/**
 * Creates a job type's queue and its dead-letter queue through a transaction's executor, when the
 * first job of a type is enqueued in one: the lock is held until that transaction ends.
 */
export async function createQueueInTransaction(executor: SqlExecutor, type: string): Promise<void> {
  await executor.executeSql(CREATE_QUEUE_LOCK);
  for (const name of [deadLetterQueue(type), type]) {
    await executor.executeSql(`SELECT ${JOBS_SCHEMA}.create_queue($1, $2::json)`, [
      name,
      QUEUE_OPTIONS,
    ]);
  }
}

/**
 * At most one queued (created or retry) or active job per type and singleton key. pg-boss's own
 * policies gate queued and active jobs apart, so this index says it at once; pg-boss inserts
 * with ON CONFLICT DO NOTHING, so a second send with the key stores nothing and returns null.
 * Throttled jobs (pg-boss's cron hand-off) carry `singleton_on` and are left to pg-boss.
 */
async function installSingletonIndex(executor: SqlExecutor): Promise<void> {
  await executor.executeSql(`
    BEGIN;
    SELECT pg_advisory_xact_lock(hashtext('fiscus.jobs.singleton-index'));
    CREATE UNIQUE INDEX IF NOT EXISTS job_singleton_key ON ${JOBS_SCHEMA}.job
      (name, singleton_key)
      WHERE state < 'completed' AND singleton_key IS NOT NULL AND singleton_on IS NULL;
    COMMIT;
  `);
}
