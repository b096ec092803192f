import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import type { JobBoss } from '../../src/platform/jobs/job-boss.ts';
import { openJobBoss } from '../../src/platform/jobs/job-boss.ts';
import { JobQueue, JobWorker } from '../../src/platform/jobs/job-queue.ts';
import { createTestDatabase } from '../test-app.ts';

/**
 * The promises of issue 18: a business write and the jobs it starts commit together, a job
 * whose worker dies runs again without writing twice, schedules fire, and workers in two
 * processes never run one job twice. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

let database: DatabaseHandle;
let drop: () => Promise<void>;
let boss: JobBoss;
let queue: JobQueue;
const logger = pino({ level: 'silent' });
const onPostgres = Boolean(
  process.env.DATABASE_URL && !process.env.DATABASE_URL.startsWith('memory:'),
);

beforeAll(async () => {
  ({ handle: database, drop } = await createTestDatabase());
  await database.migrate();
  boss = await openJobBoss(database, logger);
  queue = new JobQueue(boss);
  // Stand-ins for a business table (one row per invoice and notification) and a run log.
  await database.db.execute(
    sql`create table test_notifications (invoice text, type text, primary key (invoice, type))`,
  );
  await database.db.execute(sql`create table test_runs (job_id uuid primary key, worker text)`);
});
afterAll(async () => {
  await drop();
});

async function notificationsOf(invoice: string): Promise<string[]> {
  const { rows } = (await database.db.execute(
    sql`select type from test_notifications where invoice = ${invoice} order by type`,
  )) as unknown as { rows: { type: string }[] };
  return rows.map((row) => row.type);
}

/** Stores a notification once: a retried step finds it there and writes nothing. */
async function storeNotification(db: Database, invoice: string, type: string): Promise<void> {
  await db.execute(
    sql`insert into test_notifications (invoice, type) values (${invoice}, ${type})
        on conflict do nothing`,
  );
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a business write and its job', () => {
  it('commit together: a failure between them leaves neither, success leaves both', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await storeNotification(tx, 'TX-1', 'RC');
        throw new Error('the process dies before the enqueue');
      }),
    ).rejects.toThrow('dies');
    await expect(
      database.db.transaction(async (tx) => {
        await storeNotification(tx, 'TX-1', 'RC');
        await queue.enqueue('test.publish', { invoice: 'TX-1' }, { db: tx });
        throw new Error('the process dies before the commit');
      }),
    ).rejects.toThrow('dies');
    expect(await notificationsOf('TX-1')).toEqual([]);
    expect(await queue.jobsOf('test.publish')).toEqual([]);

    await database.db.transaction(async (tx) => {
      await storeNotification(tx, 'TX-1', 'RC');
      await queue.enqueue('test.publish', { invoice: 'TX-1' }, { db: tx });
    });
    expect(await notificationsOf('TX-1')).toEqual(['RC']);
    expect((await queue.jobsOf('test.publish')).map((job) => job.payload)).toEqual([
      { invoice: 'TX-1' },
    ]);
  });
});

describe('a job whose worker dies mid-run', () => {
  it('runs again once its timeout passes, and its idempotent step writes nothing twice', async () => {
    const id = await queue.enqueue('test.deliver', { invoice: 'DIE-1' }, { timeoutMs: 1000 });
    let wakeZombie!: () => void;
    const zombieAsleep = new Promise<void>((resolve) => (wakeZombie = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const dying = new JobWorker({ boss, logger, workerId: 'dying' }).register(
      'test.deliver',
      async (payload) => {
        await storeNotification(database.db, (payload as { invoice: string }).invoice, 'RC');
        started();
        // The process is killed here: the job is never marked done.
        await zombieAsleep;
      },
    );
    const dyingRun = dying.runOnce();
    await running;
    expect((await queue.find(id))?.status).toBe('running');

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const rescuer = new JobWorker({ boss, logger, workerId: 'rescuer' }).register(
      'test.deliver',
      async (payload) => {
        await storeNotification(database.db, (payload as { invoice: string }).invoice, 'RC');
      },
    );
    // Maintenance (every two minutes in a started worker) fails the expired run into a retry.
    await rescuer.maintain();
    expect(await queue.find(id)).toMatchObject({ status: 'pending', attempts: 1 });
    await queue.runNow('test.deliver');
    expect(await rescuer.runOnce()).toBe(1);
    expect(await queue.find(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await notificationsOf('DIE-1')).toEqual(['RC']);

    // The dead worker waking late changes nothing: the job stays done, once.
    wakeZombie();
    await dyingRun;
    expect(await queue.find(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await notificationsOf('DIE-1')).toEqual(['RC']);
  });
});

describe('schedules', () => {
  it('fire: a cron schedule runs its job in a started worker', { timeout: 30_000 }, async () => {
    const worker = new JobWorker({ boss, logger, queue, pollIntervalMs: 200 });
    const fired = new Promise<unknown>((resolve) => {
      worker.register('test.cron', async (payload) => resolve(payload));
    });
    // Every minute: the minute that has just begun is due at once.
    await queue.schedule('test.cron', '* * * * *', { tick: true });
    worker.start();
    try {
      expect(await fired).toEqual({ tick: true });
    } finally {
      await worker.stop();
      await queue.unschedule('test.cron');
    }
  });
});

describe.skipIf(!onPostgres)('two worker processes on one PostgreSQL database', () => {
  it('never run one job twice', { timeout: 60_000 }, async () => {
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    const other = await openDatabase(url!);
    try {
      const otherBoss = await openJobBoss(other, logger);
      const total = 200;
      for (let i = 0; i < total; i += 1) await queue.enqueue('test.once', { n: i });
      let duplicates = 0;
      const make = (name: string, jobBoss: JobBoss, db: Database) =>
        new JobWorker({ boss: jobBoss, logger, workerId: name, pollIntervalMs: 50 }).register(
          'test.once',
          async (_payload, job) => {
            const { rows } = (await db.execute(
              sql`insert into test_runs (job_id, worker) values (${job.id}::uuid, ${name})
                  on conflict do nothing returning job_id`,
            )) as unknown as { rows: unknown[] };
            if (rows.length === 0) duplicates += 1;
          },
        );
      const workers = [
        make('process-a', boss, database.db),
        make('process-b', otherBoss, other.db),
      ];
      for (const worker of workers) worker.start();
      const ran = async () => {
        const { rows } = (await database.db.execute(
          sql`select count(*)::int as n from test_runs`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      };
      try {
        await waitFor(async () => (await ran()) >= total, 45_000);
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      expect(await ran()).toBe(total);
      expect(duplicates).toBe(0);
      const stored = await queue.jobsOf('test.once');
      expect(stored).toHaveLength(total);
      expect(stored.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
      const { rows: byWorker } = (await database.db.execute(
        sql`select worker, count(*)::int as n from test_runs group by worker`,
      )) as unknown as { rows: { worker: string; n: number }[] };
      // Both processes took part.
      expect(byWorker).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
