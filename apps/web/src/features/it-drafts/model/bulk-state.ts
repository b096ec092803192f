import { ApiError } from '../../../lib/api-client';
import type { Violation } from '../../../lib/hydra';

export type BulkStatus = 'success' | 'error' | 'undefined';
export type BulkMode = 'send' | 'delete' | 'view';

/** Spec 3 "Bulk state": the outcome of one draft in a bulk run. */
export interface BulkEntry {
  uuid: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  status: BulkStatus;
  message: string;
  violationError: boolean;
  draftBlocked: boolean;
  /** The server's violations as it sent them (code, parameters, sentences in each language). */
  violations: Violation[];
  /** The sent invoice's uuid after a successful send. */
  invoiceUuid?: string;
}

/** Spec 8 "Bulk": 400 is a validation error, 409 a blocked draft, the rest a generic error. */
export function failedEntry(
  base: Pick<BulkEntry, 'uuid' | 'invoiceNumber' | 'invoiceDate'>,
  error: unknown,
): BulkEntry {
  const status = error instanceof ApiError ? error.status : 0;
  return {
    ...base,
    status: status === 404 ? 'undefined' : 'error',
    message: error instanceof Error ? error.message : '',
    violationError: status === 400 || status === 422,
    draftBlocked: status === 409,
    violations: error instanceof ApiError ? error.violations : [],
  };
}

/** The last bulk-send result is kept per table (spec 3 "Bulk state"). */
export function lastSentStorageKey(tableKey: string): string {
  return `${tableKey}.lastSent`;
}

export function parseStoredBulk(text: string | null): BulkEntry[] | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length > 0 ? (parsed as BulkEntry[]) : null;
  } catch {
    return null;
  }
}
