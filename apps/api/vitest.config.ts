import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each file starts its own PGlite (a few seconds on a busy machine).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The team shares two cores.
    maxWorkers: 2,
  },
});
