import type PgBoss from 'pg-boss';

/** pending: waiting for its time or a free worker; running: claimed; done / failed: finished. */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** One job as callers and handlers see it, whatever pg-boss calls its columns. */
export type Job = {
  id: string;
  type: string;
  payload: unknown;
  status: JobStatus;
  /** Attempts started so far, the one running included. */
  attempts: number;
  maxAttempts: number;
  /** When the job (or its next retry) is due. */
  runAt: Date;
  /** The message of the last failed attempt; null once the job is done. */
  lastError: string | null;
  finishedAt: Date | null;
  singletonKey: string | null;
};

const statuses: Record<PgBoss.JobWithMetadata['state'], JobStatus> = {
  created: 'pending',
  retry: 'pending',
  active: 'running',
  completed: 'done',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** Maps a pg-boss job row (fetched or read with its metadata) to a {@link Job}. */
export function toJob(row: PgBoss.JobWithMetadata<unknown>): Job {
  const output = row.output as { message?: unknown } | null;
  return {
    id: row.id,
    type: row.name,
    payload: row.data,
    status: statuses[row.state],
    // pg-boss counts retries, and only once a retry starts.
    attempts: row.retryCount + (row.startedOn ? 1 : 0),
    maxAttempts: row.retryLimit + 1,
    runAt: new Date(row.startAfter),
    lastError:
      row.state !== 'completed' && typeof output?.message === 'string' ? output.message : null,
    finishedAt: row.completedOn ? new Date(row.completedOn) : null,
    singletonKey: row.singletonKey,
  };
}
