/**
 * The transfers screen's role rules (spec 6): supplier-only accounts are sent home; the upload
 * button needs (ROLE_ADMIN or ROLE_TRANSFER in the Italian context) and (ROLE_ADMIN or ROLE_API
 * in the transfer context).
 */
import type { Access } from '../../../lib/roles';
import type { ScreenGuard } from '../../../lib/screens';

export const SUPPLIER_ONLY = 'ROLE_INVOICING_SUPPLIER_ONLY';

/** Supplier-only accounts have no sent invoices, hence no transfers: home. */
export const readsTransfers: ScreenGuard = (access) =>
  access.can('it', SUPPLIER_ONLY) ? '/' : null;

export function canUploadTransfers(access: Pick<Access, 'canAny'>): boolean {
  return (
    access.canAny('it', ['ROLE_ADMIN', 'ROLE_TRANSFER']) &&
    access.canAny('transfer', ['ROLE_ADMIN', 'ROLE_API'])
  );
}
