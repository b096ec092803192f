import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasRole, ROLE_ADMIN } from '../../../platform/roles.ts';
import { assertDirection } from '../invoice-access.ts';

/*
 * Who may use invoice transfers (italian-invoicing spec 6), on the roles of platform/roles.ts:
 *
 * - the transfers list (and its CSV and XML downloads) is the customer-invoice side of the
 *   Italian service: any `it` role, not ROLE_INVOICING_SUPPLIER_ONLY (the screen sends
 *   supplier-only users home; the API answers them 403);
 * - uploading (and the folder tree the upload dialog browses) needs, as the upload button,
 *   "admin or transfer role in the Italian context" = ROLE_ADMIN or ROLE_TRANSFER in the `it`
 *   platform's roles, and "admin or API role in the transfer context" = ROLE_ADMIN or ROLE_API in
 *   the `transfer` platform's roles (the token carries both under their configured keys).
 *
 * Sending a transfer's invoice to SDI is the invoices service's own rule (ROLE_INVOICING): a file
 * uploaded by a login without it gets that refusal as its violation.
 */

/** The Italian context's transfer role. */
export const ROLE_TRANSFER = 'ROLE_TRANSFER';
/** The transfer service's API role. */
export const ROLE_API = 'ROLE_API';

/** Reading transfers: the customer side of the Italian service. */
export function assertTransferReader(actor: Actor): void {
  assertDirection(actor, 0);
}

/** Uploading files and browsing the transfer tree (spec 6 "Transfer upload button"). */
export function assertTransferUploader(actor: Actor): void {
  const italian =
    hasRole(actor.roles, 'it', ROLE_ADMIN) || hasRole(actor.roles, 'it', ROLE_TRANSFER);
  const transfer =
    hasRole(actor.roles, 'transfer', ROLE_ADMIN) || hasRole(actor.roles, 'transfer', ROLE_API);
  if (!italian || !transfer) {
    throw forbidden(
      'Uploading invoice transfers needs ROLE_ADMIN or ROLE_TRANSFER in the Italian service and ROLE_ADMIN or ROLE_API in the transfer service.',
    );
  }
}
