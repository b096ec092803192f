import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { JobRow } from '../../db/schema/index.ts';
import { jobs } from '../../db/schema/index.ts';

export type NewJob = {
  type: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  backoffMs: number;
  singletonKey: string | null;
};

export class JobsRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the job; `undefined` when its singleton key is held by a pending or running one. */
  async insert(job: NewJob): Promise<JobRow | undefined> {
    const [row] = await this.db
      .insert(jobs)
      .values(job)
      .onConflictDoNothing({
        target: [jobs.type, jobs.singletonKey],
        where: sql`${jobs.status} in ('pending', 'running')`,
      })
      .returning();
    if (!row && job.singletonKey === null) throw new Error('job insert returned no row');
    return row;
  }

  /**
   * Atomically takes up to `limit` due jobs of the given types for one worker. SKIP LOCKED makes
   * concurrent claimers pass over rows another transaction is taking, so a job goes to one worker.
   * A job left `running` longer than `lockTimeoutMs` (its worker died) is due again.
   */
  async claimDue(
    workerId: string,
    types: string[],
    limit: number,
    lockTimeoutMs: number,
  ): Promise<JobRow[]> {
    if (types.length === 0) return [];
    const now = new Date();
    const staleBefore = new Date(now.getTime() - lockTimeoutMs);
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, types),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lte(jobs.lockedAt, staleBefore)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        status: 'running',
        lockedAt: now,
        lockedBy: workerId,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: now,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async markDone(id: string, workerId: string): Promise<void> {
    const now = new Date();
    await this.db
      .update(jobs)
      .set({ status: 'done', finishedAt: now, updatedAt: now, lockedAt: null, lastError: null })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
  }

  /** Records a failed attempt: back to pending at `retryAt`, or `failed` for good when null. */
  async markAttemptFailed(
    id: string,
    workerId: string,
    error: string,
    retryAt: Date | null,
  ): Promise<void> {
    const now = new Date();
    await this.db
      .update(jobs)
      .set(
        retryAt
          ? { status: 'pending', runAt: retryAt, lastError: error, lockedAt: null, updatedAt: now }
          : { status: 'failed', lastError: error, lockedAt: null, finishedAt: now, updatedAt: now },
      )
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
  }

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }
}
