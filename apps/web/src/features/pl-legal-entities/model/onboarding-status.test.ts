import { PL_AUTH_FLOW_STATUS, type PlLegalEntity } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { canConnectWithToken, canStartOnboarding, onboardingStatusOf } from './onboarding-status';

type Fields = Pick<PlLegalEntity, 'status' | 'authFlowStatus' | 'authFlowIsValid'>;
const entity = (fields: Partial<Fields>): Fields => ({
  status: 'pending',
  authFlowStatus: null,
  authFlowIsValid: false,
  ...fields,
});
const { NEW, IN_PROGRESS, USED, COMPLETED, ERROR } = PL_AUTH_FLOW_STATUS;

describe('onboardingStatusOf (spec 4)', () => {
  it('labels each flow status, an IN_PROGRESS flow by whether it is still valid', () => {
    expect(onboardingStatusOf(entity({}))).toBeNull();
    expect(onboardingStatusOf(entity({ authFlowStatus: NEW }))).toBe('initialized');
    expect(onboardingStatusOf(entity({ authFlowStatus: IN_PROGRESS, authFlowIsValid: true }))).toBe(
      'started',
    );
    expect(onboardingStatusOf(entity({ authFlowStatus: IN_PROGRESS }))).toBe('expired');
    expect(onboardingStatusOf(entity({ authFlowStatus: USED }))).toBe('waiting');
    expect(onboardingStatusOf(entity({ authFlowStatus: COMPLETED }))).toBe('completed');
    expect(onboardingStatusOf(entity({ authFlowStatus: ERROR }))).toBe('error');
  });

  it('calls an active entity completed whatever its last flow says', () => {
    expect(onboardingStatusOf(entity({ status: 'active' }))).toBe('completed');
    expect(onboardingStatusOf(entity({ status: 'active', authFlowStatus: ERROR }))).toBe(
      'completed',
    );
  });
});

describe('canStartOnboarding', () => {
  it('offers a start without a flow, or after one that is NEW, IN_PROGRESS or ERROR', () => {
    for (const authFlowStatus of [null, NEW, IN_PROGRESS, ERROR]) {
      expect(canStartOnboarding(entity({ authFlowStatus })), String(authFlowStatus)).toBe(true);
    }
    for (const authFlowStatus of [USED, COMPLETED]) {
      expect(canStartOnboarding(entity({ authFlowStatus })), String(authFlowStatus)).toBe(false);
    }
  });

  it('offers no start to an active or a disabled entity', () => {
    expect(canStartOnboarding(entity({ status: 'active' }))).toBe(false);
    expect(canStartOnboarding(entity({ status: 'blocked' }))).toBe(false);
    expect(canConnectWithToken(entity({ status: 'blocked' }))).toBe(false);
    expect(canConnectWithToken(entity({ status: 'active' }))).toBe(false);
    expect(canConnectWithToken(entity({ authFlowStatus: USED }))).toBe(true);
  });
});
