import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setRuntimeConfig } from '../lib/runtime-config';
import { testRuntimeConfig } from './test-runtime-config';

// Modules read the runtime config at call time; tests get the same defaults the API serves.
setRuntimeConfig(testRuntimeConfig);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
