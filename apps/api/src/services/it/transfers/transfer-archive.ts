import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { TRANSFER_MAX_INVOICE_BYTES } from '@fiscus/contracts';
import { fileKindOf } from './transfer-paths.ts';

/*
 * Zips of invoices uploaded to the transfer store, read entry by entry with yauzl (the central
 * directory first, each entry inflated on its own, its declared sizes checked against the bytes
 * it inflates to). An archive that could hurt the server is refused whole before anything is
 * stored: too many entries, a declared total past the limit, an expansion ratio no invoice zip
 * has (a zip bomb), sizes that lie, unsafe names (absolute, `..`), or a file that is no zip.
 * An entry that is merely not an invoice (a nested zip, a PDF, an encrypted or oversized file)
 * keeps its place and becomes a transfer with a violation.
 */

export type ZipLimits = {
  /** Most entries (folders included) in one archive. */
  maxEntries: number;
  /** Largest uncompressed entry read as an invoice; larger ones get a violation. */
  maxEntryBytes: number;
  /** Largest uncompressed total of the archive. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry and of the whole archive. */
  maxRatio: number;
};

/** FatturaPA XML deflates about 10 to 20 times; 100 leaves room and stops bombs early. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: TRANSFER_MAX_INVOICE_BYTES,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 100,
};

/** The archive as a whole is refused: the upload answers 422 with this message. */
export class ArchiveRefused extends Error {}

/**
 * Why an entry is not read as an invoice, as a stable word a client translates (the transfer's
 * violation `zip_entry_unreadable` carries it as its `reason` parameter).
 */
export type ZipEntryReason =
  'nested_zip' | 'not_invoice' | 'encrypted' | 'compression' | 'too_large';

/** Why an entry is not read: the English sentence, its reason and the values it names. */
export type EntryProblem = {
  problem: string;
  reason: ZipEntryReason;
  parameters?: Record<string, string>;
};

/** One file of the archive: its bytes, or why it is not read as an invoice. */
export type ArchiveEntry = { index: number; name: string } & (
  | { data: Buffer; problem?: undefined; reason?: undefined; parameters?: undefined }
  | ({ data?: undefined } & EntryProblem)
);

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

/** The next entry of a lazy reader, or null at the end. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** Inflates one entry, stopping (and refusing) past `max` bytes whatever the header says. */
function entryData(zip: ZipFile, entry: Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(error ?? new Error('no stream'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) {
          stream.destroy(new ArchiveRefused('An entry inflates past its declared size.'));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Why an entry is not read as an invoice, or null when it is to be read. */
function entryProblem(entry: Entry, name: string, limits: ZipLimits): EntryProblem | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.zip'))
    return {
      problem: 'A zip inside the zip is not read: upload it on its own.',
      reason: 'nested_zip',
    };
  if (fileKindOf(name) !== 'invoice')
    return {
      problem: 'Not an invoice file: only .xml and .xml.p7m files are read from a zip.',
      reason: 'not_invoice',
    };
  if (entry.isEncrypted())
    return { problem: 'The file is encrypted in the zip and cannot be read.', reason: 'encrypted' };
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    return {
      problem: 'The file is compressed with a method the transfer service does not read.',
      reason: 'compression',
    };
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    const maxMb = String(Math.floor(limits.maxEntryBytes / (1024 * 1024)));
    return {
      problem: `The file is larger than ${maxMb} MB.`,
      reason: 'too_large',
      parameters: { max_mb: maxMb },
    };
  }
  return null;
}

/** Longest entry name a transfer keeps. */
const MAX_NAME_LENGTH = 255;

/**
 * An entry's name as a transfer shows it: control characters (NUL, line breaks) become '_' and
 * a name past 255 characters is cut, so it is safe text for the database, CSV and headers.
 */
function displayName(name: string): string {
  const clean = name.replace(/\p{Cc}/gu, '_');
  return clean.length > MAX_NAME_LENGTH ? clean.slice(0, MAX_NAME_LENGTH) : clean;
}

function ratioOf(uncompressed: number, compressed: number): number {
  return uncompressed / Math.max(compressed, 1);
}

/**
 * Walks a zip, handing each file (folders and macOS resource forks are skipped) to `visit` in
 * archive order, one at a time. Throws ArchiveRefused when the archive is unsafe or unreadable;
 * with a no-op `visit` it is the upload's check of the whole archive.
 */
export async function walkZip(
  buffer: Buffer,
  visit: (entry: ArchiveEntry) => Promise<void>,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<{ files: number }> {
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw new ArchiveRefused('The file is not a readable zip archive.');
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new ArchiveRefused(`The zip holds more than ${limits.maxEntries} entries.`);
    let index = 0;
    let declaredTotal = 0;
    for (;;) {
      let entry: Entry | null;
      try {
        entry = await nextEntry(zip);
      } catch (error) {
        // yauzl refuses absolute and `..` names and broken headers here.
        throw new ArchiveRefused(
          `The zip cannot be read safely: ${error instanceof Error ? error.message : 'unknown error'}.`,
        );
      }
      if (!entry) break;
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxTotalBytes)
        throw new ArchiveRefused(
          `The zip unpacks to more than ${Math.floor(limits.maxTotalBytes / (1024 * 1024))} MB.`,
        );
      if (ratioOf(entry.uncompressedSize, entry.compressedSize) > limits.maxRatio)
        throw new ArchiveRefused(
          'The zip expands far more than invoices do (a zip bomb?): it is refused.',
        );
      const fullName = entry.fileName;
      if (fullName.endsWith('/') || fullName.startsWith('__MACOSX/')) continue;
      const name = displayName(fullName.split('/').at(-1) ?? fullName);
      const problem = entryProblem(entry, name, limits);
      index += 1;
      if (problem) {
        await visit({ index, name, ...problem });
        continue;
      }
      let data: Buffer;
      try {
        data = await entryData(zip, entry, limits.maxEntryBytes);
      } catch (error) {
        if (error instanceof ArchiveRefused) throw error;
        throw new ArchiveRefused(
          `The zip entry ${name} cannot be read: ${error instanceof Error ? error.message : 'unknown error'}.`,
        );
      }
      await visit({ index, name, data });
    }
    if (ratioOf(declaredTotal, buffer.length) > limits.maxRatio)
      throw new ArchiveRefused(
        'The zip expands far more than invoices do (a zip bomb?): it is refused.',
      );
    return { files: index };
  } finally {
    zip.close();
  }
}
