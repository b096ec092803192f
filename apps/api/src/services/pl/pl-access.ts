import type { Actor } from '../../platform/auth.ts';
import { forbidden } from '../../platform/problem-errors.ts';
import { hasAnyRole, hasRole, ROLE_ADMIN } from '../../platform/roles.ts';

/** The Polish API needs a role in the Polish context (spec 6: roles are checked per context). */
export function assertPolishUser(actor: Actor): void {
  if (!hasAnyRole(actor.roles, 'pl'))
    throw forbidden('KSeF Poland needs a role in the Polish context.');
}

/** The Polish demo is for administrators in the Polish context (spec 6). */
export function assertPolishAdmin(actor: Actor): void {
  if (!hasRole(actor.roles, 'pl', ROLE_ADMIN)) {
    throw forbidden('The Polish demo needs ROLE_ADMIN in the Polish context.');
  }
}
