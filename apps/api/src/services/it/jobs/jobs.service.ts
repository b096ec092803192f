import type { ItJob, JobListQuery, JobOutput, JobParameters } from '@fiscus/contracts';
import type { ItJobRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { notFound } from '../../../platform/problem-errors.ts';
import { businessOf, subAccountOf } from '../../../platform/tenancy.ts';
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
    output: (row.output as JobOutput | null) ?? null,
  };
}

/** `GET /jobs` and `GET /jobs/{uuid}`: the business's jobs, newest first. */
export class JobsService {
  constructor(private readonly repository: ItJobsRepository) {}

  async list(actor: Actor, query: JobListQuery): Promise<CollectionPage<ItJob>> {
    return mapPage(await this.repository.list(scopeOf(actor), query), toJob);
  }

  async get(actor: Actor, uuid: string): Promise<ItJob> {
    const row = isUuid(uuid) ? await this.repository.findOwned(scopeOf(actor), uuid) : undefined;
    if (!row) throw notFound('Job not found.');
    return toJob(row);
  }
}

/** The business's jobs; a sub-account's narrowed to its registries. */
function scopeOf(actor: Actor) {
  return { ownerId: businessOf(actor), subAccountId: subAccountOf(actor) };
}
