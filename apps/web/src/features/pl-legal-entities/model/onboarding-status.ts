/**
 * What the legal entity list says of an entity's onboarding to KSeF (spec 4 "Onboarding status"),
 * and which onboarding actions its row offers. Pure: the list, the details dialog and the tests
 * read the same rules.
 */
import type { PlLegalEntity } from '@fiscus/contracts';
import { AUTH_FLOW_STATUS } from './contract-codes';

/** The onboarding labels of spec 4, by the key that words them (`onboardingStatuses.<label>`). */
export const onboardingStatusLabels = [
  'initialized',
  'started',
  'expired',
  'waiting',
  'completed',
  'error',
] as const;
export type OnboardingStatusLabel = (typeof onboardingStatusLabels)[number];

type OnboardingFields = Pick<PlLegalEntity, 'status' | 'authFlowStatus' | 'authFlowIsValid'>;

/**
 * Spec 4: NEW = initialized; IN_PROGRESS and valid = started; IN_PROGRESS and not valid = expired;
 * USED = waiting for result; COMPLETED or an active entity = completed; ERROR = error. Null when
 * no onboarding was ever started (and the entity is not active).
 */
export function onboardingStatusOf(entity: OnboardingFields): OnboardingStatusLabel | null {
  if (entity.status === 'active') return 'completed';
  switch (entity.authFlowStatus) {
    case AUTH_FLOW_STATUS.NEW:
      return 'initialized';
    case AUTH_FLOW_STATUS.IN_PROGRESS:
      return entity.authFlowIsValid ? 'started' : 'expired';
    case AUTH_FLOW_STATUS.USED:
      return 'waiting';
    case AUTH_FLOW_STATUS.COMPLETED:
      return 'completed';
    case AUTH_FLOW_STATUS.ERROR:
      return 'error';
    default:
      return null;
  }
}

/** The flow statuses from which a new onboarding may start (spec 4: none, NEW, IN_PROGRESS, ERROR). */
const RESTARTABLE: readonly (number | null)[] = [
  null,
  AUTH_FLOW_STATUS.NEW,
  AUTH_FLOW_STATUS.IN_PROGRESS,
  AUTH_FLOW_STATUS.ERROR,
];

/**
 * Whether the row offers "start onboarding": spec 4 (not active, and no flow or one that is NEW,
 * IN_PROGRESS or ERROR), and not blocked either: the API refuses a blocked entity's onboarding
 * until it is enabled again, so the button would only lead to an error.
 */
export function canStartOnboarding(entity: OnboardingFields): boolean {
  return entity.status === 'pending' && RESTARTABLE.includes(entity.authFlowStatus);
}

/**
 * Whether the row offers "connect with a KSeF token" (mode 2 from the console): any entity that is
 * neither onboarded already nor blocked; a token replaces a flow that is under way.
 */
export function canConnectWithToken(entity: OnboardingFields): boolean {
  return entity.status === 'pending';
}
