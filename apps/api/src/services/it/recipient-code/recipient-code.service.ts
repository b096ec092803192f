import type { RecipientCodeResponse } from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasAnyRole } from '../../../platform/roles.ts';

/**
 * The SDI recipient code is a column of the account, already loaded with the actor, so this
 * feature needs no repository of its own.
 */
export class RecipientCodeService {
  get(actor: Actor): RecipientCodeResponse {
    if (!hasAnyRole(actor.roles, 'it'))
      throw forbidden('The Italian invoicing service is not enabled for this account.');
    return { recipient_code: actor.user.recipientCode };
  }
}
