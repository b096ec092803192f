import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { safeErrorMessage } from '../../../platform/logging.ts';
import { startDownloadJob } from './download-jobs.ts';
import { DAILY_LOOKBACK_DAYS } from './invoice-download.service.ts';
import { addDays, addYear, romeDay } from './rome-days.ts';
import { DownloadSchedulesRepository } from './schedules.repository.ts';

/**
 * The daily step of the invoice-download schedules (a pg-boss cron job, 03:00 Europe/Rome):
 * schedules whose last day has passed are extended by a year (auto_renew) or switched off, then
 * each enabled schedule gets the day's download job, at most one per fiscal id and day however
 * often the step runs (a unique day per job row and a pg-boss singleton key).
 */
export class DailyDownloadPlanner {
  private readonly schedules: DownloadSchedulesRepository;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly logger: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.schedules = new DownloadSchedulesRepository(db);
  }

  /** Resolves with how many download jobs it started. */
  async plan(): Promise<number> {
    const now = this.clock();
    const today = romeDay(now);
    for (const schedule of await this.schedules.expiredBefore(today)) {
      if (schedule.autoRenew && schedule.validUntil) {
        let until = schedule.validUntil;
        while (until < today) until = addYear(until);
        await this.schedules.update(schedule.uuid, { validUntil: until }, now);
      } else {
        await this.schedules.update(schedule.uuid, { enabled: false }, now);
      }
    }
    let started = 0;
    for (const schedule of await this.schedules.enabled()) {
      try {
        const job = await startDownloadJob(this.db, this.jobs, {
          ownerId: schedule.ownerId,
          fiscalId: schedule.fiscalId,
          from: addDays(today, -DAILY_LOOKBACK_DAYS),
          to: today,
          dailyOf: today,
          at: now,
        });
        if (job) started += 1;
      } catch (error) {
        // One schedule's failure leaves the others' runs; the next day plans it again.
        this.logger.error(
          { fiscalId: schedule.fiscalId, err: safeErrorMessage(error) },
          'daily invoice download not started',
        );
      }
    }
    return started;
  }
}
