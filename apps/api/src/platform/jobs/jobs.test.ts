import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { jobs } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { JobQueue, JobWorker, retryDelayMs } from './job-queue.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let queue: JobQueue;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  ({ handle: database, drop } = await createTestDatabase());
  await database.migrate();
  queue = new JobQueue(database.db);
});
afterAll(async () => {
  await drop();
});

const worker = (id: string) =>
  new JobWorker({ db: database.db, logger, workerId: id, concurrency: 3 });

describe('job queue', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    const job = await queue.enqueue('test.ok', { invoice: 'A-1' });
    const w = worker('w-ok').register('test.ok', async (payload) => {
      seen.push(payload);
    });
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    expect(seen).toEqual([{ invoice: 'A-1' }]);
    expect(await queue.find(job.id)).toMatchObject({
      status: 'done',
      attempts: 1,
      lastError: null,
    });
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
    expect((await queue.find(later.id))?.status).toBe('pending');
    expect((await queue.find(orphan.id))?.status).toBe('pending');
  });

  it('retries a failing job with exponential back-off, then marks it failed', async () => {
    const job = await queue.enqueue('test.fail', {}, { maxAttempts: 3, backoffMs: 1000 });
    let calls = 0;
    const w = worker('w-fail').register('test.fail', async () => {
      calls += 1;
      throw new Error(`gateway down (${calls})`);
    });

    const before = Date.now();
    await w.runOnce();
    let row = await queue.find(job.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'gateway down (1)' });
    expect(row!.runAt.getTime() - before).toBeGreaterThanOrEqual(1000);

    // Make the retry due now instead of waiting for it.
    await database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    const beforeSecond = Date.now();
    await w.runOnce();
    row = await queue.find(job.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'gateway down (2)' });
    expect(row!.runAt.getTime() - beforeSecond).toBeGreaterThanOrEqual(2000);

    await database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    await w.runOnce();
    row = await queue.find(job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'gateway down (3)' });
    expect(row!.finishedAt).not.toBeNull();

    // A failed job stays visible and is never picked up again.
    await database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    expect(await w.runOnce()).toBe(0);
    expect(calls).toBe(3);
  });

  it('inserts a job through a transaction: it commits or rolls back with the business write', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue('test.tx', { n: 'rolled-back' }, { db: tx });
        throw new Error('crash between the business write and the commit');
      }),
    ).rejects.toThrow('crash');
    await database.db.transaction(async (tx) => {
      await queue.enqueue('test.tx', { n: 'committed' }, { db: tx });
    });
    const rows = await database.db.select().from(jobs).where(eq(jobs.type, 'test.tx'));
    expect(rows.map((row) => row.payload)).toEqual([{ n: 'committed' }]);
  });

  it('keeps at most one pending or running job per singleton key', async () => {
    const first = await queue.enqueue('test.single', { n: 1 }, { singletonKey: 'k' });
    const second = await queue.enqueue('test.single', { n: 2 }, { singletonKey: 'k' });
    const otherKey = await queue.enqueue('test.single', { n: 3 }, { singletonKey: 'other' });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(otherKey).toBeDefined();
    await worker('w-single')
      .register('test.single', async () => undefined)
      .runOnce();
    // Once the first is done, the key is free again.
    expect(await queue.enqueue('test.single', { n: 4 }, { singletonKey: 'k' })).toBeDefined();
  });

  it('computes the back-off as 1×, 2×, 4× … capped at one hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(500, n))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(60_000, 30)).toBe(60 * 60 * 1000);
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
    const rows = await database.db.select().from(jobs).where(eq(jobs.type, 'test.race'));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('reclaims a job whose worker died while running it', async () => {
    const job = await queue.enqueue('test.stale', {});
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'dead-worker',
        lockedAt: new Date(Date.now() - 10 * 60 * 1000),
        attempts: 1,
      })
      .where(eq(jobs.id, job.id));
    const w = worker('w-rescue').register('test.stale', async () => undefined);
    expect(await w.runOnce()).toBe(1);
    expect(await queue.find(job.id)).toMatchObject({
      status: 'done',
      attempts: 2,
      lockedBy: 'w-rescue',
    });
  });

  it('polls in the background until stopped', async () => {
    const w = worker('w-poll');
    const handled = new Promise<unknown>((resolve) => {
      w.register('test.poll', async (payload) => resolve(payload));
    });
    w.start();
    const job = await queue.enqueue('test.poll', { ok: true });
    expect(await handled).toEqual({ ok: true });
    await w.stop();
    expect((await queue.find(job.id))?.status).toBe('done');
  });

  it('runs each lane on its own slots: a job stuck in one lane never delays another', async () => {
    // A long poll interval: only the wake-up of a due enqueue or a freed slot can start a job.
    const w = new JobWorker({
      db: database.db,
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
    const w = new JobWorker({ db: database.db, logger, workerId: 'w-stop', queue });
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
    const job = await queue.enqueue('test.stop-slow', {});
    await started;
    const stopping = w.stop();
    release();
    await stopping;
    expect((await queue.find(job.id))?.status).toBe('done');
  });

  it('stores a failed query as its SQL, never its parameters', async () => {
    const job = await queue.enqueue('test.query-error', {}, { maxAttempts: 1 });
    const w = worker('w-query-error').register('test.query-error', async () => {
      // The shape of Drizzle's DrizzleQueryError: the parameters are in the message too.
      throw Object.assign(
        new Error('Failed query: update t set token = $1\nparams: tok-job-secret'),
        { query: 'update t set token = $1', params: ['tok-job-secret'] },
      );
    });
    expect(await w.runOnce()).toBe(1);
    expect(await queue.find(job.id)).toMatchObject({
      status: 'failed',
      lastError: 'Failed query: update t set token = $1',
    });
  });
});
