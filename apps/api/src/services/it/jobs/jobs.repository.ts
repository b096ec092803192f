import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { JobOutput, JobStatusName } from '@fiscus/contracts';
import type { ItJobRow, NewItJobRow } from '../../../db/schema/index.ts';
import { itJobs } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForCompany } from '../../../platform/tenancy.ts';

/**
 * Jobs of the Italian service (`it_jobs`), owned by the business (`businessOf`): the list and
 * one job for the API, and the status moves of a running job for its background handler. A job
 * belongs to the company of its fiscal id: the acting scope (`actingScopeOf`) shows a
 * sub-account the jobs of the registries linked to it, read at each request.
 */
export class ItJobsRepository extends OwnedRepository<typeof itJobs, ActingScope> {
  constructor(db: Database) {
    super(db, {
      table: itJobs,
      owner: itJobs.ownerId,
      id: itJobs.uuid,
      updatedAt: itJobs.updatedAt,
      collection: {
        filters: {
          created_at: { kind: 'date', column: itJobs.createdAt },
          started_at: { kind: 'date', column: itJobs.startedAt },
          scheduled_at: { kind: 'date', column: itJobs.scheduleAt },
          schedule_at: { kind: 'date', column: itJobs.scheduleAt },
          completed_at: { kind: 'date', column: itJobs.completedAt },
          status: { kind: 'exact', column: itJobs.status },
          type: { kind: 'exact', column: itJobs.type },
          fiscal_id: { kind: 'exact', column: itJobs.fiscalId },
        },
        order: {
          created_at: itJobs.createdAt,
          schedule_at: itJobs.scheduleAt,
          completed_at: itJobs.completedAt,
        },
        defaultOrder: [desc(itJobs.createdAt), asc(itJobs.uuid)],
      },
    });
  }

  protected override scoped(
    scope: ActingScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(itJobs.ownerId, scope.ownerId),
      actsForCompany(this.db, scope, itJobs.fiscalId),
      ...conditions,
    );
  }

  /** A job by id whoever owns it: the background handler's read (it holds only the id). */
  async findByUuid(uuid: string): Promise<ItJobRow | undefined> {
    const [row] = await this.db.select().from(itJobs).where(eq(itJobs.uuid, uuid));
    return row;
  }

  /**
   * Stores a job unless it is a daily one already stored for its fiscal id and day (the planner
   * ran twice): resolves with the new row, or undefined.
   */
  async insertOnce(values: NewItJobRow): Promise<ItJobRow | undefined> {
    const [row] = await this.db.insert(itJobs).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The owner's jobs of a fiscal id still waiting or running. */
  async openJobsOf(ownerId: string, fiscalId: string): Promise<ItJobRow[]> {
    return this.db
      .select()
      .from(itJobs)
      .where(
        and(
          eq(itJobs.ownerId, ownerId),
          eq(itJobs.fiscalId, fiscalId),
          inArray(itJobs.status, ['READY', 'STARTED'] satisfies JobStatusName[]),
        ),
      );
  }

  /** READY (or STARTED again, on a retried run) → STARTED; the first start time is kept. */
  async markStarted(uuid: string, at: Date, firstStart: Date | null): Promise<void> {
    await this.db
      .update(itJobs)
      .set({ status: 'STARTED', startedAt: firstStart ?? at, updatedAt: at })
      .where(eq(itJobs.uuid, uuid));
  }

  /**
   * ERROR → READY again for a rerun: the times and output of the failed run are cleared, so the
   * job reads as waiting until its new run starts. Resolves with the row, or undefined when the
   * job is no longer in ERROR (two reruns at once: only one wins).
   */
  async requeue(uuid: string, at: Date): Promise<ItJobRow | undefined> {
    const [row] = await this.db
      .update(itJobs)
      .set({
        status: 'READY',
        scheduleAt: at,
        startedAt: null,
        completedAt: null,
        output: null,
        updatedAt: at,
      })
      .where(and(eq(itJobs.uuid, uuid), eq(itJobs.status, 'ERROR' satisfies JobStatusName)))
      .returning();
    return row;
  }

  async finish(
    uuid: string,
    status: Extract<JobStatusName, 'COMPLETED' | 'ERROR'>,
    output: JobOutput,
    at: Date,
  ): Promise<void> {
    await this.db
      .update(itJobs)
      .set({ status, output, completedAt: at, updatedAt: at })
      .where(eq(itJobs.uuid, uuid));
  }
}
