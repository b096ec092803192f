import { PL_AUTH_FLOW_STATUS, plLegalEntityStatuses } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { AUTH_FLOW_STATUS, LEGAL_ENTITY_STATUSES } from './contract-codes';

describe('the contract codes the list repeats', () => {
  it('are the contract’s', () => {
    expect(LEGAL_ENTITY_STATUSES).toEqual(plLegalEntityStatuses);
    expect(AUTH_FLOW_STATUS).toEqual(PL_AUTH_FLOW_STATUS);
  });
});
