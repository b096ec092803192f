import { randomUUID } from 'node:crypto';
import type {
  InvoiceTransfer,
  TransferDirs,
  TransferUpload,
  TransferUploaded,
  TransferUploadProgress,
  Violation,
} from '@fiscus/contracts';
import {
  TRANSFER_CSV_MAX_ITEMS_PER_PAGE,
  TRANSFER_MAX_INVOICE_BYTES,
  TRANSFER_MAX_ZIP_BYTES,
  TRANSFER_NOTICES,
  TRANSFER_ROOT_DIR,
  transferNoticeCodeOf,
  violationCodes,
} from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { forbidden, notFound, unprocessable } from '../../../platform/problem-errors.ts';
import { actingScopeOf, businessOf, mayActFor } from '../../../platform/tenancy.ts';
import { ArchiveRefused, walkZip } from './transfer-archive.ts';
import { assertTransferReader, assertTransferUploader } from './transfer-access.ts';
import { readUploadedInvoice } from './transfer-document.ts';
import { parseFolderPrefix, parseUploadPath, referenceOf } from './transfer-paths.ts';
import type { TransferItemRow } from './transfers.repository.ts';
import { REFUSED_MARKINGS, TransfersRepository } from './transfers.repository.ts';

/** The job that reads an uploaded file and makes its transfers. */
export const TRANSFER_PROCESS_JOB = 'it.transfer.process';

export type TransferProcessPayload = { uploadUuid: string };

/** The notice of a single file's transfer until its job has read it. */
export const QUEUED_NOTICE = TRANSFER_NOTICES.queued;

/** A transfer as the API answers it (spec 3). */
export function toInvoiceTransfer(row: TransferItemRow): InvoiceTransfer {
  return {
    uuid: row.uuid,
    supplier_name: row.supplierName,
    supplier_fiscal_id: row.supplierFiscalId,
    customer_name: row.customerName,
    customer_fiscal_id: row.customerFiscalId,
    invoice_number: row.invoiceNumber,
    invoice_date: row.invoiceDate,
    invoice_type: row.invoiceType,
    invoice_net_amount: row.invoiceNetAmount,
    invoice_vat_amount: row.invoiceVatAmount,
    invoice_tot_amount: row.invoiceTotAmount,
    original_file_name: row.originalFileName,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    violations: row.violations ? JSON.stringify(row.violations) : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    sdi_id: row.sdiFileId,
    sdi_file_name: row.sdiFileName,
    invoice_uuid: row.invoiceUuid,
    marking: row.marking,
    notice: row.notice,
    notice_code: transferNoticeCodeOf(row.notice),
    upload_uuid: row.uploadUuid,
    fixed: row.fixed,
  };
}

/**
 * The stable codes of an upload's refusals (besides the invoice checks' own, e.g. xml-malformed):
 * a client words them in its user's language, with the violation's parameters.
 */
export const UPLOAD_REFUSAL_CODES = {
  empty: 'FILE_EMPTY',
  /** parameters: max_mb. */
  tooLarge: 'FILE_TOO_LARGE',
  zipRefused: 'ZIP_REFUSED',
  zipEmpty: 'ZIP_EMPTY',
} as const;

function contentViolation(
  message: string,
  code: string = violationCodes.invalid,
  parameters?: Record<string, string>,
): Violation {
  return { propertyPath: 'content', message, code, ...(parameters ? { parameters } : {}) };
}

function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}

/** Base64 text to bytes; whitespace (line breaks of a wrapped encoding) is ignored. */
function decodeBase64(content: string): Buffer {
  return Buffer.from(content.replace(/\s+/g, ''), 'base64');
}

export type TransfersServiceDependencies = {
  db: Database;
  files: FileStore;
  jobs: JobQueue;
  /** The upload's time; the database's clock unless given (the demo history's). */
  clock?: () => Date;
};

/**
 * The transfer store's front door (upload, folder listing) and the gov-it view of its results
 * (list, one transfer, its XML). An upload is checked whole before anything is written: the
 * path's rules, the size, that a single file reads as an invoice and that a zip is safe to
 * unpack; then the file goes to the file store (under the business's prefix and the upload's
 * id, never under a name the user chose) and the upload, its folders and its job are recorded
 * in one transaction. The job (transfer-processing.ts) makes the transfers.
 */
export class TransfersService {
  readonly repository: TransfersRepository;

  constructor(private readonly deps: TransfersServiceDependencies) {
    this.repository = new TransfersRepository(deps.db);
  }

  /** POST /api/transfer/it/upload. */
  async upload(actor: Actor, body: TransferUpload): Promise<TransferUploaded> {
    assertTransferUploader(actor);
    return this.receive(actor, body.path, decodeBase64(body.content));
  }

