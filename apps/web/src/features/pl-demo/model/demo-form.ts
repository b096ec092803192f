/**
 * The Polish demo's inputs (spec "Polish demo page", 5): Generate needs nip1, nip2 and the count;
 * Start only nip1; the single invoice its XML; the archive nip1. A NIP is ten digits (dashes and
 * spaces as people type them are dropped), the count a whole number from 1 to the API's 100.
 * Each rule answers the key of its message, or null when the value passes.
 */

/** The API's `plDemoGenerateSchema` takes at most this many invoices at once. */
export const MAX_INVOICE_COUNT = 100;

export type FieldProblem = 'required' | 'nip' | 'count';

/** A NIP as typed ("526-025-02-74"): its digits and nothing else. */
export function normalizeNip(value: string): string {
  return value.replaceAll('-', '').replaceAll(' ', '').trim();
}

export function nipProblem(value: string): FieldProblem | null {
  const nip = normalizeNip(value);
  if (nip === '') return 'required';
  return /^\d{10}$/.test(nip) ? null : 'nip';
}

export function countProblem(value: string): FieldProblem | null {
  const text = value.trim();
  if (text === '') return 'required';
  if (!/^\d+$/.test(text)) return 'count';
  const count = Number(text);
  return count >= 1 && count <= MAX_INVOICE_COUNT ? null : 'count';
}

export function requiredProblem(value: string): FieldProblem | null {
  return value.trim() === '' ? 'required' : null;
}

export interface BatchValues {
  nip1: string;
  nip2: string;
  count: string;
}

export type BatchProblems = Partial<Record<keyof BatchValues, FieldProblem>>;

/** What Start checks: nip1 only. */
export function startProblems(values: BatchValues): BatchProblems {
  const nip1 = nipProblem(values.nip1);
  return nip1 ? { nip1 } : {};
}

/** What Generate checks: all three. */
export function generateProblems(values: BatchValues): BatchProblems {
  const problems: BatchProblems = {};
  const nip1 = nipProblem(values.nip1);
  const nip2 = nipProblem(values.nip2);
  const count = countProblem(values.count);
  if (nip1) problems.nip1 = nip1;
  if (nip2) problems.nip2 = nip2;
  if (count) problems.count = count;
  return problems;
}

/** A UPO sent as base64, as the bytes of its XML file (never decoded to text and back). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Attachment sizes (bytes) in MB with two decimals. */
export function megabytes(size: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(size / (1024 * 1024));
}

/** The single invoice is polled until KSeF confirmed it (spec 4 "Demo invoice status"). */
export const CONFIRMED = 'confirmed';

/** Spec 9: demo statuses are asked again every 10 s. */
export const DEMO_POLL_MS = 10_000;

export type DemoStatusColor = 'neutral' | 'primary' | 'warning' | 'success' | 'error' | 'info';

/**
 * The colours of the invoice status badges (spec 4; the Polish invoices' own rule, repeated here
 * because a feature never imports another).
 */
const STATUS_COLORS: Record<string, DemoStatusColor> = {
  valid: 'neutral',
  sent: 'primary',
  delivered: 'warning',
  confirmed: 'success',
  received: 'info',
  rejected: 'error',
  error: 'error',
};

export function demoStatusColor(status: string): DemoStatusColor {
  return STATUS_COLORS[status] ?? 'neutral';
}
