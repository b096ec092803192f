import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;

// One fresh database per run. Set on process.env so the workers, which re-read this file,
// agree with the runner that started the server.
process.env.FISCUS_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fiscus-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Two cores on the CI machine: the server plus two browsers is what it can take.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI only: a 2-core runner under load can miss a timing; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  // Generous limits: the CI machine has 2 cores for the server, the build and two browsers.
  timeout: 60_000,
  // A dialog with the whole invoice form loads its code, the invoice and the supplier profile
  // first: on two shared cores that took over 10 s in CI (2 Dec); a real failure still fails.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1366, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads browsers here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The real API serving the built console (the `test` script builds apps/web first).
    command: 'npm run start -w apps/api',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The server's warnings (LOG_LEVEL=warn) show in the run's output: a failing test under load
    // reads beside the slow requests and event-loop stalls of that moment.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.FISCUS_E2E_DATA_DIR,
      SANDBOX: 'true',
      SANDBOX_DELAY_MS: '0',
      // KSeF's number and UPO within seconds (the demo page's 10-second polling sees them).
      KSEF_NUMBER_DELAY_MS: '1000',
      KSEF_UPO_DELAY_MS: '2000',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SLOW_REQUEST_MS: '5000',
      BLOCKED_LOOP_MS: '1000',
      // Every spec logs in several times from one address; the default limit would trip.
      LOGIN_RATE_LIMIT_MAX: '10000',
      LOGIN_IP_RATE_LIMIT_MAX: '10000',
    },
  },
});
