import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasRole } from '../../../platform/roles.ts';
import { assertItReader } from '../invoice-access.ts';

/** The role of the massive imports tab (account spec 6): schedules and on-demand downloads. */
export const ROLE_INVOICING_DOWNLOAD = 'ROLE_INVOICING_DOWNLOAD';

/** Invoice downloads from the cassetto fiscale need ROLE_INVOICING_DOWNLOAD in the `it` platform. */
export function assertCanDownload(actor: Actor): void {
  assertItReader(actor);
  if (!hasRole(actor.roles, 'it', ROLE_INVOICING_DOWNLOAD)) {
    throw forbidden(
      'Massive imports need ROLE_INVOICING_DOWNLOAD: contact sales to enable them for this account.',
    );
  }
}
