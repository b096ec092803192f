import {
  invoiceDownloadActivationSchema,
  invoiceDownloadJobCreatedSchema,
  invoiceDownloadJobRequestSchema,
  invoiceDownloadScheduleParamsSchema,
  invoiceDownloadScheduleSchema,
  invoiceDownloadScheduleUpdateSchema,
  jobParamsSchema,
  jobSchema,
  problemSchema,
} from '@fiscus/contracts';
import {
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { assertCanDownload } from './download-access.ts';
import { toJob } from '../jobs/jobs.service.ts';
import type { InvoiceDownloadService } from './invoice-download.service.ts';

const SCHEDULE = '/schedule/invoice-download/:fiscalId';

/** Massive imports (account spec 3, 4, 7): the daily schedule of a fiscal id, a download now. */
export const invoiceDownloadRoutes = resourceRoutes({
  tags: ['gov-it: cassetto fiscale'],
  access: assertCanDownload,
  routes: ({ service }: { service: InvoiceDownloadService }) => [
    itemRoute('GET', SCHEDULE, {
      summary: 'Status of the daily invoice download of a fiscal id',
      params: invoiceDownloadScheduleParamsSchema,
      response: invoiceDownloadScheduleSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.status(actor, params.fiscalId),
    }),
    itemRoute('POST', SCHEDULE, {
      summary: 'Activate the daily invoice download for a year',
      description:
        'Valid one year from today (Europe/Rome); the first download starts at once. download_archive also downloads the last year now. 409 when already active; 422 (code CREDENTIALS_MISSING on fiscal_id) when no Fisconline credentials are stored for the registry.',
      params: invoiceDownloadScheduleParamsSchema,
      body: invoiceDownloadActivationSchema,
      response: invoiceDownloadScheduleSchema,
      errors: { 404: problemSchema, 409: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.activate(actor, params.fiscalId, body),
    }),
    itemRoute('PUT', SCHEDULE, {
      summary: 'Switch the yearly renewal of an active daily invoice download',
      params: invoiceDownloadScheduleParamsSchema,
      body: invoiceDownloadScheduleUpdateSchema,
      response: invoiceDownloadScheduleSchema,
      errors: { 404: problemSchema, 409: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.setAutoRenew(actor, params.fiscalId, body),
    }),
    noContentRoute('DELETE', SCHEDULE, {
      summary: 'Deactivate the daily invoice download',
      params: invoiceDownloadScheduleParamsSchema,
      errors: { 404: problemSchema, 409: problemSchema },
      handle: ({ actor, params }) => service.deactivate(actor, params.fiscalId),
    }),
    itemRoute('POST', '/jobs/invoice-download', {
      summary: 'Download now the supplier invoices of a range of days from the cassetto fiscale',
      description:
        'from_date and to_date are Europe/Rome days (both included, at most a year, not after today). The answer names the job (GET /jobs/{uuid}). 409 while a download of overlapping days is waiting or running.',
      body: invoiceDownloadJobRequestSchema,
      response: invoiceDownloadJobCreatedSchema,
      status: 201,
      errors: { 409: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.startDownload(actor, body),
    }),
    itemRoute('POST', '/jobs/:uuid/rerun', {
      summary: 'Run a failed invoice download again',
      description:
        'The job, in ERROR, goes back to READY and runs again with the same parameters; the answer is the job. 404 for a job the login may not see; 409 when it is not in ERROR or a download of overlapping days is waiting or running.',
      params: jobParamsSchema,
      response: jobSchema,
      errors: { 404: problemSchema, 409: problemSchema },
      handle: async ({ actor, params }) => toJob(await service.rerun(actor, params.uuid)),
    }),
  ],
});
