import type { Violation } from '@fiscus/contracts';
import {
  TRANSFER_MAX_PATH_DEPTH,
  TRANSFER_MAX_PATH_LENGTH,
  TRANSFER_MAX_SEGMENT_LENGTH,
  TRANSFER_ROOT_DIR,
  violationCodes,
} from '@fiscus/contracts';

/*
 * Paths of the invoice-transfer tree. A path names folders and a file inside one business's
 * tree: `2026/march/IT01234567890_00001.xml`. It is only ever a name in the database (the bytes
 * live in the file store under the upload's id), yet it is held to rules that would keep it
 * inside the tree on any disk: no `.` or `..`, no empty segment, no absolute path, no drive
 * letter, no backslash, no control character (NUL included), bounded lengths and depth, and a
 * closed set of characters (letters and digits of any script, space and a few punctuation
 * marks). Anything else is refused with a violation on `path`, never rewritten.
 */

/** A folder or file name: letters and digits of any script, space and `. _ - ( ) + , ' & @`. */
const SEGMENT_CHARACTERS = /^[\p{L}\p{M}\p{N} ._\-()+,'&@]+$/u;

/** The kinds of file an upload may be, by the file name's extension. */
export type TransferFileKind = 'invoice' | 'zip';

export type TransferPath = {
  /** Folder segments joined by '/', '' at the root. */
  folder: string;
  fileName: string;
  kind: TransferFileKind;
};

function pathViolation(message: string, code: string = violationCodes.invalid): Violation {
  return { propertyPath: 'path', message, code };
}

/** The problem with one folder or file name, or null when it is acceptable. */
function segmentProblem(segment: string): string | null {
  if (segment === '') return 'A path may not hold an empty folder name (//).';
  if (segment === '.' || segment === '..') return 'A path may not hold "." or ".." folders.';
  if (segment.length > TRANSFER_MAX_SEGMENT_LENGTH)
    return `A folder or file name may have at most ${TRANSFER_MAX_SEGMENT_LENGTH} characters.`;
  if (segment.trim() !== segment) return 'A folder or file name may not start or end with a space.';
  if (segment.endsWith('.')) return 'A folder or file name may not end with a dot.';
  if (!SEGMENT_CHARACTERS.test(segment))
    return "A folder or file name may hold only letters, digits, spaces and . _ - ( ) + , ' & @.";
  return null;
}

/** The file kind of a name: .xml and .p7m are invoices, .zip an archive of them. */
export function fileKindOf(fileName: string): TransferFileKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xml') || lower.endsWith('.p7m')) return 'invoice';
  if (lower.endsWith('.zip')) return 'zip';
  return null;
}

/**
 * Folder segments of a path or prefix, Unicode-normalised (NFC, so one name has one spelling),
 * or the violations that refuse it.
 */
function segmentsOf(raw: string): { segments: string[] } | { violations: Violation[] } {
  const path = raw.normalize('NFC');
  if (path.length > TRANSFER_MAX_PATH_LENGTH)
    return {
      violations: [
        pathViolation(
          `This value is too long. It should have ${TRANSFER_MAX_PATH_LENGTH} characters or less.`,
          violationCodes.tooLong,
        ),
      ],
    };
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path))
    return { violations: [pathViolation('The path must be relative to the transfer tree.')] };
  if (path.includes('\\'))
    return { violations: [pathViolation('Folders are separated by "/", not "\\".')] };
  const segments = path.split('/');
  if (segments.length > TRANSFER_MAX_PATH_DEPTH)
    return {
      violations: [
        pathViolation(`A path may be at most ${TRANSFER_MAX_PATH_DEPTH} folders and a file deep.`),
      ],
    };
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) return { violations: [pathViolation(problem)] };
  }
  return { segments };
}

/**
 * An upload's path (spec 5: the chosen folder plus the file name, leading and trailing slashes
 * trimmed by the console): its folder, file name and kind, or the violations on `path`.
 */
export function parseUploadPath(raw: string): TransferPath | { violations: Violation[] } {
  if (raw === '') return { violations: [pathViolation('Required', violationCodes.required)] };
  const read = segmentsOf(raw);
  if ('violations' in read) return read;
  const fileName = read.segments.at(-1) ?? '';
  const kind = fileKindOf(fileName);
  if (!kind)
    return {
      violations: [
        pathViolation(
          'The file must be an invoice (.xml or .xml.p7m) or a zip of invoices (.zip).',
          violationCodes.invalidChoice,
        ),
      ],
    };
  return { folder: read.segments.slice(0, -1).join('/'), fileName, kind };
}

/** A listing's prefix: '' (or '/') for the root, else a folder path held to the same rules. */
export function parseFolderPrefix(raw: string | undefined): string | { violations: Violation[] } {
  const trimmed = raw ?? '';
  if (trimmed === '' || trimmed === TRANSFER_ROOT_DIR) return '';
  // The console may send a folder with its trailing slash: one is allowed, not more.
  const folder = trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed;
  const read = segmentsOf(folder);
  if ('violations' in read)
    return { violations: read.violations.map((v) => ({ ...v, propertyPath: 'prefix' })) };
  return read.segments.join('/');
}

/** Every folder on the way to `folder`, outermost first: 'a/b' → ['a', 'a/b']. */
export function foldersAlong(folder: string): { path: string; parent: string }[] {
  if (folder === '') return [];
  const segments = folder.split('/');
  return segments.map((_, index) => ({
    path: segments.slice(0, index + 1).join('/'),
    parent: segments.slice(0, index).join('/'),
  }));
}

/** The reference a transfer shows for a folder: the folder path, '/' at the root. */
export function referenceOf(folder: string): string {
  return folder === '' ? TRANSFER_ROOT_DIR : folder;
}