  /**
   * Stores an uploaded file and queues its processing; the upload's checks without the upload
   * role (the demo history stores its files through here, as the account that owns them).
   */
  async receive(actor: Actor, rawPath: string, bytes: Buffer): Promise<TransferUploaded> {
    const path = parseUploadPath(rawPath);
    if ('violations' in path) throw unprocessable(path.violations);
    const total = await this.checkContent(actor, path.kind, bytes);

    const ownerId = businessOf(actor);
    const uuid = randomUUID();
    const extension =
      path.kind === 'zip' ? 'zip' : path.fileName.toLowerCase().endsWith('.p7m') ? 'p7m' : 'xml';
    const fileKey = `transfers/${ownerId}/${uuid}.${extension}`;
    await this.deps.files.put(fileKey, bytes);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const uploaded = await new TransfersRepository(tx).insertUpload({
          uuid,
          ownerId,
          uploadedBy: actor.user.id,
          folder: path.folder,
          fileName: path.fileName,
          kind: path.kind,
          fileKey,
          size: bytes.length,
          fileCount: total,
          ...(this.deps.clock ? { createdAt: this.deps.clock() } : {}),
        });
        // A single file shows on the transfers screen at once, queued until its job reads it.
        if (path.kind === 'invoice')
          await new TransfersRepository(tx).insertEntry({
            ownerId,
            uploadUuid: uuid,
            entryIndex: 0,
            originalFileName: path.fileName,
            reference: referenceOf(path.folder),
            notice: QUEUED_NOTICE,
            ...(this.deps.clock ? { createdAt: this.deps.clock() } : {}),
          });
        await this.deps.jobs.enqueue(
          TRANSFER_PROCESS_JOB,
          { uploadUuid: uuid } satisfies TransferProcessPayload,
          { db: tx, timeoutMs: 30 * 60 * 1000 },
        );
        return uploaded;
      });
      return {
        uuid: row.uuid,
        path: path.folder === '' ? path.fileName : `${path.folder}/${path.fileName}`,
        reference: referenceOf(path.folder),
        original_file_name: row.fileName,
        kind: path.kind,
        size: row.size,
        total,
        created_at: row.createdAt.toISOString(),
      };
    } catch (error) {
      // Nothing recorded: the stored bytes go too.
      await this.deps.files.delete(fileKey).catch(() => false);
      throw error;
    }
  }

  /**
   * Refuses, with a violation on `content`, what cannot become transfers, and with a 403 a
   * single invoice of a company the login may not act for (a zip's entries are refused one by
   * one when sent); else answers how many transfers the file will make (a zip's files, 1 for an
   * invoice).
   */
  private async checkContent(
    actor: Actor,
    kind: 'invoice' | 'zip',
    bytes: Buffer,
  ): Promise<number> {
    if (bytes.length === 0)
      throw unprocessable([contentViolation('The file is empty.', UPLOAD_REFUSAL_CODES.empty)]);
    const limit = kind === 'zip' ? TRANSFER_MAX_ZIP_BYTES : TRANSFER_MAX_INVOICE_BYTES;
    if (bytes.length > limit)
      throw unprocessable([
        contentViolation(
          `The file is larger than ${megabytes(limit)} MB.`,
          UPLOAD_REFUSAL_CODES.tooLarge,
          { max_mb: String(megabytes(limit)) },
        ),
      ]);
    if (kind === 'zip') {
      let files: number;
      try {
        // Every entry inflated once, within the limits, before anything is stored.
        ({ files } = await walkZip(bytes, () => Promise.resolve()));
      } catch (error) {
        if (error instanceof ArchiveRefused)
          throw unprocessable([contentViolation(error.message, UPLOAD_REFUSAL_CODES.zipRefused)]);
        throw error;
      }
      if (files === 0)
        throw unprocessable([
          contentViolation('The zip holds no files.', UPLOAD_REFUSAL_CODES.zipEmpty),
        ]);
      return files;
    }
    const read = await readUploadedInvoice(bytes);
    if (read.problems.length > 0)
      throw unprocessable(
        // The check's own code (xml-malformed, xml-wrong-root…): the console words it.
        read.problems.map(({ message, code, messageKey, parameters, messages }) => ({
          ...contentViolation(`The file is not a FatturaPA invoice: ${message}`, code),
          ...(messageKey ? { messageKey } : {}),
          ...(parameters ? { parameters } : {}),
          ...(messages ? { messages } : {}),
        })),
      );
    const scope = actingScopeOf(actor);
    const { fiscalId, vat } = read.supplier;
    if (
      !(await mayActFor(this.deps.db, scope, fiscalId)) &&
      !(await mayActFor(this.deps.db, scope, vat))
    )
      throw forbidden(
        `This login may not act for the fiscal id ${fiscalId ?? vat ?? ''}: the invoice's supplier is not a business registry configuration linked to it.`,
      );
    return 1;
  }

  /** GET /api/transfer/it/uploads/{uuid}: how far the service has read an upload. */
  async uploadProgress(actor: Actor, uuid: string): Promise<TransferUploadProgress> {
    assertTransferUploader(actor);
    const upload = await this.repository.findOwnedUpload(actingScopeOf(actor), uuid);
    if (!upload) throw notFound(`Upload ${uuid} not found.`);
    const counts = await this.repository.uploadCounts(uuid);
    const answers = await this.repository.uploadSdiAnswers(uuid, MAX_LISTED_REFUSALS);
    return {
      uuid: upload.uuid,
      reference: referenceOf(upload.folder),
      original_file_name: upload.fileName,
      kind: upload.kind,
      status: upload.status,
      total: upload.fileCount,
      ...counts,
      sdi: sdiAnswers(answers),
      created_at: upload.createdAt.toISOString(),
      processed_at: upload.processedAt?.toISOString() ?? null,
    };
  }

  /** GET /api/transfer/it/dirs: the root's folders, or a folder's children, as full paths. */
  async dirs(actor: Actor, prefix: string | undefined): Promise<TransferDirs> {
    assertTransferUploader(actor);
    const folder = parseFolderPrefix(prefix);
    if (typeof folder !== 'string') throw unprocessable(folder.violations);
    const scope = actingScopeOf(actor);
    if (folder !== '' && !(await this.repository.folderExists(scope, folder)))
      throw notFound(`The folder ${folder} does not exist.`);
    return {
      root_dir: folder === '' ? TRANSFER_ROOT_DIR : folder,
      dirs: await this.repository.childFolders(scope, folder),
    };
  }

  /** GET /it/invoice-transfers (hydra or array). */
  async list(actor: Actor, query: unknown): Promise<CollectionPage<InvoiceTransfer>> {
    assertTransferReader(actor);
    return mapPage(await this.repository.list(actingScopeOf(actor), query), toInvoiceTransfer);
  }

  /** The CSV export's page: up to 1,000 transfers (spec 9). */
  async csvPage(
    actor: Actor,
    query: { page?: number | undefined; itemsPerPage?: number | undefined },
  ): Promise<CollectionPage<TransferItemRow>> {
    assertTransferReader(actor);
    return this.repository.listUpTo(actingScopeOf(actor), query, TRANSFER_CSV_MAX_ITEMS_PER_PAGE);
  }

  async get(actor: Actor, uuid: string): Promise<InvoiceTransfer> {
    return toInvoiceTransfer(await this.row(actor, uuid));
  }

  /** GET /it/invoice-transfers/{uuid}/download: the transfer's invoice XML. */
  async xml(actor: Actor, uuid: string): Promise<{ fileName: string; xml: string }> {
    const row = await this.row(actor, uuid);
    if (row.xml === null)
      throw notFound('This transfer has no invoice XML: its file could not be read.');
    const base = row.originalFileName.replace(/\.p7m$/i, '').replace(/\.xml$/i, '');
    return { fileName: `${base}.xml`, xml: row.xml };
  }

  private async row(actor: Actor, uuid: string): Promise<TransferItemRow> {
    assertTransferReader(actor);
    const row = await this.repository.findOwned(actingScopeOf(actor), uuid);
    if (!row) throw notFound(`Invoice transfer ${uuid} not found.`);
    return row;
  }
}

