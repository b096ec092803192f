/*
 * Scripted behaviour of the sandbox KSeF, for rehearsing what the real one does rarely
 * (README.md of gateways/ksef lists them for the people testing):
 *
 * - an invoice whose number (P_2) starts with `SANDBOX-REJECT-<code>` (e.g.
 *   `SANDBOX-REJECT-450/2026/1`) is rejected with that KSeF invoice status code (410, 415, 430,
 *   435, 440, 450, 500, 550…) once its processing time has passed, whatever its content;
 * - an invoice whose number starts with `SANDBOX-SLOW-` stays processing (status 100) until
 *   the sandbox is told to archive its seller's invoices (`archiveNow`);
 * - for a NIP of `UNAVAILABLE_NIPS` KSeF is "down": opening an online session and sending an
 *   invoice answer 503 (the services then issue invoices in offline mode). The NIP has a valid
 *   check digit, so it passes every other check.
 */

export const REJECT_PREFIX = 'SANDBOX-REJECT-';
export const SLOW_PREFIX = 'SANDBOX-SLOW-';

/** KSeF unavailable for these NIPs (valid NIPs: weights 6,5,7,2,3,4,5,6,7; 45·2 mod 11 = 2). */
export const UNAVAILABLE_NIPS: readonly string[] = ['2222222222'];

/** The status code an invoice number scripts a rejection with, if it does. */
export function scriptedRejection(invoiceNumber: string | undefined): number | undefined {
  if (!invoiceNumber?.startsWith(REJECT_PREFIX)) return undefined;
  const digits = invoiceNumber.slice(REJECT_PREFIX.length, REJECT_PREFIX.length + 3);
  const code = Number(digits);
  return digits.length === 3 && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 450;
}

export function scriptedSlow(invoiceNumber: string | undefined): boolean {
  return invoiceNumber?.startsWith(SLOW_PREFIX) ?? false;
}

/** When a slow invoice is due: never, until `archiveNow` brings it forward. */
export const NEVER = new Date('9999-12-31T00:00:00Z');
