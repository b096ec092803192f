import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setRuntimeConfig } from '../lib/runtime-config';
import { createHandlers } from './handlers';
import { clearSentRequests, server } from './server';
import { testRuntimeConfig } from './test-runtime-config';

// Modules read the runtime config at call time; tests get the same defaults the API serves.
setRuntimeConfig(testRuntimeConfig);

// Lazy routes compile MUI on first use under vitest; the default 1 s is too short on 2 cores.
configure({ asyncUtilTimeout: 10_000 });

// The mock API: a request no handler answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Fresh in-memory resources for every test, and no override of the previous one.
beforeEach(() => server.resetHandlers(...createHandlers()));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  clearSentRequests();
});