/** Refused invoices an upload's progress lists by name (a zip can hold thousands). */
const MAX_LISTED_REFUSALS = 20;

/** Markings of an invoice SDI has not answered yet. */
const UNANSWERED_MARKINGS: ReadonlySet<string> = new Set(['waiting', 'sent', 'quarantena']);

/** The upload's SDI answers as the progress shows them (counts by outcome, refusals with codes). */
function sdiAnswers(
  answers: Awaited<ReturnType<TransfersRepository['uploadSdiAnswers']>>,
): TransferUploadProgress['sdi'] {
  const refusedMarkings: ReadonlySet<string> = new Set(REFUSED_MARKINGS);
  const sdi = { waiting: 0, refused: 0, issued: 0 };
  for (const { marking, count } of answers.markings) {
    if (UNANSWERED_MARKINGS.has(marking)) sdi.waiting += count;
    else if (refusedMarkings.has(marking)) sdi.refused += count;
    else sdi.issued += count;
  }
  return {
    ...sdi,
    refusals: answers.refused.map((row) => ({
      transfer_uuid: row.transferUuid,
      original_file_name: row.fileName,
      invoice_uuid: row.invoiceUuid,
      marking: row.marking,
      errors: nsErrors(row.ns),
    })),
  };
}

/** The errors an NS lists (`lista_errori`: a list, or SDI's `{ Errore: … }` wrapping). */
function nsErrors(message: unknown): { code: string; description: string }[] {
  let list = (message as { lista_errori?: unknown } | null)?.lista_errori;
  if (list && typeof list === 'object' && !Array.isArray(list) && 'Errore' in list)
    list = (list as { Errore: unknown }).Errore;
  const entries: unknown[] = Array.isArray(list) ? list : list ? [list] : [];
  return entries.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const { Codice, Descrizione } = entry as { Codice?: unknown; Descrizione?: unknown };
    return [
      {
        code: typeof Codice === 'string' ? Codice : String(Codice ?? ''),
        description: typeof Descrizione === 'string' ? Descrizione : '',
      },
    ];
  });
}
