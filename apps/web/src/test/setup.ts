import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setRuntimeConfig } from '../lib/runtime-config';
import { testRuntimeConfig } from './test-runtime-config';

// Modules read the runtime config at call time; tests get the same defaults the API serves.
setRuntimeConfig(testRuntimeConfig);

// Lazy routes compile MUI on first use under vitest; the default 1 s is too short on 2 cores.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
