/**
 * The jobs list's filters (italian-invoicing spec 2 "Jobs screen", 3 "List filters", 7, 9): the
 * created, started, scheduled and completed ranges (created the last 30 days by default), status,
 * type and fiscal id, under the names `GET /jobs` takes; and the `GET /jobs` query they make.
 */
import { jobStatuses } from '@fiscus/contracts';
import type { ItJob, JobStatusName } from '@fiscus/contracts';
import type { Dayjs } from 'dayjs';
import { dayEndBound, dayStartBound } from '../../../components/list-kit';
import type { ListQueryParams } from '../../../components/list-kit';
import type { QueryParams } from '../../../lib/api-client';

/** Spec 9: jobs open on the last 30 days. */
export const DEFAULT_JOB_DAYS = 30;

/** The four date ranges of a job, each a `[after]`/`[before]` pair of `GET /jobs`. */
export const jobDateFilters = ['created_at', 'started_at', 'scheduled_at', 'completed_at'] as const;
export type JobDateFilter = (typeof jobDateFilters)[number];

/** The filter values as the list kit keeps them in the URL. */
export const emptyJobFilters = {
  'created_at[after]': '',
  'created_at[before]': '',
  'started_at[after]': '',
  'started_at[before]': '',
  'scheduled_at[after]': '',
  'scheduled_at[before]': '',
  'completed_at[after]': '',
  'completed_at[before]': '',
  status: '',
  type: '',
  fiscal_id: '',
};

export type JobFilters = typeof emptyJobFilters;

/** The last 30 days up to the end of today, in the user's calendar. */
export function defaultJobFilters(today: Dayjs): JobFilters {
  return {
    ...emptyJobFilters,
    'created_at[after]': dayStartBound(today.subtract(DEFAULT_JOB_DAYS, 'day')),
    'created_at[before]': dayEndBound(today),
  };
}

const isStatus = (value: string): value is JobStatusName =>
  (jobStatuses as readonly string[]).includes(value);

/**
 * The `GET /jobs` query of the list kit's parameters: the filters trimmed, an unknown status (a
 * hand-edited address) left out rather than refused by the API, the fiscal id upper-cased as
 * fiscal ids are stored.
 */
export function toJobListQuery(params: ListQueryParams): QueryParams {
  const query: QueryParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (name === 'status' && !isStatus(trimmed)) continue;
    query[name] = name === 'fiscal_id' ? trimmed.toUpperCase() : trimmed;
  }
  return query;
}

/** Statuses a job leaves by itself: a screen showing one asks again until it settles. */
const TRANSIENT_STATUSES: ReadonlySet<JobStatusName> = new Set(['READY', 'STARTED']);

/** How often a screen showing an unsettled job asks again. */
export const UNSETTLED_JOB_POLL_MS = 3_000;

export function isTransientJob(job: Pick<ItJob, 'status'>): boolean {
  return TRANSIENT_STATUSES.has(job.status);
}

/**
 * How often the open jobs list asks again when every job on it has settled: jobs start without
 * the user on this screen (the nightly planner, an activation or a download started from the
 * business registry, another login of the business), and show up while it stays open.
 */
export const OPEN_JOB_LIST_POLL_MS = 10_000;

/** The `refetchInterval` of a query holding jobs: poll while one of them is waiting or running. */
export function pollWhileJobsRun(
  jobs: readonly Pick<ItJob, 'status'>[] | undefined,
): number | false {
  return jobs?.some(isTransientJob) ? UNSETTLED_JOB_POLL_MS : false;
}

/**
 * The jobs list's `refetchInterval`: quickly while a job on it waits or runs, slowly otherwise
 * (new jobs appear); TanStack Query stops while the tab is hidden.
 */
export function pollJobList(jobs: readonly Pick<ItJob, 'status'>[] | undefined): number {
  return pollWhileJobsRun(jobs) || OPEN_JOB_LIST_POLL_MS;
}
