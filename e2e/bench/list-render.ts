/**
 * `npm run bench -w e2e`: how long the console takes to show the 30-row invoice list with
 * BENCH_INVOICES (default 1,000,000) invoices stored. Seeds a throwaway database (PGlite, or the
 * PostgreSQL of DATABASE_URL as is), starts the real API serving the built console (`npm run
 * build` first, or WEB_DIST_DIR), logs in as the Italian demo account and opens the list in
 * BENCH_RUNS (default 10) fresh pages of headless Chromium. The first visit is cold (empty HTTP
 * cache, new database connections) and printed apart from the warm ones. Prints figures and
 * never judges them; exits non-zero only when something broke.
 */
import { chromium, type Browser } from '@playwright/test';
import { demoPassword, personaEmail, storage } from '../fixtures';
import { timeVisit, watchListRows, type VisitTiming } from './list-timing';
import {
  builtConsoleDir,
  freePort,
  scratchDatabase,
  seedInvoices,
  startApi,
  type RunningApi,
} from './scratch-instance';

const PAGE_ROWS = 30;
const LIST_API = '/api/it/invoices';
const VISIT_TIMEOUT_MS = 180_000;
/**
 * The list opens on the last month, and the seeded invoices are dated 2020–2025, so the
 * benchmark clears the date window (an empty filter in the URL means "cleared on purpose"):
 * every sent invoice, the list that counts the most rows.
 */
const DEFAULT_PATH = '/customer-invoice?invoiceDate%5Bafter%5D=&invoiceDate%5Bbefore%5D=';

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer`);
  return value;
}

function percentile(values: number[], p: number): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A measured value, or nothing (no warm runs, no list call seen). */
type Figure = number | null | undefined;

const milliseconds = (value: Figure) => (value == null ? '–' : `${value.toFixed(0)} ms`);
const kilobytes = (value: Figure) => (value == null ? '–' : `${(value / 1024).toFixed(1)} KB`);

async function login(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/common/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`login of ${email}: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** hydra:totalItems of the owner's invoices of one direction (0 sent, 1 received), unfiltered. */
async function invoiceTotal(baseUrl: string, token: string, type: 0 | 1): Promise<number> {
  const response = await fetch(`${baseUrl}${LIST_API}?type=${type}&itemsPerPage=1`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
  });
  if (!response.ok) throw new Error(`GET ${LIST_API}?type=${type}: HTTP ${response.status}`);
  const body = (await response.json()) as { 'hydra:totalItems'?: number; totalItems?: number };
  return body['hydra:totalItems'] ?? body.totalItems ?? Number.NaN;
}

function printReport(report: {
  kind: string;
  database: string;
  path: string;
  owner: string;
  seeded: number;
  sent: number;
  received: number;
  runs: VisitTiming[];
}): void {
  const [cold, ...warm] = report.runs;
  if (!cold) return;
  const count = (value: number) => value.toLocaleString('en');
  const line = (label: string, values: string[]) =>
    console.log(label.padEnd(32) + values.map((value) => value.padStart(12)).join(''));
  const rowsShown = [...new Set(report.runs.map((run) => run.rows))].join(', ');
  const warmOf = (pick: (run: VisitTiming) => number | null) =>
    warm.map(pick).filter((value): value is number => value !== null);

  console.log(`\nConsole invoice list: time until ${PAGE_ROWS} rows are on screen`);
  console.log(`database          ${report.kind} (${report.database})`);
  console.log(`page              ${decodeURI(report.path)}`);
  console.log(
    `invoices          ${count(report.sent + report.received)} stored for ${report.owner} (${count(report.seeded)} seeded; ${count(report.sent)} sent = the list's total, ${count(report.received)} received)`,
  );
  console.log(`rows shown        ${rowsShown}`);
  console.log(`runs              1 cold + ${warm.length} warm\n`);
  line('', ['cold', 'warm p50', 'warm p95']);
  for (const [label, pick, format] of [
    [`time to ${PAGE_ROWS} rows`, (run: VisitTiming) => run.rowsMs, milliseconds],
    [`GET ${LIST_API} starts at`, (run: VisitTiming) => run.apiStartMs, milliseconds],
    [`GET ${LIST_API} takes`, (run: VisitTiming) => run.apiMs, milliseconds],
    ['JS transferred', (run: VisitTiming) => run.jsBytes, kilobytes],
  ] as const) {
    const values = warmOf(pick);
    line(label, [
      format(pick(cold)),
      format(percentile(values, 50)),
      format(percentile(values, 95)),
    ]);
  }
}

async function main(): Promise<void> {
  const invoices = positiveInteger('BENCH_INVOICES', 1_000_000);
  const runs = positiveInteger('BENCH_RUNS', 10);
  const preferredPort = positiveInteger('BENCH_PORT', 8195);
  const path = process.env.BENCH_PATH || DEFAULT_PATH;
  const owner = personaEmail('italy');
  // Before seeding: a missing build should not cost the minutes a million rows take.
  const webDist = builtConsoleDir(process.env.WEB_DIST_DIR);

  const database = scratchDatabase(process.env.DATABASE_URL);
  let api: RunningApi | undefined;
  let browser: Browser | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await browser?.close().catch(() => undefined);
      await api?.stop();
      database.dispose();
    })());
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  try {
    seedInvoices(database, invoices, owner);
    api = await startApi(database, await freePort(preferredPort), webDist);
    const token = await login(api.baseUrl, owner);

    browser = await chromium.launch({
      // Debian's Chromium, as in playwright.config.ts; Playwright never downloads browsers here.
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
    });
    const context = await browser.newContext({
      baseURL: api.baseUrl,
      locale: 'en-US',
      timezoneId: 'Europe/Rome',
      viewport: { width: 1366, height: 900 },
    });
    // Logged in as fixtures.ts's loginAs does (token in localStorage), but before the first page
    // loads, so the first visit of the list is also the first load of the console: truly cold.
    await context.addInitScript(
      ({ keys, value }) => {
        window.localStorage.setItem(keys.token, value);
        window.localStorage.setItem(keys.language, 'en');
      },
      { keys: storage, value: token },
    );
    await watchListRows(context, PAGE_ROWS);

    const timings: VisitTiming[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const timing = await timeVisit(context, path, LIST_API, VISIT_TIMEOUT_MS);
      timings.push(timing);
      console.log(
        `run ${run}${run === 1 ? ' (cold)' : ''}: ${timing.rows} rows in ${milliseconds(timing.rowsMs)}, ${LIST_API} from ${milliseconds(timing.apiStartMs)} for ${milliseconds(timing.apiMs)}, JS ${kilobytes(timing.jsBytes)}`,
      );
    }

    printReport({
      kind: database.kind,
      database: database.label,
      path,
      owner,
      seeded: invoices,
      sent: await invoiceTotal(api.baseUrl, token, 0),
      received: await invoiceTotal(api.baseUrl, token, 1),
      runs: timings,
    });
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
