import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { defineConfig } from 'vitest/config';

// The dev server forwards API calls and the runtime config to the API process (default port 8080).
const apiTarget = process.env.FISCUS_API_URL ?? 'http://localhost:8080';

/**
 * React Router's production build. Its package exports name only `dist/development` (warnings,
 * checks: remix-run/react-router#14753), so a bundler picks that whatever the mode; the build
 * takes the production files beside it, the dev server and tests keep the warnings.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    react(),
    // Every hashed asset also as .br and .gz, served by the API with Content-Encoding (its
    // static-console.ts); index.html stays plain: the API writes the runtime config into it.
    compression({
      include: /\.(js|mjs|css|json|svg)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Lets scripts/first-load-size.mjs follow the chunk graph without a browser.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    css: false,
    // One jsdom and one module graph per worker, not per file: 415 s -> 200 s on two cores (2 Dec
    // 2026). The setup file still runs before each file and clears what tests share (storage,
    // the mock API's resources); a test must not rely on a module's state from another file.
    isolate: false,
    // Lazy routes compile MUI on first use; 2 shared cores make the first test of a file slow.
    testTimeout: 20_000,
  },
}));
