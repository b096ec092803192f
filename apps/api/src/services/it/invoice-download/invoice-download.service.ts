import type {
  InvoiceDownloadActivation,
  InvoiceDownloadJobRequest,
  InvoiceDownloadSchedule,
  InvoiceDownloadScheduleUpdate,
} from '@fiscus/contracts';
import {
  DOWNLOAD_CREDENTIALS_MISSING_CODE,
  invoiceDownloadMessages,
  MAX_DOWNLOAD_RANGE_DAYS,
} from '@fiscus/contracts';
import type { ItDownloadScheduleRow, ItJobRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import {
  forbidden,
  HttpProblem,
  notFound,
  unprocessable,
  violation,
} from '../../../platform/problem-errors.ts';
import { actingScopeOf, companyFiscalId, mayActFor } from '../../../platform/tenancy.ts';
import type { RegistryWithLinks } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { BusinessRegistryConfigurationsRepository } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { ItJobsRepository } from '../jobs/jobs.repository.ts';
import { TaxDrawerRepository } from '../tax-drawer/tax-drawer.repository.ts';
import { rerunDownloadJob, startDownloadJob } from './download-jobs.ts';
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
 * Activation runs for a year from its Europe/Rome day and starts the day's download at once; it
 * needs the registry's Fisconline credentials stored (tax drawer), else every job would fail.
 */
export class InvoiceDownloadService {
  private readonly registries: BusinessRegistryConfigurationsRepository;
  private readonly schedules: DownloadSchedulesRepository;
  private readonly jobRows: ItJobsRepository;
  private readonly taxDrawer: TaxDrawerRepository;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.registries = new BusinessRegistryConfigurationsRepository(db);
    this.schedules = new DownloadSchedulesRepository(db);
    this.jobRows = new ItJobsRepository(db);
    this.taxDrawer = new TaxDrawerRepository(db);
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
    if (!(await this.taxDrawer.credentialsByFiscalId(registry.ownerId, registry.fiscalId))) {
      throw unprocessable([
        {
          ...violation(
            'fiscal_id',
            invoiceDownloadMessages.credentialsMissing,
            DOWNLOAD_CREDENTIALS_MISSING_CODE,
          ),
          parameters: { fiscal_id: registry.fiscalId },
        },
      ]);
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
    const scope = actingScopeOf(actor);
    const fiscalId = normalise(body.fiscal_id);
    // A sub-account creates jobs only for the companies linked to it (the others are 403).
    if (!(await mayActFor(this.db, scope, fiscalId)))
      throw forbidden(`This login may not act for the fiscal id ${fiscalId}.`);
    const registry = await this.registries.findByFiscalId(scope, fiscalId);
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

  /**
   * `POST /jobs/{uuid}/rerun`: a job that ended in ERROR runs again (READY, then its new run).
   * The job is found in the acting scope (another company's is 404); one that did not fail is a
   * 409, as is one whose days a waiting or running download covers already.
   */
  async rerun(actor: Actor, uuid: string): Promise<ItJobRow> {
    const job = isUuid(uuid) ? await this.jobRows.findOwned(actingScopeOf(actor), uuid) : undefined;
    if (!job) throw notFound('Job not found.');
    if (job.status !== 'ERROR') {
      throw conflict(
        `Job ${job.uuid} is ${job.status}: only a job that ended in ERROR can be run again.`,
      );
    }
    const range = job.parameters as { from: string; to: string };
    const overlapping = (await this.jobRows.openJobsOf(job.ownerId, job.fiscalId)).find((open) => {
      const other = open.parameters as { from: string; to: string };
      return other.from <= range.to && range.from <= other.to;
    });
    if (overlapping) {
      throw conflict(
        `A download of ${job.fiscalId} over overlapping days is still ${overlapping.status === 'READY' ? 'waiting' : 'running'} (job ${overlapping.uuid}): wait for it to end.`,
      );
    }
    const row = await rerunDownloadJob(this.db, this.jobs, job.uuid, this.clock());
    if (!row) throw conflict(`Job ${job.uuid} is already running again.`);
    return row;
  }

  private async registryOf(actor: Actor, fiscalId: string): Promise<RegistryWithLinks> {
    const registry = await this.registries.findByFiscalId(
      actingScopeOf(actor),
      normalise(fiscalId),
    );
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

/** Fiscal ids are stored without country prefix; `IT01234567897` names `01234567897`. */
function normalise(fiscalId: string): string {
  return companyFiscalId(fiscalId);
}
