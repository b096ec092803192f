import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasRole } from '../../../platform/roles.ts';

export const ROLE_RECEIPTS = 'ROLE_RECEIPTS';

/** Smart receipts need ROLE_RECEIPTS in the Italian context (spec 6); the console sends others home. */
export function assertReceiptsUser(actor: Actor): void {
  if (!hasRole(actor.roles, 'it', ROLE_RECEIPTS)) {
    throw forbidden('Smart receipts need the receipts role (ROLE_RECEIPTS).');
  }
}
