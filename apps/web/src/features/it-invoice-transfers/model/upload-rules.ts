/**
 * What the upload dialog accepts (spec 5 "Import form", 7 "transfer service"): the kinds of file
 * the transfer service reads and their size limits (said up front), the new folder's name, and
 * the path sent (the chosen folder plus the file name, leading and trailing slashes trimmed).
 */
import {
  TRANSFER_MAX_INVOICE_BYTES,
  TRANSFER_MAX_PATH_LENGTH,
  TRANSFER_MAX_SEGMENT_LENGTH,
  TRANSFER_MAX_ZIP_BYTES,
  TRANSFER_ROOT_DIR,
} from '@fiscus/contracts';

export type TransferFileKind = 'invoice' | 'zip';

/** The file chooser's filter: FatturaPA XML, signed .p7m, or a zip of them. */
export const TRANSFER_ACCEPT = '.xml,.p7m,.zip,application/xml,text/xml,application/zip';

/** The kind of a file by its name: .xml and .p7m are invoices, .zip an archive of them. */
export function transferFileKind(fileName: string): TransferFileKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xml') || lower.endsWith('.p7m')) return 'invoice';
  if (lower.endsWith('.zip')) return 'zip';
  return null;
}

/** The largest file of a kind, in bytes. */
export function maxBytesOf(kind: TransferFileKind): number {
  return kind === 'zip' ? TRANSFER_MAX_ZIP_BYTES : TRANSFER_MAX_INVOICE_BYTES;
}

/** Whole megabytes, as the limits are said. */
export function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}

/** The invoice and zip limits in MB, for the dialog's hint. */
export const uploadLimitsMb = {
  invoice: megabytes(TRANSFER_MAX_INVOICE_BYTES),
  zip: megabytes(TRANSFER_MAX_ZIP_BYTES),
};

export type FolderNameProblem = 'slash' | 'dots' | 'tooLong' | 'spaces';

/**
 * What is wrong with a new folder's name, or null: one level (no '/'), not '.' or '..', no
 * leading or trailing space, at most the transfer service's length. The service checks the
 * rest (its characters) and answers a violation on `path`.
 */
export function folderNameProblem(name: string): FolderNameProblem | null {
  if (name === '') return null;
  if (name.includes('/') || name.includes('\\')) return 'slash';
  if (name === '.' || name === '..') return 'dots';
  if (name.trim() !== name) return 'spaces';
  if (name.length > TRANSFER_MAX_SEGMENT_LENGTH) return 'tooLong';
  return null;
}

/** Trims leading and trailing slashes (the root '/' becomes ''). */
function trimSlashes(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === '/') start += 1;
  while (end > start && value[end - 1] === '/') end -= 1;
  return value.slice(start, end);
}

/** Spec 5: the path is the chosen folder (and the new folder in it) plus the file name. */
export function uploadPath(folder: string, newFolder: string, fileName: string): string {
  return [trimSlashes(folder), trimSlashes(newFolder.trim()), fileName]
    .filter((part) => part !== '')
    .join('/');
}

/** The folder a path's file lands in, as a transfer's `reference` names it ('/' at the root). */
export function referenceOfPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? TRANSFER_ROOT_DIR : path.slice(0, slash);
}

export { TRANSFER_MAX_PATH_LENGTH, TRANSFER_ROOT_DIR };
