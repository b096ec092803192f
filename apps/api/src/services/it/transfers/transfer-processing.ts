import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TRANSFER_NOTICES } from '@fiscus/contracts';
import type { InvoiceFormat } from '@fiscus/fatturapa';
import { users } from '../../../db/schema/index.ts';
import type {
  ItInvoiceTransferRow,
  ItTransferUploadRow,
  StoredTransferViolation,
} from '../../../db/schema/it-transfers.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { JobWorker } from '../../../platform/jobs/job-queue.ts';
import { HttpProblem } from '../../../platform/problem-errors.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import { walkZip } from './transfer-archive.ts';
import type { ArchiveEntry } from './transfer-archive.ts';
import { readTransferFile } from './transfer-document.ts';
import { referenceOf } from './transfer-paths.ts';
import type { TransferProcessPayload } from './transfers.service.ts';
import { TRANSFER_PROCESS_JOB } from './transfers.service.ts';
import { TransfersRepository } from './transfers.repository.ts';

/*
 * The job behind an upload: reads the stored file (one invoice, or a zip entry by entry) and
 * makes one transfer per invoice file, in order, so the transfers screen fills as it goes. A
 * valid invoice is sent through the invoices service, as POST /invoices would send it: credit,
 * SDI sandbox, webhooks. The job runs at least once: each entry's transfer is keyed by (upload,
 * entry), a second run skips the entries the first finished, and an entry interrupted between
 * sending and linking finds its invoice instead of sending it again.
 */

export type TransferProcessingDependencies = {
  db: Database;
  files: FileStore;
  invoices: InvoicesService;
  logger: FastifyBaseLogger;
  /** The processing's clock; now unless given (the demo history's). */
  clock?: () => Date;
};

/** The worker lane of upload processing. */
export const TRANSFER_LANE = 'transfers';

export const SENT_NOTICE = TRANSFER_NOTICES.sent;

function problemViolations(error: HttpProblem): StoredTransferViolation[] {
  if (error.violations && error.violations.length > 0)
    return error.violations.map(
      ({ propertyPath, message, code, messageKey, parameters, messages }) => ({
        propertyPath,
        message,
        code,
        ...(messageKey ? { messageKey } : {}),
        ...(parameters ? { parameters } : {}),
        ...(messages ? { messages } : {}),
      }),
    );
  return [
    { propertyPath: '', message: error.detail ?? error.message, code: `http_${error.status}` },
  ];
}

export class TransferProcessing {
  private readonly repository: TransfersRepository;

  constructor(private readonly deps: TransferProcessingDependencies) {
    this.repository = new TransfersRepository(deps.db);
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  registerJobs(worker: JobWorker): void {
    // Its own lane: a zip of a thousand invoices never holds a slot that SDI's steps need.
    worker.register(
      TRANSFER_PROCESS_JOB,
      (payload) => this.process((payload as TransferProcessPayload).uploadUuid),
      { lane: TRANSFER_LANE },
    );
  }

  /** Makes every transfer of an upload that an earlier run has not made. */
  async process(uploadUuid: string): Promise<void> {
    const upload = await this.repository.findUpload(uploadUuid);
    if (!upload || upload.status === 'processed') return;
    const [uploader] = await this.deps.db
      .select()
      .from(users)
      .where(eq(users.id, upload.uploadedBy));
    const bytes = await this.deps.files.get(upload.fileKey);
    if (!uploader || !bytes) {
      this.deps.logger.warn({ uploadUuid }, 'transfer upload without its file or uploader');
      await this.repository.markUploadProcessed(upload.uuid, this.now());
      return;
    }
    // The stored roles decide, as for a request: a role removed since the upload counts.
    const actor: Actor = { user: uploader, roles: uploader.roles, impersonator: null };
    if (upload.kind === 'zip') {
      await walkZip(bytes, (entry) => this.entry(actor, upload, entry));
    } else {
      await this.entry(actor, upload, { index: 0, name: upload.fileName, data: bytes });
    }
    await this.repository.markUploadProcessed(upload.uuid, this.now());
  }

  /**
   * One file's transfer: made (or, for a single file, filled in: the upload left a queued row),
   * then sent when valid. What an earlier run finished is left as it is.
   */
  private async entry(actor: Actor, upload: ItTransferUploadRow, entry: ArchiveEntry) {
    const existing = await this.repository.findEntry(upload.uuid, entry.index);
    if (existing && (existing.invoiceUuid || existing.violations)) return;
    const base = {
      ownerId: upload.ownerId,
      uploadUuid: upload.uuid,
      entryIndex: entry.index,
      originalFileName: entry.name,
      reference: referenceOf(upload.folder),
      createdAt: this.now(),
    };
    if (entry.data === undefined) {
      if (!existing)
        await this.repository.insertEntry({
          ...base,
          // Why, as a reason the console words (with the size limit of a too large file).
          violations: [
            {
              propertyPath: '',
              message: entry.problem,
              code: 'zip_entry_unreadable',
              parameters: { reason: entry.reason, ...entry.parameters },
            },
          ],
          notice: TRANSFER_NOTICES.notInvoice,
        });
      return;
    }
    const read = await readTransferFile(entry.data);
    let transfer = existing;
    // Not read yet (no transfer, or the upload's queued row): record what the file holds.
    if (!transfer || transfer.xml === null) {
      const values = {
        ...(read.extract ?? {}),
        xml: read.xml,
        violations: read.violations.length > 0 ? read.violations : null,
        notice: read.violations.length > 0 ? TRANSFER_NOTICES.violations : null,
      };
      transfer = transfer
        ? await this.repository.updateEntry(transfer.uuid, values)
        : await this.repository.insertEntry({ ...base, ...values });
    }
    if (transfer && read.violations.length === 0 && read.format)
      await this.send(actor, transfer, entry.data, read.format);
  }

  /** Sends a valid transfer's invoice once, and links it. */
  private async send(
    actor: Actor,
    transfer: ItInvoiceTransferRow,
    bytes: Buffer,
    format: InvoiceFormat,
  ): Promise<void> {
    const earlier = await this.repository.unlinkedInvoiceOf(transfer);
    try {
      const invoiceUuid =
        earlier ??
        // The file as uploaded: a .p7m stays a signed invoice.
        (
          await this.deps.invoices.create(
            actor,
            bytes,
            format === 'FSM10' ? 'simplified' : 'standard',
          )
        ).uuid;
      const sent = await this.repository.updateEntry(transfer.uuid, {
        invoiceUuid,
        sentAt: this.now(),
        notice: SENT_NOTICE,
      });
      if (sent) await this.repository.markEarlierFixed(sent);
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
      await this.repository.updateEntry(transfer.uuid, {
        violations: problemViolations(error),
        notice: error.status === 403 ? TRANSFER_NOTICES.forbidden : TRANSFER_NOTICES.refused,
      });
    }
  }
}
