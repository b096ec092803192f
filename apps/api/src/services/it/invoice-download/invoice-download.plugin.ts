import type { FastifyInstance } from 'fastify';
import { jobsRoutes } from '../jobs/jobs.routes.ts';
import type { ItInvoiceDownload } from './compose.ts';
import { invoiceDownloadRoutes } from './invoice-download.routes.ts';

/**
 * Mounts massive imports (the schedule, the one-off download) and the jobs list inside the
 * `/api/it` prefix, and puts the daily planner on its cron schedule (a row in pg-boss's schedule
 * table, replaced at each start). The objects are built by `composeInvoiceDownload`.
 */
export async function invoiceDownloadPlugin(
  app: FastifyInstance,
  { download }: { download: ItInvoiceDownload },
): Promise<void> {
  await app.register(invoiceDownloadRoutes, { service: download.downloads });
  await app.register(jobsRoutes, { service: download.jobs });
  await download.scheduleDaily();
}
