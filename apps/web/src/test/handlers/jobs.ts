/**
 * An in-memory `/api/it/jobs` resource (the jobs screen): the invoice downloads of massive
 * imports, filtered by status, type, fiscal id and the created range as the API does, newest
 * first, and one job by uuid. A job seeded as STARTED completes after it was read `settleAfter`
 * times, so a screen's polling can be watched.
 */
import type { ItJob } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound } from './http';

const HOUR_MS = 3_600_000;

/** An instant `hours` before the test runs: the samples stay inside the screen's last 30 days. */
function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * HOUR_MS).toISOString();
}

export const sampleCompletedJob: ItJob = {
  uuid: '5b0c3f1e-2a4d-4e6f-8a9b-0c1d2e3f4a5b',
  type: 'invoice_download',
  status: 'COMPLETED',
  fiscal_id: '01234567890',
  created_at: hoursAgo(26),
  schedule_at: hoursAgo(26),
  started_at: hoursAgo(25.9),
  completed_at: hoursAgo(25.8),
  parameters: { from: '2026-11-20', to: '2026-11-20', daily: true, invoice_type: 'supplier' },
  output: {
    message: '1 invoice imported, 1 skipped, 1 failed.',
    imported: [
      {
        sdi_id: '4410001',
        file_name: 'IT09876543210_00A01.xml',
        invoice_uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      },
    ],
    skipped: [{ sdi_id: '4410002', file_name: 'IT09876543210_00A02.xml' }],
    failed: [
      {
        sdi_id: '4410003',
        file_name: 'IT09876543210_00A03.xml',
        reason: 'The file is not a FatturaPA invoice.',
      },
    ],
  },
};

export const sampleFailedJob: ItJob = {
  ...sampleCompletedJob,
  uuid: '6c1d4a2f-3b5e-4f70-9b0c-1d2e3f4a5b6c',
  status: 'ERROR',
  fiscal_id: 'RSSMRA80A01H501U',
  created_at: hoursAgo(50),
  parameters: { from: '2026-11-19', to: '2026-11-19', daily: true, invoice_type: 'supplier' },
  output: {
    message: 'The tax portal refused the stored Fisconline credentials.',
    imported: [],
    skipped: [],
    failed: [],
  },
};

export const sampleRunningJob: ItJob = {
  ...sampleCompletedJob,
  uuid: '7d2e5b3a-4c6f-4a81-8c1d-2e3f4a5b6c7d',
  status: 'STARTED',
  created_at: hoursAgo(0.1),
  schedule_at: hoursAgo(0.1),
  started_at: hoursAgo(0.09),
  completed_at: null,
  parameters: { from: '2026-11-21', to: '2026-11-21', daily: false, invoice_type: 'supplier' },
  output: null,
};

export interface JobsHandlerOptions {
  jobs?: ItJob[];
  /** A STARTED job turns COMPLETED (with the sample output) after this many reads. */
  settleAfter?: number;
}

function inRange(value: string, after: string | null, before: string | null): boolean {
  const at = Date.parse(value);
  return (after ? at >= Date.parse(after) : true) && (before ? at <= Date.parse(before) : true);
}

export function jobsHandlers({
  jobs: seed = [sampleCompletedJob, sampleFailedJob],
  settleAfter = Number.POSITIVE_INFINITY,
}: JobsHandlerOptions = {}) {
  const jobs = seed.map((job) => ({ ...job }));
  let reads = 0;
  const read = () => {
    reads += 1;
    if (reads < settleAfter) return;
    for (const [index, job] of jobs.entries()) {
      if (job.status === 'STARTED') {
        jobs[index] = {
          ...job,
          status: 'COMPLETED',
          completed_at: new Date().toISOString(),
          output: sampleCompletedJob.output,
        };
      }
    }
  };
  return [
    http.get(apiUrl('it', '/jobs'), ({ request }) => {
      read();
      const query = new URL(request.url).searchParams;
      const exact = (name: string, value: string) => {
        const wanted = query.get(name);
        return wanted === null || wanted === '' || wanted === value;
      };
      const found = jobs
        .filter(
          (job) =>
            exact('status', job.status) &&
            exact('type', job.type) &&
            exact('fiscal_id', job.fiscal_id) &&
            inRange(
              job.created_at,
              query.get('created_at[after]'),
              query.get('created_at[before]'),
            ),
        )
        .sort((first, second) => second.created_at.localeCompare(first.created_at));
      return hydraCollection(found);
    }),
    http.get(apiUrl('it', '/jobs/:uuid'), ({ params }) => {
      read();
      const job = jobs.find((candidate) => candidate.uuid === params.uuid);
      return job ? HttpResponse.json(job) : notFound();
    }),
  ];
}
