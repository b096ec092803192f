/** The jobs screen's role rule (italian-invoicing spec 6): supplier-only accounts go home. */
import type { ScreenGuard } from '../../../lib/screens';

export const SUPPLIER_ONLY = 'ROLE_INVOICING_SUPPLIER_ONLY';

/** Supplier-only accounts have no jobs (the API answers them 403 too): home. */
export const readsJobs: ScreenGuard = (access) => (access.can('it', SUPPLIER_ONLY) ? '/' : null);

/** Running a failed download again needs the massive imports role, as starting one does. */
export const ROLE_INVOICING_DOWNLOAD = 'ROLE_INVOICING_DOWNLOAD';

/** Whether the user may run this job again: it ended in ERROR and the user has the role. */
export function mayRerunJob(
  access: { can: (context: 'it', role: string) => boolean },
  job: { status: string },
): boolean {
  return job.status === 'ERROR' && access.can('it', ROLE_INVOICING_DOWNLOAD);
}
