/**
 * The contract's Polish codes the onboarding page needs, repeated as constants the compiler holds
 * equal to the contract's (`satisfies typeof …`): importing the contract's own would bring zod
 * into the public page's first load (size budget).
 */
import type {
  PL_AUTH_FLOW_STATUS,
  PL_LEGAL_ENTITY_MESSAGES,
  PL_ONBOARDING_MINUTES,
} from '@fiscus/contracts';

/** Spec 4: the onboarding flow's numeric statuses (`PL_AUTH_FLOW_STATUS`). */
export const AUTH_FLOW_STATUS = {
  NEW: 50,
  IN_PROGRESS: 100,
  USED: 150,
  COMPLETED: 200,
  ERROR: 250,
} as const satisfies typeof PL_AUTH_FLOW_STATUS;

/** Spec 9: an onboarding must finish within 10 minutes of its start (`PL_ONBOARDING_MINUTES`). */
export const ONBOARDING_MINUTES = 10 satisfies typeof PL_ONBOARDING_MINUTES;

/** What the API says when it refuses an onboarding step (`PL_LEGAL_ENTITY_MESSAGES`). */
export const LEGAL_ENTITY_MESSAGES = {
  nip_invalid: 'This NIP is not valid (its check digit does not match).',
  nip_taken: 'A legal entity with this NIP already exists in this account.',
  nip_locked: 'The NIP of an onboarded legal entity cannot change.',
  already_active: 'This legal entity is already onboarded.',
  blocked: 'This legal entity is blocked: unblock it first.',
  flow_expired: 'The onboarding session has expired: start a new one.',
  flow_state: 'This onboarding step does not follow the previous one.',
  identifier_mismatch: 'The NIP given is not the legal entity’s.',
  signed_file_invalid: 'The signed file is not a signed authorisation request.',
  token_invalid: 'KSeF did not accept this authorisation token.',
  sub_account_unknown: 'This sub-account does not exist.',
} as const satisfies typeof PL_LEGAL_ENTITY_MESSAGES;
