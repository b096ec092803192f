/**
 * One timed visit of a console list in Chromium. Times are the page's own performance.now(),
 * whose zero is the navigation start: until the animation frame in which the table first holds
 * the wanted number of data rows, the list's API call from Resource Timing, the JavaScript the
 * visit transferred (0 bytes when it all came from the HTTP cache), and the waterfall of what the
 * page fetched before the list call started (the document from Navigation Timing, the rest from
 * Resource Timing): what stands between a click and the rows.
 */
import type { BrowserContext, Response } from '@playwright/test';

/** One fetch of the visit, as Navigation or Resource Timing saw it. */
export interface Fetched {
  /** Path and query, without this origin's scheme and host (another origin keeps its host). */
  path: string;
  /** 'navigation' for the document, else the initiator type ('script', 'fetch', 'link'…). */
  initiator: string;
  startMs: number;
  endMs: number;
  /** Bytes over the network, headers included; 0 when it came from the HTTP cache. */
  transferBytes: number;
  /** Body bytes as sent (compressed); with transferBytes 0, the size of the cached copy. */
  encodedBytes: number;
  /** Content-Encoding ('br', 'gzip', '' for none) where Chromium reports it, else null. */
  encoding: string | null;
  /** This is the list call (the first fetch of the list's API path). */
  list: boolean;
}

export interface VisitTiming {
  /** Navigation start until the frame that paints the rows. */
  rowsMs: number;
  /** Data rows in the table at that frame. */
  rows: number;
  /** When the list call started: scripts, translations and the session come first. */
  apiStartMs: number | null;
  /** The list call, request start to response end (null when the page made none). */
  apiMs: number | null;
  /** Bytes of .js responses over the network (headers included, as DevTools counts them). */
  jsBytes: number;
  /** Body bytes of the .js responses that came over the network, as the size budget counts. */
  jsBodyBytes: number;
  /** Content-Encodings of the .js responses over the network ('br', 'gzip', 'none'). */
  jsEncodings: string[];
  /** The document and every fetch that started before the list call did, the list call last. */
  waterfall: Fetched[];
  /** Fetches that started after the list call, left out of the waterfall. */
  laterFetches: number;
  /** The document's DOMContentLoaded and load events (null: not reached when the rows showed). */
  milestones: { domContentLoadedMs: number | null; loadMs: number | null };
  /** hydra:totalItems of the list call's answer, the total the page shows (null: not read). */
  listTotal: number | null;
}

/** Rows of the data table; the loading and empty rows are one cell spanning every column. */
const DATA_ROWS = 'table tbody tr:not(:has(> td[colspan]))';

interface RowsMark {
  at: number;
  rows: number;
}

type BenchWindow = Window & { fiscusBenchRows?: RowsMark };

/** Runs in every page before the console's scripts (an init script): marks when the rows show. */
function watchRows({ selector, wanted }: { selector: string; wanted: number }): void {
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll(selector).length;
    if (rows < wanted) return;
    observer.disconnect();
    // The frame after the DOM change is the one that paints it.
    requestAnimationFrame(() => {
      (window as BenchWindow).fiscusBenchRows = { at: performance.now(), rows };
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Makes every page of `context` record when `wanted` data rows are in its table. */
export async function watchListRows(context: BrowserContext, wanted: number): Promise<void> {
  await context.addInitScript(watchRows, { selector: DATA_ROWS, wanted });
}

/** What the page itself reports (Navigation and Resource Timing); the rest the bench adds. */
type PageFigures = Omit<VisitTiming, 'rowsMs' | 'rows' | 'listTotal'>;

/**
 * Runs in the page once the rows show: the figures from Navigation and Resource Timing. An entry
 * is only there once its response has ended, so a request still open (a live-update stream) is
 * not in the waterfall. No named helpers inside: tsx wraps them in a `__name` call the page lacks.
 */
function readTimings(listPath: string): PageFigures {
  type Timed = PerformanceResourceTiming & { contentEncoding?: string };
  const resources = (performance.getEntriesByType('resource') as Timed[])
    .slice()
    .sort((a, b) => a.startTime - b.startTime);
  const list = resources.find((entry) => new URL(entry.name).pathname === listPath);
  const scripts = resources.filter(
    (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.transferSize > 0,
  );
  const navigation = performance.getEntriesByType('navigation') as (Timed &
    PerformanceNavigationTiming)[];
  const before = resources.filter((entry) => !list || entry.startTime <= list.startTime);
  const waterfall = [
    ...navigation,
    ...before.filter((entry) => entry !== list),
    ...(list ? [list] : []),
  ].map((entry): Fetched => {
    const url = new URL(entry.name);
    const path = decodeURIComponent(url.pathname + url.search);
    return {
      path: url.origin === location.origin ? path : `${url.host}${path}`,
      initiator: entry.entryType === 'navigation' ? 'navigation' : entry.initiatorType,
      startMs: entry.startTime,
      endMs: entry.responseEnd,
      transferBytes: entry.transferSize,
      encodedBytes: entry.encodedBodySize,
      encoding: typeof entry.contentEncoding === 'string' ? entry.contentEncoding : null,
      list: entry === list,
    };
  });
  return {
    apiStartMs: list ? list.startTime : null,
    apiMs: list ? list.responseEnd - list.startTime : null,
    jsBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    jsBodyBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    jsEncodings: [
      ...new Set(
        scripts.map((entry) =>
          typeof entry.contentEncoding === 'string' ? entry.contentEncoding || 'none' : '?',
        ),
      ),
    ],
    waterfall,
    laterFetches: resources.length - before.length,
    milestones: {
      domContentLoadedMs: navigation[0]?.domContentLoadedEventStart || null,
      loadMs: navigation[0]?.loadEventStart || null,
    },
  };
}

/** hydra:totalItems (or totalItems) of a collection answer, null when it has none. */
function totalOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const total = record['hydra:totalItems'] ?? record.totalItems;
  return typeof total === 'number' ? total : null;
}

/**
 * Opens `url` in a new page of `context`, waits for the rows, reads the figures, closes it.
 * `apiPath` is the list call's path (no query): the first fetch of it is the list call.
 */
export async function timeVisit(
  context: BrowserContext,
  url: string,
  apiPath: string,
  timeoutMs: number,
): Promise<VisitTiming> {
  const page = await context.newPage();
  try {
    // The list call's answer, for the total the page shows (read after the rows, off the clock).
    let listAnswer: Response | undefined;
    page.on('response', (response) => {
      if (!listAnswer && new URL(response.url()).pathname === apiPath) listAnswer = response;
    });
    await page.goto(url, { waitUntil: 'commit' });
    const mark = await page
      .waitForFunction(() => (window as BenchWindow).fiscusBenchRows, undefined, {
        timeout: timeoutMs,
        polling: 100,
      })
      .then((handle) => handle.jsonValue())
      .catch(async (error: unknown) => {
        const shown = await page.locator(DATA_ROWS).count();
        const text = (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 300);
        throw new Error(
          `${page.url()} showed ${shown} data rows after ${timeoutMs / 1000} s; page text: ${text}`,
          { cause: error },
        );
      });
    const figures = await page.evaluate(readTimings, apiPath);
    if (!mark) throw new Error(`${page.url()}: the rows mark vanished`);
    const listTotal = listAnswer ? totalOf(await listAnswer.json().catch(() => null)) : null;
    return { rowsMs: mark.at, rows: mark.rows, ...figures, listTotal };
  } finally {
    await page.close();
  }
}
