import type { FastifyBaseLogger } from 'fastify';
import { jobResult } from '@fiscus/contracts';
import type { JobOutput, Violation } from '@fiscus/contracts';
import type { ItJobRow } from '../../../db/schema/index.ts';
import type {
  CassettoInvoice,
  TaxPortalCredentialsReader,
  TaxPortalGateway,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { Job } from '../../../platform/jobs/job-queue.ts';
import { safeErrorMessage } from '../../../platform/logging.ts';
import { HttpProblem } from '../../../platform/problem-errors.ts';
import type { ItJobsRepository } from '../jobs/jobs.repository.ts';
import type { CassettoImporter } from './cassetto-import.ts';
import { romeDaysRange } from './rome-days.ts';

/**
 * The background run of one invoice-download job: READY → STARTED, then the cassetto fiscale of
 * the job's fiscal id is read over its Rome days and each supplier invoice not yet imported is
 * imported; the job ends COMPLETED with what was imported, skipped and failed (and why), or
 * ERROR when the download could not run (no credentials, refused credentials, the portal down
 * after every attempt). Run again (a retry, a crash), it skips what an earlier run imported.
 */
export class DownloadRunner {
  constructor(
    private readonly options: {
      jobs: ItJobsRepository;
      importer: CassettoImporter;
      /** The tax portal and the stored credentials; absent, every download ends in ERROR. */
      taxPortal?: { gateway: TaxPortalGateway; credentials: TaxPortalCredentialsReader };
      logger: FastifyBaseLogger;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  /** The pg-boss handler: payload `{ job }`; `run` is the attempt (the last one reports ERROR). */
  async handle(payload: unknown, run?: Pick<Job, 'attempts' | 'maxAttempts'>): Promise<void> {
    const uuid = (payload as { job?: unknown } | null)?.job;
    if (typeof uuid !== 'string' || !isUuid(uuid)) return;
    const job = await this.options.jobs.findByUuid(uuid);
    if (!job || job.status === 'COMPLETED' || job.status === 'ERROR') return;
    const lastAttempt = !run || run.attempts >= run.maxAttempts;
    await this.options.jobs.markStarted(uuid, this.now(), job.startedAt);
    try {
      await this.download(job);
    } catch (error) {
      if (!lastAttempt) throw error;
      this.options.logger.warn(
        { job: uuid, err: safeErrorMessage(error) },
        'invoice download failed',
      );
      await this.finish(job, 'ERROR', jobResult('portalUnreachable'));
    }
  }

  private async download(job: ItJobRow): Promise<void> {
    if (!this.options.taxPortal) {
      await this.finish(job, 'ERROR', jobResult('portalNotConnected'));
      return;
    }
    const { gateway, credentials } = this.options.taxPortal;
    const stored = await credentials.credentialsOf(job.ownerId, job.fiscalId);
    if (!stored) {
      await this.finish(job, 'ERROR', jobResult('credentialsMissing', { fiscal_id: job.fiscalId }));
      return;
    }
    if ((await gateway.checkCredentials(stored)) === 'invalid') {
      await this.finish(job, 'ERROR', jobResult('credentialsRefused', { fiscal_id: job.fiscalId }));
      return;
    }
    const { from, to } = job.parameters as { from: string; to: string };
    const files = await gateway.receivedInvoices(job.fiscalId, romeDaysRange(from, to));
    const output: DownloadedFiles = { imported: [], skipped: [], failed: [] };
    for (const file of files) {
      const named = { sdi_id: file.sdiId, file_name: file.fileName };
      const violations = await this.importOne(job, file, output);
      if (violations !== undefined)
        output.failed.push({ ...named, reason: failureReason(violations), violations });
    }
    await this.finish(job, 'COMPLETED', { ...output, ...downloadSummary(files.length, output) });
  }

  /** Imports one file into `output`; resolves with why it failed (its violations), if it did. */
  private async importOne(
    job: ItJobRow,
    file: CassettoInvoice,
    output: DownloadedFiles,
  ): Promise<Violation[] | undefined> {
    const named = { sdi_id: file.sdiId, file_name: file.fileName };
    try {
      const result = await this.options.importer.import(job.ownerId, file);
      if (result.kind === 'imported') output.imported.push({ ...named, invoice_uuid: result.uuid });
      else output.skipped.push(named);
      return undefined;
    } catch (error) {
      // A refused file is this file's failure; anything else (the database) fails the run.
      if (!(error instanceof HttpProblem)) throw error;
      const violations = error.violations ?? [];
      return violations.length > 0
        ? violations.slice(0, MAX_STORED_VIOLATIONS)
        : [{ propertyPath: '', message: error.message, code: 'invalid' }];
    }
  }

  private async finish(
    job: ItJobRow,
    status: 'COMPLETED' | 'ERROR',
    output: Partial<JobOutput> & Pick<JobOutput, 'message'>,
  ): Promise<void> {
    await this.options.jobs.finish(
      job.uuid,
      status,
      { imported: [], skipped: [], failed: [], ...output },
      this.now(),
    );
  }
}

type DownloadedFiles = Pick<JobOutput, 'imported' | 'skipped' | 'failed'>;

/** A file's violations kept in a job's output (a broken file can have hundreds). */
const MAX_STORED_VIOLATIONS = 20;

/** Why a file failed, in English, for API users (the console words `violations`). */
function failureReason(violations: Violation[]): string {
  return violations
    .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
    .join('; ')
    .slice(0, 2000);
}

/** The result a finished download's output starts with: its key, parameters and sentence. */
export function downloadSummary(found: number, output: DownloadedFiles) {
  if (found === 0) return jobResult('noInvoices');
  return jobResult('summary', {
    count: found,
    imported: output.imported.length,
    skipped: output.skipped.length,
    failed: output.failed.length,
  });
}
