import { and, eq, lt } from 'drizzle-orm';
import type { ItDownloadScheduleRow, NewItDownloadScheduleRow } from '../../../db/schema/index.ts';
import { itDownloadSchedules } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

const schedules = itDownloadSchedules;

/**
 * Invoice-download schedules (`it_download_schedules`), one per business registry, owned by the
 * business (`businessOf`). The routes reach a schedule through the caller's registry; the daily
 * planner reads every enabled one.
 */
export class DownloadSchedulesRepository {
  constructor(private readonly db: Database) {}

  async findOfRegistry(registryUuid: string): Promise<ItDownloadScheduleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schedules)
      .where(eq(schedules.registryUuid, registryUuid));
    return row;
  }

  /** Creates or replaces the registry's schedule with `values` (one row per registry). */
  async save(
    values: Omit<NewItDownloadScheduleRow, 'uuid' | 'createdAt' | 'updatedAt'>,
    at: Date,
  ): Promise<ItDownloadScheduleRow> {
    const [row] = await this.db
      .insert(schedules)
      .values({ ...values, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: schedules.registryUuid,
        set: {
          enabled: values.enabled,
          validUntil: values.validUntil,
          autoRenew: values.autoRenew,
          activatedAt: values.activatedAt,
          updatedAt: at,
        },
      })
      .returning();
    if (!row) throw new Error('schedule upsert returned no row');
    return row;
  }

  async update(
    uuid: string,
    changes: Partial<Pick<ItDownloadScheduleRow, 'enabled' | 'validUntil' | 'autoRenew'>>,
    at: Date,
  ): Promise<ItDownloadScheduleRow | undefined> {
    const [row] = await this.db
      .update(schedules)
      .set({ ...changes, updatedAt: at })
      .where(eq(schedules.uuid, uuid))
      .returning();
    return row;
  }

  /** Every enabled schedule (the planner's daily read). */
  async enabled(): Promise<ItDownloadScheduleRow[]> {
    return this.db.select().from(schedules).where(eq(schedules.enabled, true));
  }

  /** Enabled schedules whose last day is before `today`. */
  async expiredBefore(today: string): Promise<ItDownloadScheduleRow[]> {
    return this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.enabled, true), lt(schedules.validUntil, today)));
  }
}
