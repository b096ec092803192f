/** Storage of documents (invoice XML, PDFs, attachments) by key, whatever the backend. */
export interface FileStore {
  put(key: string, data: Buffer | string): Promise<void>;
  /** The file's bytes, or null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  /** Resolves true when a file was removed, false when there was none. */
  delete(key: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
}

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Invalid file key: ${JSON.stringify(key)}`);
  }
}

// Segments of letters, digits, dot, dash and underscore, not starting with a dot: no `..`, no
// hidden files, no absolute paths, no backslashes, so a key can never leave the store's root.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Validates a key like `it/invoices/2026/abc.xml`; throws InvalidFileKeyError otherwise. */
export function assertSafeKey(key: string): string[] {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 1024 ||
    !segments.every((segment) => SEGMENT.test(segment))
  ) {
    throw new InvalidFileKeyError(key);
  }
  return segments;
}
