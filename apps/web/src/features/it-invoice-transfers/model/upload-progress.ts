/**
 * How far the transfer service has read an upload (spec 2 "progress on the transfers screen"):
 * the transfers made since the upload, in its folder, named as its files, against the files it
 * holds. The list polls while a transfer is being read or its invoice has not settled at SDI.
 */
import type { InvoiceTransfer } from '@fiscus/contracts';
import { hasViolations, isProcessing } from './transfer-violations';

export interface UploadToTrack {
  reference: string;
  /** The transfer names of its files; null when unknown (a zip the browser could not read). */
  expected: readonly string[] | null;
}

export interface UploadProgress {
  /** Files read so far. */
  read: number;
  /** Files in the upload, or null when unknown. */
  total: number | null;
  withViolations: number;
  sent: number;
  done: boolean;
}

/** The transfers of `upload` among `transfers` (the ones made since it was uploaded). */
export function transfersOfUpload(
  upload: UploadToTrack,
  transfers: readonly InvoiceTransfer[],
): InvoiceTransfer[] {
  const inFolder = transfers.filter((transfer) => transfer.reference === upload.reference);
  if (upload.expected === null) return inFolder;
  // Each expected name counts once: two files of one name in a zip are two transfers.
  const left = new Map<string, number>();
  for (const name of upload.expected) left.set(name, (left.get(name) ?? 0) + 1);
  return inFolder.filter((transfer) => {
    const count = left.get(transfer.original_file_name) ?? 0;
    if (count === 0) return false;
    left.set(transfer.original_file_name, count - 1);
    return true;
  });
}

/**
 * The progress of `upload` from the transfers made since it (`transfers`, one page of them, and
 * `madeSince`, how many there are in all). A zip of more files than one page holds is counted
 * from `madeSince`, which may include another upload's transfers of the same moments.
 */
export function uploadProgress(
  upload: UploadToTrack,
  transfers: readonly InvoiceTransfer[],
  madeSince: number = transfers.length,
): UploadProgress {
  const mine = transfersOfUpload(upload, transfers);
  const finished = mine.filter((transfer) => !isProcessing(transfer));
  const total = upload.expected?.length ?? null;
  if (total !== null && total > transfers.length && madeSince > transfers.length) {
    const read = Math.min(total, madeSince - (mine.length - finished.length));
    return {
      read,
      total,
      withViolations: finished.filter(hasViolations).length,
      sent: finished.filter((transfer) => transfer.invoice_uuid !== null).length,
      done: read >= total,
    };
  }
  return {
    read: finished.length,
    total,
    withViolations: finished.filter(hasViolations).length,
    sent: finished.filter((transfer) => transfer.invoice_uuid !== null).length,
    done:
      total === null
        ? mine.length > 0 && finished.length === mine.length
        : finished.length >= total,
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
