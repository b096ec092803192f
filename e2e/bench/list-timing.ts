/**
 * One timed visit of a console list in Chromium. Times are the page's own performance.now(),
 * whose zero is the navigation start: until the animation frame in which the table first holds
 * the wanted number of data rows, the list's API call from Resource Timing, and the JavaScript
 * the visit transferred (0 bytes when it all came from the HTTP cache).
 */
import type { BrowserContext } from '@playwright/test';

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

/** Opens `url` in a new page of `context`, waits for the rows, reads the figures, closes it. */
export async function timeVisit(
  context: BrowserContext,
  url: string,
  apiPath: string,
  timeoutMs: number,
): Promise<VisitTiming> {
  const page = await context.newPage();
  try {
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
    const resources = await page.evaluate((listPath) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const list = entries.find((entry) => new URL(entry.name).pathname === listPath);
      const scripts = entries.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        apiStartMs: list ? list.startTime : null,
        apiMs: list ? list.responseEnd - list.startTime : null,
        jsBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      };
    }, apiPath);
    if (!mark) throw new Error(`${page.url()}: the rows mark vanished`);
    return { rowsMs: mark.at, rows: mark.rows, ...resources };
  } finally {
    await page.close();
  }
}
