import type { FastifyBaseLogger } from 'fastify';
import type { JobOutput } from '@fiscus/contracts';
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
      await this.finish(job, 'ERROR', {
        message:
          'The tax portal could not be read: the download failed after every attempt. Run it again later.',
      });
    }
  }

  private async download(job: ItJobRow): Promise<void> {
    if (!this.options.taxPortal) {
      await this.finish(job, 'ERROR', {
        message: 'This instance is not connected to the tax portal: no download can run.',
      });
      return;
    }
    const { gateway, credentials } = this.options.taxPortal;
    const stored = await credentials.credentialsOf(job.ownerId, job.fiscalId);
    if (!stored) {
      await this.finish(job, 'ERROR', {
        message: `No Fisconline credentials are stored for ${job.fiscalId}: store them in the business registry's tax drawer (cassetto fiscale) tab, then run the download again.`,
      });
      return;
    }
    if ((await gateway.checkCredentials(stored)) === 'invalid') {
      await this.finish(job, 'ERROR', {
        message: `The tax portal refused the Fisconline credentials stored for ${job.fiscalId}: update them in the business registry's tax drawer (cassetto fiscale) tab.`,
      });
      return;
    }
    const { from, to } = job.parameters as { from: string; to: string };
    const files = await gateway.receivedInvoices(job.fiscalId, romeDaysRange(from, to));
    const output: Omit<JobOutput, 'message'> = { imported: [], skipped: [], failed: [] };
    for (const file of files) {
      const named = { sdi_id: file.sdiId, file_name: file.fileName };
      const reason = await this.importOne(job, file, output);
      if (reason !== undefined) output.failed.push({ ...named, reason });
    }
    await this.finish(job, 'COMPLETED', {
      ...output,
      message: downloadSummary(files.length, output),
    });
  }

  /** Imports one file into `output`; resolves with why it failed, if it did. */
  private async importOne(
    job: ItJobRow,
    file: CassettoInvoice,
    output: Omit<JobOutput, 'message'>,
  ): Promise<string | undefined> {
    const named = { sdi_id: file.sdiId, file_name: file.fileName };
    try {
      const result = await this.options.importer.import(job.ownerId, file);
      if (result.kind === 'imported') output.imported.push({ ...named, invoice_uuid: result.uuid });
      else output.skipped.push(named);
      return undefined;
    } catch (error) {
      // A refused file is this file's failure; anything else (the database) fails the run.
      if (!(error instanceof HttpProblem)) throw error;
      return (
        (error.violations ?? [])
          .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
          .join('; ')
          .slice(0, 2000) || error.message
      );
    }
  }

  private async finish(
    job: ItJobRow,
    status: 'COMPLETED' | 'ERROR',
    output: Partial<JobOutput> & { message: string },
  ): Promise<void> {
    await this.options.jobs.finish(
      job.uuid,
      status,
      { imported: [], skipped: [], failed: [], ...output },
      this.now(),
    );
  }
}

/** The sentence a finished download's output starts with. */
export function downloadSummary(found: number, output: Omit<JobOutput, 'message'>): string {
  if (found === 0) return 'No supplier invoices in the cassetto fiscale for these days.';
  return `${found} supplier invoices found in the cassetto fiscale: ${output.imported.length} imported, ${output.skipped.length} already imported, ${output.failed.length} failed.`;
}
