/** The jobs screen's role rule (italian-invoicing spec 6): supplier-only accounts go home. */
import type { ScreenGuard } from '../../../lib/screens';

export const SUPPLIER_ONLY = 'ROLE_INVOICING_SUPPLIER_ONLY';

/** Supplier-only accounts have no jobs (the API answers them 403 too): home. */
export const readsJobs: ScreenGuard = (access) => (access.can('it', SUPPLIER_ONLY) ? '/' : null);
