import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobs as legacyJobs } from '../../db/schema/index.ts';
import pino from 'pino';
import { createTestDatabase } from '../../../test/test-app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { JobBoss } from './job-boss.ts';
import { deadLetterQueue, openJobBoss } from './job-boss.ts';
import { JobQueue, JobWorker } from './job-queue.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let boss: JobBoss;
let queue: JobQueue;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  ({ handle: database, drop } = await createTestDatabase());
  await database.migrate();
  boss = await openJobBoss(database, logger);
  queue = new JobQueue(boss);
});
afterAll(async () => {
  await drop();
});

const worker = (id: string) => new JobWorker({ boss, logger, workerId: id, concurrency: 3 });

/** Makes a job (or its next retry) due now instead of waiting for it. */
async function makeDue(id: string): Promise<void> {
  await database.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}::uuid`,
  );
}

describe('job queue', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    const id = await queue.enqueue('test.ok', { invoice: 'A-1' });
    const w = worker('w-ok').register('test.ok', async (payload) => {
      seen.push(payload);
    });
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    expect(seen).toEqual([{ invoice: 'A-1' }]);
    expect(await queue.find(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      lastError: null,
    });
  });

  it('claims a job in the very run after its enqueue, even within the same millisecond', async () => {
    // PGlite's now() moves in milliseconds; a job stored at `now()` used to be "not due yet"
    // when claimed in the same millisecond, so a drain right after an enqueue found nothing.
    const w = worker('w-at-once').register('test.at-once', async () => undefined);
    for (let round = 0; round < 50; round += 1) {
      await queue.enqueue('test.at-once', { round });
      expect(await w.runOnce(), `round ${round}`).toBe(1);
    }
  });

  it('leaves jobs that are not due yet, or of types nobody handles', async () => {
    const later = await queue.enqueue(
      'test.later',
      {},
      { runAt: new Date(Date.now() + 60 * 60 * 1000) },
    );
    const orphan = await queue.enqueue('test.unhandled', {});
    const w = worker('w-later').register('test.later', async () => undefined);
    expect(await w.runOnce()).toBe(0);
    expect((await queue.find(later))?.status).toBe('pending');
    expect((await queue.find(orphan))?.status).toBe('pending');
  });

  it('retries a failing job with exponential back-off, then fails it into its dead letters', async () => {
    const id = await queue.enqueue('test.fail', { n: 1 }, { maxAttempts: 3, backoffMs: 1000 });
    let calls = 0;
    const w = worker('w-fail').register('test.fail', async () => {
      calls += 1;
      throw new Error(`gateway down (${calls})`);
    });

    const before = Date.now();
    await w.runOnce();
    let job = await queue.find(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'gateway down (1)' });
    // 1 s, with up to as much jitter again.
    expect(job!.runAt.getTime() - before).toBeGreaterThanOrEqual(900);
    expect(await w.runOnce()).toBe(0);

    await makeDue(id);
    const beforeSecond = Date.now();
    await w.runOnce();
    job = await queue.find(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 2, lastError: 'gateway down (2)' });
    expect(job!.runAt.getTime() - beforeSecond).toBeGreaterThanOrEqual(1900);

    await makeDue(id);
    await w.runOnce();
    job = await queue.find(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'gateway down (3)' });
    expect(job!.finishedAt).not.toBeNull();

    // A failed job stays visible and is never picked up again; its payload waits in the dead letters.
    await makeDue(id);
    expect(await w.runOnce()).toBe(0);
    expect(calls).toBe(3);
    const deadLetters = await queue.jobsOf(deadLetterQueue('test.fail'));
    expect(deadLetters.map((letter) => letter.payload)).toEqual([{ n: 1 }]);
  });

  it('inserts a job through a transaction: it commits or rolls back with the business write', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        // The first job of a type in a transaction also creates its queue there.
        await queue.enqueue('test.tx', { n: 'rolled-back' }, { db: tx });
        throw new Error('crash between the business write and the commit');
      }),
    ).rejects.toThrow('crash');
    await database.db.transaction(async (tx) => {
      await queue.enqueue('test.tx', { n: 'committed' }, { db: tx });
    });
    const stored = await queue.jobsOf('test.tx');
    expect(stored.map((job) => job.payload)).toEqual([{ n: 'committed' }]);
  });

  it('keeps at most one queued or running job per singleton key', async () => {
    const first = await queue.enqueue('test.single', { n: 1 }, { singletonKey: 'k' });
    const second = await queue.enqueue('test.single', { n: 2 }, { singletonKey: 'k' });
    const otherKey = await queue.enqueue('test.single', { n: 3 }, { singletonKey: 'other' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(otherKey).not.toBeNull();
    let whileRunning: string | null | undefined;
    await worker('w-single')
      .register('test.single', async (payload) => {
        if ((payload as { n: number }).n !== 1) return;
        whileRunning = await queue.enqueue('test.single', { n: 5 }, { singletonKey: 'k' });
      })
      .runOnce();
    expect(whileRunning).toBeNull();
    // Once the first is done, the key is free again.
    expect(await queue.enqueue('test.single', { n: 4 }, { singletonKey: 'k' })).not.toBeNull();
  });

  it('never gives one job to two workers', async () => {
    const total = 40;
    await Promise.all(
      Array.from({ length: total }, (_, i) => queue.enqueue('test.race', { n: i })),
    );
    const runs = new Map<number, string[]>();
    const make = (id: string) =>
      worker(id).register('test.race', async (payload) => {
        const n = (payload as { n: number }).n;
        runs.set(n, [...(runs.get(n) ?? []), id]);
        // Yield so the other worker's claim interleaves with this one's work.
        await new Promise((resolve) => setImmediate(resolve));
      });
    const workers = [make('w-a'), make('w-b'), make('w-c')];
    const drain = async (w: JobWorker) => {
      let ran = 0;
      for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) ran += n;
      return ran;
    };
    const counts = await Promise.all(workers.map(drain));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(runs.size).toBe(total);
    for (const [, by] of runs) expect(by).toHaveLength(1);
    const stored = await queue.jobsOf('test.race');
    expect(stored.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  });

  it('polls in the background until stopped', async () => {
    const w = worker('w-poll');
    const handled = new Promise<unknown>((resolve) => {
      w.register('test.poll', async (payload) => resolve(payload));
    });
    w.start();
    const id = await queue.enqueue('test.poll', { ok: true });
    expect(await handled).toEqual({ ok: true });
    await w.stop();
    expect((await queue.find(id))?.status).toBe('done');
  });

  it('runs each lane on its own slots: a job stuck in one lane never delays another', async () => {
    // A long poll interval: only the wake-up of a due enqueue or a freed slot can start a job.
    const w = new JobWorker({
      boss,
      logger,
      workerId: 'w-lanes',
      pollIntervalMs: 60_000,
      concurrency: 2,
      queue,
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const done: string[] = [];
    w.register(
      'test.lane-slow',
      async () => {
        slowStarted();
        await released;
        done.push('slow');
      },
      { lane: 'slow' },
    );
    const quickDone = new Map<string, () => void>();
    const quick = async (payload: unknown) => {
      const name = (payload as { name: string }).name;
      done.push(name);
      quickDone.get(name)?.();
    };
    w.register('test.lane-quick', quick);
    w.register('test.lane-slow-sibling', quick, { lane: 'slow' });
    expect(w.laneOf('test.lane-slow')).toBe('slow');
    expect(w.laneOf('test.lane-quick')).toBe('default');
    const finished = (name: string) => new Promise<void>((resolve) => quickDone.set(name, resolve));

    w.start();
    await queue.enqueue('test.lane-slow', {});
    await started;
    // Another lane starts at once while the slow job holds its slot…
    const other = finished('other-lane');
    await queue.enqueue('test.lane-quick', { name: 'other-lane' });
    await other;
    // …and so does the slow lane's free slot: no waiting for the rest of a batch.
    const sibling = finished('same-lane');
    await queue.enqueue('test.lane-slow-sibling', { name: 'same-lane' });
    await sibling;
    expect(done).toEqual(['other-lane', 'same-lane']);

    release();
    await w.stop();
    expect(done).toEqual(['other-lane', 'same-lane', 'slow']);
  });

  it('stops after the jobs in hand, in every lane', async () => {
    const w = new JobWorker({ boss, logger, workerId: 'w-stop', queue });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    w.register(
      'test.stop-slow',
      async () => {
        running();
        await released;
      },
      { lane: 'slow' },
    );
    w.start();
    const id = await queue.enqueue('test.stop-slow', {});
    await started;
    const stopping = w.stop();
    release();
    await stopping;
    expect((await queue.find(id))?.status).toBe('done');
  });

  it('archives a finished job after a day, and keeps it readable there', async () => {
    const id = await queue.enqueue('test.retention', {});
    await worker('w-retention')
      .register('test.retention', async () => undefined)
      .runOnce();
    await worker('w-retention').maintain();
    expect((await queue.jobsOf('test.retention')).map((job) => job.id)).toEqual([id]);
    await database.db.execute(
      sql`update pgboss.job set completed_on = now() - interval '25 hours' where id = ${id}::uuid`,
    );
    await worker('w-retention').maintain();
    expect(await queue.jobsOf('test.retention')).toEqual([]);
    expect(await queue.find(id)).toMatchObject({ status: 'done' });
  });

  it('moves the jobs left waiting in the table of the queue before pg-boss into pg-boss', async () => {
    await database.db.insert(legacyJobs).values([
      { type: 'test.legacy', payload: { n: 1 }, maxAttempts: 5, attempts: 0 },
      { type: 'test.legacy', payload: { n: 2 }, status: 'running', attempts: 2, maxAttempts: 5 },
      { type: 'test.legacy', payload: { n: 3 }, status: 'done', attempts: 1 },
    ]);
    const restarted = await openJobBoss(database, logger);
    const seen: unknown[] = [];
    const w = new JobWorker({ boss: restarted, logger }).register(
      'test.legacy',
      async (payload) => {
        seen.push(payload);
      },
    );
    expect(await w.runOnce()).toBe(2);
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    const moved = await new JobQueue(restarted).jobsOf('test.legacy');
    // The running one had used two of its five attempts.
    expect(moved.map((job) => job.maxAttempts).sort()).toEqual([3, 5]);
    const left = await database.db.select().from(legacyJobs);
    expect(left.map((row) => row.payload)).toEqual([{ n: 3 }]);
  });

  it('stores a failed query as its SQL, never its parameters', async () => {
    const id = await queue.enqueue('test.query-error', {}, { maxAttempts: 1 });
    const w = worker('w-query-error').register('test.query-error', async () => {
      // The shape of Drizzle's DrizzleQueryError: the parameters are in the message too.
      throw Object.assign(
        new Error('Failed query: update t set token = $1\nparams: tok-job-secret'),
        { query: 'update t set token = $1', params: ['tok-job-secret'] },
      );
    });
    expect(await w.runOnce()).toBe(1);
    expect(await queue.find(id)).toMatchObject({
      status: 'failed',
      lastError: 'Failed query: update t set token = $1',
    });
  });
});
