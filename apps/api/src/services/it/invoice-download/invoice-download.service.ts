import type {
  InvoiceDownloadActivation,
  InvoiceDownloadJobRequest,
  InvoiceDownloadSchedule,
  InvoiceDownloadScheduleUpdate,
} from '@fiscus/contracts';
import { invoiceDownloadMessages, MAX_DOWNLOAD_RANGE_DAYS } from '@fiscus/contracts';
import type { ItDownloadScheduleRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import {
  HttpProblem,
  notFound,
  unprocessable,
  violation,
} from '../../../platform/problem-errors.ts';
import { businessOf, subAccountOf } from '../../../platform/tenancy.ts';
import type { RegistryWithLinks } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { BusinessRegistryConfigurationsRepository } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { ItJobsRepository } from '../jobs/jobs.repository.ts';
import { startDownloadJob } from './download-jobs.ts';
import { DownloadSchedulesRepository } from './schedules.repository.ts';
import { addDays, addYear, romeDay } from './rome-days.ts';

/** Days before today a daily run reads again (late deliveries; the import skips duplicates). */
export const DAILY_LOOKBACK_DAYS = 3;

const conflict = (detail: string) => new HttpProblem(409, detail);

/** A schedule as the API shows it; a fiscal id never scheduled is simply not enabled. */
export function toSchedule(row: ItDownloadScheduleRow | undefined): InvoiceDownloadSchedule {
  if (!row?.enabled)
    return { enabled: false, valid_until: null, auto_renew: row?.autoRenew ?? false };
  return { enabled: true, valid_until: row.validUntil, auto_renew: row.autoRenew };
}

/**
 * The invoice-download schedule of a business registry (`/schedule/invoice-download/
 * {fiscalId}`) and the one-off download (`POST /jobs/invoice-download`). A fiscal id is reached
 * only through one of the caller's registries (a sub-account's linked ones): any other is 404.
 * Activation runs for a year from its Europe/Rome day and starts the day's download at once.
 */
export class InvoiceDownloadService {
  private readonly registries: BusinessRegistryConfigurationsRepository;
  private readonly schedules: DownloadSchedulesRepository;
  private readonly jobRows: ItJobsRepository;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.registries = new BusinessRegistryConfigurationsRepository(db);
    this.schedules = new DownloadSchedulesRepository(db);
    this.jobRows = new ItJobsRepository(db);
  }

  async status(actor: Actor, fiscalId: string): Promise<InvoiceDownloadSchedule> {
    const registry = await this.registryOf(actor, fiscalId);
    return toSchedule(await this.schedules.findOfRegistry(registry.uuid));
  }

  async activate(
    actor: Actor,
    fiscalId: string,
    body: InvoiceDownloadActivation,
  ): Promise<InvoiceDownloadSchedule> {
    const registry = await this.registryOf(actor, fiscalId);
    const current = await this.schedules.findOfRegistry(registry.uuid);
    if (current?.enabled) {
      throw conflict(
        `The invoice download of ${registry.fiscalId} is already active until ${current.validUntil}: change auto_renew with PUT, or deactivate it first.`,
      );
    }
    const now = this.clock();
    const today = romeDay(now);
    const saved = await this.schedules.save(
      {
        ownerId: registry.ownerId,
        registryUuid: registry.uuid,
        fiscalId: registry.fiscalId,
        enabled: true,
        validUntil: addYear(today),
        autoRenew: body?.auto_renew ?? false,
        activatedAt: now,
      },
      now,
    );
    // Today's daily run at once; the planner finds it made and adds none for today.
    await startDownloadJob(this.db, this.jobs, {
      ownerId: registry.ownerId,
      fiscalId: registry.fiscalId,
      from: addDays(today, -DAILY_LOOKBACK_DAYS),
      to: today,
      dailyOf: today,
      at: now,
    });
    if (body?.download_archive) {
      await startDownloadJob(this.db, this.jobs, {
        ownerId: registry.ownerId,
        fiscalId: registry.fiscalId,
        from: addDays(today, 1 - MAX_DOWNLOAD_RANGE_DAYS),
        to: today,
        at: now,
      });
    }
    return toSchedule(saved);
  }

  async deactivate(actor: Actor, fiscalId: string): Promise<void> {
    const registry = await this.registryOf(actor, fiscalId);
    const current = await this.activeSchedule(registry);
    await this.schedules.update(current.uuid, { enabled: false }, this.clock());
  }

  async setAutoRenew(
    actor: Actor,
    fiscalId: string,
    body: InvoiceDownloadScheduleUpdate,
  ): Promise<InvoiceDownloadSchedule> {
    const registry = await this.registryOf(actor, fiscalId);
    const current = await this.activeSchedule(registry);
    const saved = await this.schedules.update(
      current.uuid,
      { autoRenew: body.auto_renew },
      this.clock(),
    );
    return toSchedule(saved);
  }

  /** `POST /jobs/invoice-download`: a download of the given Rome days, now. */
  async startDownload(actor: Actor, body: InvoiceDownloadJobRequest): Promise<{ uuid: string }> {
    const registry = await this.registries.findByFiscalId(
      scopeOf(actor),
      normalise(body.fiscal_id),
    );
    if (!registry) {
      throw unprocessable([
        violation(
          'fiscal_id',
          'No business registry configuration of this account has this fiscal id.',
          'not_found',
        ),
      ]);
    }
    const now = this.clock();
    if (body.to_date > romeDay(now)) {
      throw unprocessable([violation('to_date', invoiceDownloadMessages.inFuture, 'invalid')]);
    }
    const overlapping = (await this.jobRows.openJobsOf(registry.ownerId, registry.fiscalId)).find(
      (job) => {
        const range = job.parameters as { from: string; to: string };
        return range.from <= body.to_date && body.from_date <= range.to;
      },
    );
    if (overlapping) {
      throw conflict(
        `A download of ${registry.fiscalId} over overlapping days is still ${overlapping.status === 'READY' ? 'waiting' : 'running'} (job ${overlapping.uuid}): wait for it to end.`,
      );
    }
    const row = await startDownloadJob(this.db, this.jobs, {
      ownerId: registry.ownerId,
      fiscalId: registry.fiscalId,
      from: body.from_date,
      to: body.to_date,
      at: now,
    });
    if (!row) throw new Error('a one-off download job was not stored');
    return { uuid: row.uuid };
  }

  private async registryOf(actor: Actor, fiscalId: string): Promise<RegistryWithLinks> {
    const registry = await this.registries.findByFiscalId(scopeOf(actor), normalise(fiscalId));
    if (!registry) throw notFound('No business registry configuration with this fiscal id.');
    return registry;
  }

  private async activeSchedule(registry: RegistryWithLinks): Promise<ItDownloadScheduleRow> {
    const current = await this.schedules.findOfRegistry(registry.uuid);
    if (!current?.enabled) {
      throw conflict(`The invoice download of ${registry.fiscalId} is not active.`);
    }
    return current;
  }
}

function scopeOf(actor: Actor) {
  return { ownerId: businessOf(actor), subAccountId: subAccountOf(actor) };
}

/** Fiscal ids are stored without country prefix; `IT01234567897` names `01234567897`. */
function normalise(fiscalId: string): string {
  const upper = fiscalId.trim().toUpperCase();
  return /^IT\d{11}$/.test(upper) ? upper.slice(2) : upper;
}
