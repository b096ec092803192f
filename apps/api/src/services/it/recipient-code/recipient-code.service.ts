import type { RecipientCodeResponse } from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import { assertItReader } from '../invoice-access.ts';

/**
 * The SDI recipient code is a column of the account, already loaded with the actor, so this
 * feature needs no repository of its own.
 */
export class RecipientCodeService {
  get(actor: Actor): RecipientCodeResponse {
    assertItReader(actor);
    return { recipient_code: actor.user.recipientCode };
  }
}
