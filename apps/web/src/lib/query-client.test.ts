import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../test/fake-token';
import { clearSession, signIn, startImpersonation, stopImpersonation } from './auth';
import { clearOnIdentityChange, createQueryClient } from './query-client';

const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  clearSession();
});

function cachedClient() {
  const client = createQueryClient();
  unsubscribes.push(clearOnIdentityChange(client));
  const cache = () => client.getQueryData(['common-profile', 'detail']);
  const fill = () => client.setQueryData(['common-profile', 'detail'], { email: 'x' });
  return { cache, fill };
}

describe('clearOnIdentityChange', () => {
  it('keeps the cache while the identity stays, drops it when it changes', () => {
    signIn(fakeToken({ common: ['ROLE_ADMIN'] }, { username: 'admin@demo.fiscus.test' }));
    const { cache, fill } = cachedClient();
    fill();
    signIn(fakeToken({ common: ['ROLE_ADMIN'] }, { username: 'admin@demo.fiscus.test' }));
    expect(cache()).toEqual({ email: 'x' });

    startImpersonation({ username: 'italy@demo.fiscus.test', roles: { it: ['ROLE_CONFIG'] } });
    expect(cache()).toBeUndefined();
    fill();
    stopImpersonation();
    expect(cache()).toBeUndefined();
    fill();
    clearSession();
    expect(cache()).toBeUndefined();
  });
});
