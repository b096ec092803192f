import { JOB_RESULTS, jobResultKeys } from '@fiscus/contracts';
import type { ItJob, JobListQuery, JobOutput, JobParameters } from '@fiscus/contracts';
import type { ItJobRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { notFound } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { ItJobsRepository } from './jobs.repository.ts';

/** A stored job as the API shows it (italian-invoicing spec 3 Job). */
export function toJob(row: ItJobRow): ItJob {
  return {
    uuid: row.uuid,
    type: row.type as ItJob['type'],
    status: row.status as ItJob['status'],
    fiscal_id: row.fiscalId,
    created_at: row.createdAt.toISOString(),
    schedule_at: row.scheduleAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    parameters: row.parameters as JobParameters,
    output: withResultKey(row.output as JobOutput | null),
  };
}

/**
 * Each result sentence as a pattern that reads its parameters back (`{name}` becomes a group):
 * outputs stored before results had keys get theirs, so the console words old rows too.
 */
const legacyResults = jobResultKeys.map((key) => {
  const names: string[] = [];
  const source = JOB_RESULTS[key]
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^ :]+)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

function withResultKey(output: JobOutput | null): JobOutput | null {
  if (!output || output.message_key) return output;
  for (const { key, names, pattern } of legacyResults) {
    const match = pattern.exec(output.message);
    if (!match) continue;
    const parameters = Object.fromEntries(
      names.map((name, index) => [name, match[index + 1] ?? '']),
    );
    return { ...output, message_key: key, message_parameters: parameters };
  }
  return output;
}

/** `GET /jobs` and `GET /jobs/{uuid}`: the jobs of the companies the login acts for, newest first. */
export class JobsService {
  constructor(private readonly repository: ItJobsRepository) {}

  async list(actor: Actor, query: JobListQuery): Promise<CollectionPage<ItJob>> {
    return mapPage(await this.repository.list(actingScopeOf(actor), query), toJob);
  }

  async get(actor: Actor, uuid: string): Promise<ItJob> {
    const row = isUuid(uuid)
      ? await this.repository.findOwned(actingScopeOf(actor), uuid)
      : undefined;
    if (!row) throw notFound('Job not found.');
    return toJob(row);
  }
}
