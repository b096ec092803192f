/**
 * What `npm run bench -w e2e` prints: one line per visit, the cold/warm table, issue 32's targets
 * beside the figures ("console opens a list in under half a second"), and the waterfall of what a
 * visit fetched before its list call started. Figures only: a target not met is printed, never
 * failed on.
 */
import type { Fetched, VisitTiming } from './list-timing';

/** A measured value, or nothing (no warm runs, no list call seen). */
type Figure = number | null | undefined;

export const milliseconds = (value: Figure) => (value == null ? '–' : `${value.toFixed(0)} ms`);
export const kilobytes = (value: Figure) =>
  value == null ? '–' : `${(value / 1024).toFixed(1)} KB`;
const count = (value: number) => value.toLocaleString('en');

function percentile(values: number[], p: number): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The page whose first load issue 32 budgets (its "at most 400 KB" target). */
const BUDGETED_PAGE = '/customer-invoice';

/** Issue 32's targets; `limit` in the figure's unit (ms or bytes; KB are 1,024 bytes, as `npm run size` counts). */
interface Target {
  wording: string;
  value: Figure;
  limit: number;
  format: (value: Figure) => string;
  note?: string;
}

export interface BenchReport {
  kind: string;
  database: string;
  /** The built console the run served (a copy of it, taken at the start). */
  build: string;
  path: string;
  listApi: string;
  owner: string;
  seeded: number;
  sent: number;
  received: number;
  pageRows: number;
  runs: VisitTiming[];
}

/** The line printed after each visit. */
export function visitLine(run: number, timing: VisitTiming, listApi: string): string {
  return `run ${run}${run === 1 ? ' (cold)' : ''}: ${timing.rows} rows in ${milliseconds(timing.rowsMs)}, ${listApi} from ${milliseconds(timing.apiStartMs)} for ${milliseconds(timing.apiMs)}, JS ${kilobytes(timing.jsBytes)}`;
}

/** Longest path shown in a waterfall; longer ones (a list call's filters) end in "…". */
const PATH_WIDTH = 78;

function waterfallLine(fetched: Fetched): string {
  const sent =
    fetched.transferBytes > 0
      ? kilobytes(fetched.transferBytes)
      : fetched.encodedBytes > 0
        ? 'cache'
        : '0 KB';
  const encoding = fetched.encoding === null ? '?' : fetched.encoding || '-';
  const path =
    fetched.path.length > PATH_WIDTH ? `${fetched.path.slice(0, PATH_WIDTH - 1)}…` : fetched.path;
  return (
    [
      fetched.startMs.toFixed(0).padStart(8),
      fetched.endMs.toFixed(0).padStart(8),
      sent.padStart(10),
      encoding.padStart(5),
      ` ${fetched.initiator.padEnd(11)}`,
      path,
    ].join(' ') + (fetched.list ? '  ◀ list call' : '')
  );
}

/**
 * What one visit fetched until its list call started, in start order, with the document's
 * DOMContentLoaded and load among them (the gaps they explain: scripts running), then when the
 * rows showed.
 */
export function printWaterfall(title: string, timing: VisitTiming, pageRows: number): void {
  console.log(`\n${title}: fetched before the list call started (ms from navigation start)`);
  console.log(
    `${'start'.padStart(8)} ${'end'.padStart(8)} ${'sent'.padStart(10)} ${'enc'.padStart(5)}  ${'initiator'.padEnd(11)} path`,
  );
  const milestones = [
    { at: timing.milestones.domContentLoadedMs, name: 'DOMContentLoaded' },
    { at: timing.milestones.loadMs, name: 'load event' },
  ].filter((milestone): milestone is { at: number; name: string } => milestone.at !== null);
  const printDue = (before: number) => {
    while (milestones[0] && milestones[0].at <= before) {
      const { at, name } = milestones.shift()!;
      console.log(`${at.toFixed(0).padStart(8)}  ── ${name}`);
    }
  };
  for (const fetched of timing.waterfall) {
    printDue(fetched.startMs);
    console.log(waterfallLine(fetched));
  }
  if (!timing.waterfall.some((fetched) => fetched.list)) {
    console.log('(no list call seen: every fetch until the rows showed is listed)');
  } else if (timing.laterFetches > 0) {
    console.log(`+ ${count(timing.laterFetches)} fetches started after the list call`);
  }
  printDue(timing.rowsMs);
  console.log(`${timing.rowsMs.toFixed(0).padStart(8)}  ── ${pageRows} rows on screen`);
}

