/**
 * The contract's Polish codes this list's first paint needs, repeated as constants the compiler
 * holds equal to the contract's (`satisfies typeof …`): importing the contract's own would bring
 * zod into the list's first load (size budget). The forms, loaded when opened, import the
 * contract itself.
 */
import type { PL_AUTH_FLOW_STATUS, plLegalEntityStatuses } from '@fiscus/contracts';

/** Spec 4: the legal entity statuses (`plLegalEntityStatuses`). */
export const LEGAL_ENTITY_STATUSES = [
  'pending',
  'active',
  'blocked',
] as const satisfies typeof plLegalEntityStatuses;

/** Spec 4: the onboarding flow's numeric statuses (`PL_AUTH_FLOW_STATUS`). */
export const AUTH_FLOW_STATUS = {
  NEW: 50,
  IN_PROGRESS: 100,
  USED: 150,
  COMPLETED: 200,
  ERROR: 250,
} as const satisfies typeof PL_AUTH_FLOW_STATUS;
