import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { JobOutput } from '@fiscus/contracts';
import { jobResult, MAX_DOWNLOAD_RANGE_DAYS } from '@fiscus/contracts';
import { itBusinessRegistryConfigurations, itInvoices } from '../../db/schema/index.ts';
import { DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { downloadSummary } from '../it/invoice-download/download-runner.ts';
import { DAILY_LOOKBACK_DAYS } from '../it/invoice-download/invoice-download.service.ts';
import {
  addDays,
  addYear,
  romeDay,
  romeDayStart,
  romeDaysRange,
} from '../it/invoice-download/rome-days.ts';
import { DownloadSchedulesRepository } from '../it/invoice-download/schedules.repository.ts';
import { ItJobsRepository } from '../it/jobs/jobs.repository.ts';

/**
 * The massive imports of the demo history: ALPHA SRL (the italy@ account's own company) turned
 * its daily invoice download on three weeks ago, with auto-renew and the last year's archive;
 * since then one job a day ran at 03:00 Rome. The cassetto held the supplier invoices SDI had
 * already delivered through this instance, so each job found them already imported (the jobs'
 * outputs list them as skipped); one night the portal could not be reached (ERROR).
 */

const DAYS_ACTIVE = 21;
/** Which night, counted back from yesterday, the portal was down. */
const PORTAL_DOWN_NIGHT = 6;
const SECOND = 1000;

export async function seedDemoJobsHistory(
  db: Database,
  ownerId: string,
  now: Date,
): Promise<{ jobs: number }> {
  const [registry] = await db
    .select()
    .from(itBusinessRegistryConfigurations)
    .where(
      and(
        eq(itBusinessRegistryConfigurations.ownerId, ownerId),
        eq(itBusinessRegistryConfigurations.fiscalId, DEMO_OWN_COMPANY.vat),
      ),
    );
  const schedules = new DownloadSchedulesRepository(db);
  // Seeded once: a schedule already there (a second run) is left as it is.
  if (!registry || (await schedules.findOfRegistry(registry.uuid))) return { jobs: 0 };
  const today = romeDay(now);
  const activatedOn = addDays(today, -DAYS_ACTIVE);
  const activatedAt = new Date(romeDayStart(activatedOn).getTime() + 10 * 60 * 60 * SECOND);
  await schedules.save(
    {
      ownerId,
      registryUuid: registry.uuid,
      fiscalId: registry.fiscalId,
      enabled: true,
      validUntil: addYear(activatedOn),
      autoRenew: true,
      activatedAt,
    },
    activatedAt,
  );

  const jobs = new ItJobsRepository(db);
  let stored = 0;
  // The archive of the last year, asked for at activation.
  const archiveFrom = addDays(activatedOn, 1 - MAX_DOWNLOAD_RANGE_DAYS);
  const archive = await jobs.insertOnce({
    ownerId,
    type: 'invoice_download',
    status: 'COMPLETED',
    fiscalId: registry.fiscalId,
    parameters: { from: archiveFrom, to: activatedOn, daily: false, invoice_type: 'supplier' },
    output: await alreadyImported(db, ownerId, archiveFrom, activatedOn),
    createdAt: activatedAt,
    scheduleAt: activatedAt,
    startedAt: new Date(activatedAt.getTime() + 2 * SECOND),
    completedAt: new Date(activatedAt.getTime() + 95 * SECOND),
    updatedAt: new Date(activatedAt.getTime() + 95 * SECOND),
  });
  if (archive) stored += 1;

  for (let back = DAYS_ACTIVE - 1; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const from = addDays(day, -DAILY_LOOKBACK_DAYS);
    const at = new Date(romeDayStart(day).getTime() + 3 * 60 * 60 * SECOND);
    const failed = back === PORTAL_DOWN_NIGHT;
    const finished = new Date(at.getTime() + (failed ? 31 * 60 * SECOND : 14 * SECOND));
    const row = await jobs.insertOnce({
      ownerId,
      type: 'invoice_download',
      status: failed ? 'ERROR' : 'COMPLETED',
      fiscalId: registry.fiscalId,
      parameters: { from, to: day, daily: true, invoice_type: 'supplier' },
      output: failed
        ? { ...jobResult('portalUnreachable'), imported: [], skipped: [], failed: [] }
        : await alreadyImported(db, ownerId, from, day),
      dailyOf: day,
      createdAt: at,
      scheduleAt: at,
      startedAt: new Date(at.getTime() + SECOND),
      completedAt: finished,
      updatedAt: finished,
    });
    if (row) stored += 1;
  }
  return { jobs: stored };
}

/** A job's output over Rome days whose supplier invoices SDI had delivered already. */
async function alreadyImported(
  db: Database,
  ownerId: string,
  from: string,
  to: string,
): Promise<JobOutput> {
  const range = romeDaysRange(from, to);
  const rows = await db
    .select({ sdiId: itInvoices.sdiFileId, fileName: itInvoices.sdiFileName })
    .from(itInvoices)
    .where(
      and(
        eq(itInvoices.ownerId, ownerId),
        eq(itInvoices.type, 1),
        gte(itInvoices.createdAt, range.from),
        lt(itInvoices.createdAt, range.to),
      ),
    )
    .orderBy(asc(itInvoices.createdAt));
  const skipped = rows
    .filter((row) => row.sdiId && row.fileName)
    .map((row) => ({ sdi_id: row.sdiId ?? '', file_name: row.fileName ?? '' }));
  const output = { imported: [], skipped, failed: [] };
  return { ...output, ...downloadSummary(skipped.length, output) };
}
