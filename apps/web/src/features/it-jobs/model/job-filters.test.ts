import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { accessFor } from '../../../lib/roles';
import { testRuntimeConfig } from '../../../test/test-runtime-config';
import { mayRerunJob, readsJobs } from './job-access';
import {
  defaultJobFilters,
  OPEN_JOB_LIST_POLL_MS,
  pollJobList,
  pollWhileJobsRun,
  toJobListQuery,
  UNSETTLED_JOB_POLL_MS,
} from './job-filters';

const access = (roles: string[]) =>
  accessFor({ [testRuntimeConfig.platformKeys.it]: roles }, testRuntimeConfig.platformKeys);

describe('job filters', () => {
  it('default to the 30 days up to the end of today', () => {
    const filters = defaultJobFilters(dayjs('2026-03-31T10:00:00'));
    expect(filters['created_at[after]']).toMatch(/^2026-03-01T00:00:00/);
    expect(filters['created_at[before]']).toMatch(/^2026-03-31T23:59:59/);
    expect(filters.status).toBe('');
  });

  it('make the GET /jobs query: trimmed, fiscal id upper-cased, an unknown status left out', () => {
    expect(
      toJobListQuery({
        page: '2',
        itemsPerPage: '30',
        fiscal_id: ' rssmra80a01h501u ',
        status: 'DONE',
        'started_at[after]': '2026-03-01T00:00:00+01:00',
      }),
    ).toEqual({
      page: '2',
      itemsPerPage: '30',
      fiscal_id: 'RSSMRA80A01H501U',
      'started_at[after]': '2026-03-01T00:00:00+01:00',
    });
    expect(toJobListQuery({ status: 'ERROR' })).toEqual({ status: 'ERROR' });
  });

  it('poll while a job is ready or started', () => {
    expect(pollWhileJobsRun([{ status: 'COMPLETED' }, { status: 'READY' }])).toBeGreaterThan(0);
    expect(pollWhileJobsRun([{ status: 'STARTED' }])).toBeGreaterThan(0);
    expect(pollWhileJobsRun([{ status: 'COMPLETED' }, { status: 'ERROR' }])).toBe(false);
    expect(pollWhileJobsRun(undefined)).toBe(false);
  });

  it('keep the open list asking, slowly once every job on it has settled', () => {
    expect(pollJobList([{ status: 'READY' }])).toBe(UNSETTLED_JOB_POLL_MS);
    expect(pollJobList([{ status: 'ERROR' }])).toBe(OPEN_JOB_LIST_POLL_MS);
    expect(pollJobList([])).toBe(OPEN_JOB_LIST_POLL_MS);
  });

  it('offer a rerun of failed jobs to users with the download role', () => {
    const downloader = access(['ROLE_INVOICING', 'ROLE_INVOICING_DOWNLOAD']);
    expect(mayRerunJob(downloader, { status: 'ERROR' })).toBe(true);
    expect(mayRerunJob(downloader, { status: 'COMPLETED' })).toBe(false);
    expect(mayRerunJob(access(['ROLE_INVOICING']), { status: 'ERROR' })).toBe(false);
  });

  it('send supplier-only accounts home', () => {
    expect(readsJobs(access(['ROLE_INVOICING_SUPPLIER_ONLY']))).toBe('/');
    expect(readsJobs(access(['ROLE_INVOICING']))).toBeNull();
  });
});
