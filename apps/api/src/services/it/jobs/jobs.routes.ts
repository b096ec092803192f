import { jobListQuerySchema, jobParamsSchema, jobSchema, problemSchema } from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { assertJobsReader } from './job-access.ts';
import type { JobsService } from './jobs.service.ts';

/** The jobs screen's calls (italian-invoicing spec 7): the list with its filters and one job. */
export const jobsRoutes = resourceRoutes({
  tags: ['gov-it: jobs'],
  access: assertJobsReader,
  routes: ({ service }: { service: JobsService }) => [
    collectionRoute('/jobs', {
      summary: 'Jobs (invoice downloads from the cassetto fiscale), newest first',
      description:
        'Filters: created_at, started_at, scheduled_at and completed_at with [after], [before], [strictly_after], [strictly_before]; status; type; fiscal_id. Supplier-only accounts get 403.',
      querystring: jobListQuerySchema,
      member: jobSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('GET', '/jobs/:uuid', {
      summary: 'One job, with its parameters and output',
      params: jobParamsSchema,
      response: jobSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
  ],
});
