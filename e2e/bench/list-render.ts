/**
 * `npm run bench -w e2e`: how long the console takes to show a 30-row list, by default the
 * customer invoices with BENCH_INVOICES (default 1,000,000) invoices stored. Seeds a throwaway
 * database (PGlite, or a database created on the PostgreSQL server of DATABASE_URL and dropped
 * after), starts the real API serving a copy of the built console taken at the start (`npm run
 * build` first, or WEB_DIST_DIR), logs in as the Italian demo account and opens the page in
 * BENCH_RUNS (default 10) fresh pages of headless Chromium. The first visit is cold (empty HTTP
 * cache, new database connections) and printed apart from the warm ones.
 *
 * The bench takes a path: BENCH_PATH is the console page to open (default the customer
 * invoices with the date window cleared) and BENCH_LIST_API the path of the API call that fills
 * its table (default /api/it/invoices; no query: the page's first call of that path is the list
 * call), so another area's list screen is benched with the two of them; with BENCH_INVOICES=0 the
 * API's first start makes the demo history, which fills those screens (e.g. BENCH_PATH=/expenses
 * BENCH_LIST_API=/api/it/sistema-ts/expenses).
 *
 * Prints the figures beside issue 32's targets ("console opens a list in under half a second"),
 * saying which are met, and the waterfall of what the cold visit and one warm visit fetched before
 * the list call started. Never judges: exits non-zero only when something broke.
 */
import { chromium, type Browser } from '@playwright/test';
import { demoPassword, personaEmail, storage } from '../fixtures';
import { printReport, visitLine } from './list-report';
import { timeVisit, watchListRows, type VisitTiming } from './list-timing';
import {
  copyBuiltConsole,
  freePort,
  scratchDatabase,
  seedInvoices,
  startApi,
  type RunningApi,
} from './scratch-instance';

const PAGE_ROWS = 30;
/** The seeded invoices' collection: the default list call, and where the totals are read. */
const INVOICES_API = '/api/it/invoices';
const VISIT_TIMEOUT_MS = 180_000;
/**
 * The list opens on the last month, and the seeded invoices are dated 2020–2025, so the
 * benchmark clears the date window (an empty filter in the URL means "cleared on purpose"):
 * every sent invoice, the list that counts the most rows.
 */
const DEFAULT_PATH = '/customer-invoice?invoiceDate%5Bafter%5D=&invoiceDate%5Bbefore%5D=';

function positiveInteger(name: string, fallback: number, least = 1): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < least)
    throw new Error(`${name} must be an integer of at least ${least}`);
  return value;
}

/** BENCH_LIST_API: an absolute path without query; the page's first call of it is the list call. */
function listApiPath(raw: string | undefined): string {
  const path = raw || INVOICES_API;
  if (!path.startsWith('/') || /[?#]/.test(path))
    throw new Error(`BENCH_LIST_API must be a path such as ${INVOICES_API} (no query): ${path}`);
  return path;
}

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
  const response = await fetch(`${baseUrl}${INVOICES_API}?type=${type}&itemsPerPage=1`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
  });
  if (!response.ok) throw new Error(`GET ${INVOICES_API}?type=${type}: HTTP ${response.status}`);
  const body = (await response.json()) as { 'hydra:totalItems'?: number; totalItems?: number };
  return body['hydra:totalItems'] ?? body.totalItems ?? Number.NaN;
}

async function main(): Promise<void> {
  // 0: nothing seeded before the start, so the API's first start makes the demo accounts and the
  // demo history (a year of invoices, two months of receipts and expenses): the data of the
  // screens of other areas (BENCH_PATH=/expenses, /smart-receipts-sale…).
  const invoices = positiveInteger('BENCH_INVOICES', 1_000_000, 0);
  const runs = positiveInteger('BENCH_RUNS', 10);
  const preferredPort = positiveInteger('BENCH_PORT', 8195);
  const path = process.env.BENCH_PATH || DEFAULT_PATH;
  const listApi = listApiPath(process.env.BENCH_LIST_API);
  const owner = personaEmail('italy');
  // Before seeding: a missing build should not cost the minutes a million rows take.
  const web = copyBuiltConsole(process.env.WEB_DIST_DIR);

  const database = await scratchDatabase(process.env.DATABASE_URL).catch((error: unknown) => {
    web.remove();
    throw error;
  });
  let api: RunningApi | undefined;
  let browser: Browser | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await browser?.close().catch(() => undefined);
      await api?.stop();
      await database.dispose();
      web.remove();
    })());
  // Ctrl-C or a kill: the throwaway database and temp folders go too (exit codes as a shell's).
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
  }

  try {
    if (invoices > 0) seedInvoices(database, invoices, owner);
    api = await startApi(database, await freePort(preferredPort), web.dir);
    const token = await login(api.baseUrl, owner);

    browser = await chromium.launch({
      // Playwright's own handlers would exit at once, before the clean-up above has run.
      handleSIGINT: false,
      handleSIGTERM: false,
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
      const timing = await timeVisit(context, path, listApi, VISIT_TIMEOUT_MS);
      timings.push(timing);
      console.log(visitLine(run, timing, listApi));
    }

    printReport({
      kind: database.kind,
      database: database.label,
      build: web.source,
      path,
      listApi,
      owner,
      seeded: invoices,
      sent: await invoiceTotal(api.baseUrl, token, 0),
      received: await invoiceTotal(api.baseUrl, token, 1),
      pageRows: PAGE_ROWS,
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