function printTargets(targets: Target[]): void {
  const width = Math.max(...targets.map((target) => target.wording.length)) + 2;
  console.log(`\nIssue 32 targets ("console opens a list in under half a second")`);
  for (const target of targets) {
    const verdict =
      target.value == null ? 'no figure' : target.value <= target.limit ? 'met' : 'NOT MET';
    console.log(
      `${target.wording.padEnd(width)}${target.format(target.value).padStart(10)}   ${verdict}${target.note ? `  (${target.note})` : ''}`,
    );
  }
}

/** The visit closest to the warm median of time to rows: the warm one whose waterfall is shown. */
function medianVisit(warm: VisitTiming[]): VisitTiming | undefined {
  const middle = percentile(
    warm.map((run) => run.rowsMs),
    50,
  );
  return warm.find((run) => run.rowsMs === middle);
}

export function printReport(report: BenchReport): void {
  const [cold, ...warm] = report.runs;
  if (!cold) return;
  const line = (label: string, values: string[]) =>
    console.log(label.padEnd(32) + values.map((value) => value.padStart(12)).join(''));
  const rowsShown = [...new Set(report.runs.map((run) => run.rows))].join(', ');
  const warmOf = (pick: (run: VisitTiming) => number | null) =>
    warm.map(pick).filter((value): value is number => value !== null);
  const warmP50 = (pick: (run: VisitTiming) => number | null) => percentile(warmOf(pick), 50);
  const listTotal = report.runs.at(-1)?.listTotal;

  console.log(`\nConsole list: time until ${report.pageRows} rows are on screen`);
  console.log(`database          ${report.kind} (${report.database})`);
  console.log(`console build     ${report.build} (copied at the start)`);
  console.log(`page              ${decodeURI(report.path)}`);
  console.log(`list call         GET ${report.listApi}`);
  console.log(
    `invoices          ${count(report.sent + report.received)} stored for ${report.owner} (${count(report.seeded)} seeded; ${count(report.sent)} sent, ${count(report.received)} received)`,
  );
  console.log(
    `list total        ${listTotal == null ? '–' : count(listTotal)} (the list call's answer)`,
  );
  console.log(`rows shown        ${rowsShown}`);
  console.log(`runs              1 cold + ${warm.length} warm\n`);
  line('', ['cold', 'warm p50', 'warm p95']);
  for (const [label, pick, format] of [
    [`time to ${report.pageRows} rows`, (run: VisitTiming) => run.rowsMs, milliseconds],
    [`GET ${report.listApi} starts at`, (run: VisitTiming) => run.apiStartMs, milliseconds],
    [`GET ${report.listApi} takes`, (run: VisitTiming) => run.apiMs, milliseconds],
    ['JS transferred', (run: VisitTiming) => run.jsBytes, kilobytes],
  ] as const) {
    const values = warmOf(pick);
    line(label, [
      format(pick(cold)),
      format(percentile(values, 50)),
      format(percentile(values, 95)),
    ]);
  }

  const pathname = new URL(report.path, 'http://bench').pathname;
  // '?': a Chromium without Resource Timing's contentEncoding; the figure is still the bytes sent.
  const encodings = cold.jsEncodings.join(', ').replace('?', 'encoding not reported') || '–';
  const jsNotes = [
    `cold visit's JS bodies as sent, ${encodings}`,
    ...(cold.jsEncodings.some((encoding) => encoding !== 'br' && encoding !== '?')
      ? ['not all brotli']
      : []),
    ...(pathname === BUDGETED_PAGE ? [] : [`this run opened ${pathname}`]),
  ];
  printTargets([
    {
      wording: 'list call starts within 250 ms of navigation (warm p50)',
      value: warmP50((run) => run.apiStartMs),
      limit: 250,
      format: milliseconds,
    },
    {
      wording: `${report.pageRows} rows show within 400 ms (warm p50)`,
      value: warmP50((run) => run.rowsMs),
      limit: 400,
      format: milliseconds,
    },
    { wording: 'cold: rows within 1 s', value: cold.rowsMs, limit: 1000, format: milliseconds },
    {
      wording: `first load of ${BUDGETED_PAGE} at most 400 KB (brotli)`,
      value: cold.jsBodyBytes,
      limit: 400 * 1024,
      format: kilobytes,
      note: jsNotes.join('; '),
    },
  ]);

  printWaterfall('Cold visit', cold, report.pageRows);
  const typical = medianVisit(warm);
  if (typical) {
    printWaterfall(
      `Warm visit (run ${report.runs.indexOf(typical) + 1}, the warm median)`,
      typical,
      report.pageRows,
    );
  }
}
