import {
  PL_AUTH_FLOW_STATUS,
  PL_LEGAL_ENTITY_MESSAGES,
  PL_ONBOARDING_MINUTES,
} from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { AUTH_FLOW_STATUS, LEGAL_ENTITY_MESSAGES, ONBOARDING_MINUTES } from './contract-codes';

describe('the contract codes the onboarding page repeats', () => {
  it('are the contract’s', () => {
    expect(AUTH_FLOW_STATUS).toEqual(PL_AUTH_FLOW_STATUS);
    expect(ONBOARDING_MINUTES).toBe(PL_ONBOARDING_MINUTES);
    expect(LEGAL_ENTITY_MESSAGES).toEqual(PL_LEGAL_ENTITY_MESSAGES);
  });
});
