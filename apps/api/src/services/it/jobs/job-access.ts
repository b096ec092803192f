import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasRole } from '../../../platform/roles.ts';
import { assertItReader, ROLE_SUPPLIER_ONLY } from '../invoice-access.ts';

/**
 * Who reads the jobs of the Italian service: any `it` role, except supplier-only accounts, whom
 * the console sends home from the jobs screen (spec 6): the API answers them 403 as well.
 */
export function assertJobsReader(actor: Actor): void {
  assertItReader(actor);
  if (hasRole(actor.roles, 'it', ROLE_SUPPLIER_ONLY)) {
    throw forbidden('Supplier-only accounts have no jobs.');
  }
}
