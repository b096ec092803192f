/**
 * How far the transfer service has read an upload (spec 2 "progress on the transfers screen"),
 * as the service counts it (`GET /api/transfer/it/uploads/{uuid}`): files read to the end out of
 * the files it holds, with violations and sent. The transfers list polls while a transfer is being
 * read or its invoice has not settled at SDI.
 */
import type { InvoiceTransfer, TransferUploadProgress } from '@fiscus/contracts';
import { isProcessing } from './transfer-violations';

export interface UploadProgress {
  /** Files read to the end so far. */
  read: number;
  /** Files in the upload, or null when the service does not know (an old upload). */
  total: number | null;
  withViolations: number;
  sent: number;
  done: boolean;
  /** What SDI answered the invoices sent: still waiting, refused (NS or never sent), issued. */
  sdi: { waiting: number; refused: number; issued: number };
  /** The refused invoices, with SDI's error codes. */
  refusals: TransferUploadProgress['sdi']['refusals'];
  /** Read to the end and every invoice sent answered by SDI: nothing left to follow. */
  settled: boolean;
}

/** The progress line's numbers from the service's count. */
export function uploadProgress(counts: TransferUploadProgress | undefined): UploadProgress {
  const sdi = { waiting: 0, refused: 0, issued: 0 };
  if (!counts)
    return {
      read: 0,
      total: null,
      withViolations: 0,
      sent: 0,
      done: false,
      sdi,
      refusals: [],
      settled: false,
    };
  const done = counts.status === 'processed';
  const answers = counts.sdi;
  return {
    read: counts.processed,
    // Once processed, every transfer exists: their number is the total of an old upload too.
    total: counts.total ?? (done ? counts.transfers : null),
    withViolations: counts.with_violations,
    sent: counts.sent,
    done,
    sdi: { waiting: answers.waiting, refused: answers.refused, issued: answers.issued },
    refusals: answers.refusals,
    settled: done && answers.waiting === 0,
  };
}

/** Markings SDI has not settled yet (as the invoice lists read them). */
const TRANSIENT_MARKINGS: ReadonlySet<string> = new Set(['waiting', 'sent', 'quarantena']);

/** While a file is being read. */
export const PROCESSING_POLL_MS = 2_000;
/** While an invoice a transfer sent waits for SDI. */
export const UNSETTLED_POLL_MS = 5_000;

/** The list's `refetchInterval`: quick while a file is read, slower while SDI answers. */
export function transfersPollInterval(
  transfers: readonly InvoiceTransfer[] | undefined,
): number | false {
  if (!transfers) return false;
  if (transfers.some(isProcessing)) return PROCESSING_POLL_MS;
  if (
    transfers.some(
      (transfer) => transfer.marking !== null && TRANSIENT_MARKINGS.has(transfer.marking),
    )
  )
    return UNSETTLED_POLL_MS;
  return false;
}
