/**
 * The jobs screen against the real server (italian-invoicing spec 2 "Jobs screen", 3 "Job", 5, 6,
 * 9): italy@'s demo history of massive imports (a download a night for three weeks, one night in
 * ERROR, the year's archive on demand), the filters (last 30 days by default, status, fiscal id
 * from the address, the date ranges), the details dialog through the URL with parameters and
 * output, and the supplier-only rule. Screenshots in it, en and pl.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  personaApi,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

test.describe.configure({ timeout: 180_000 });

/** ALPHA SRL, italy@'s own company (README). */
const ALPHA = '01234567897';
/** ALPHA SERVIZI SRL, italy@'s second company: no Fisconline credentials stored (README). */
const SERVIZI = '02468135799';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const jobsTable = (page: Page) => page.getByRole('table', { name: 'Jobs' });

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('the jobs screen: demo history, filters, details through the URL', async ({ page }) => {
  await loginAs(page, 'italy');
  await navigation(page).getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/jobs/);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();

  // The last 30 days: three weeks of nightly downloads of ALPHA SRL, newest first.
  const rows = jobsTable(page).getByRole('row').filter({ hasText: ALPHA });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  await expect(rows.filter({ hasText: 'Daily schedule' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Error' })).toHaveCount(1);
  await screenshotEveryLanguage(page, 'jobs');

  // Status ERROR: only the night the portal was down.
  await openFilters(page);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Error' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/status=ERROR/);
  const failed = jobsTable(page).getByRole('row').filter({ hasText: ALPHA });
  await expect(failed).toHaveCount(1);
  await failed.getByRole('button', { name: 'Details' }).click();
  let details = page.getByRole('dialog', { name: 'Job details' });
  await expect(details.getByRole('heading', { name: 'Parameters' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Output' })).toBeVisible();
  await expect(details.getByText('Supplier invoices (received)')).toBeVisible();
  await expect(page).toHaveURL(/dialogId=job&dialog_uuid=/);

  // A reload keeps the dialog open (it is in the address).
  await page.reload();
  await waitForIdle(page);
  details = page.getByRole('dialog', { name: 'Job details' });
  await expect(details.getByText('Daily schedule')).toBeVisible();
  await screenshotEveryLanguage(page, 'jobs-details');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await expect(page).not.toHaveURL(/dialogId=job/);

  // Completed, and the fiscal id of another company: nothing.
  await openFilters(page);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await page.getByRole('textbox', { name: 'Fiscal ID' }).fill('09876543217');
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForIdle(page);
  await expect(jobsTable(page).getByRole('row').filter({ hasText: ALPHA })).toHaveCount(0);

  // The registry's 'view jobs' address sets the fiscal id filter; the archive download of the
  // last year shows among them as on demand.
  await page.goto(`/jobs?fiscal_id=${ALPHA}`);
  await waitForIdle(page);
  await openFilters(page);
  await expect(page.getByRole('textbox', { name: 'Fiscal ID' })).toHaveValue(ALPHA);
  await expect(jobsTable(page).getByRole('row').filter({ hasText: 'On demand' })).not.toHaveCount(
    0,
  );
});

test('the open list shows a job started elsewhere as it ends; a failed job runs again from its row', async ({
  page,
}) => {
  const italy = await personaApi('italy');
  await loginAs(page, 'italy', { path: `/jobs?fiscal_id=${SERVIZI}` });
  await waitForIdle(page);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();

  // Started from elsewhere (the API, as the registry's massive imports tab does) while the list
  // is open: without credentials for ALPHA SERVIZI it fails at once.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: 'Europe/Rome',
    });
  const started = await italy.api.post('/api/it/jobs/invoice-download', {
    headers: italy.headers,
    data: { fiscal_id: SERVIZI, from_date: day(-20), to_date: day(-10) },
  });
  expect(started.status()).toBe(201);
  const { uuid } = (await started.json()) as { uuid: string };
  const row = jobsTable(page).getByRole('row').filter({ hasText: uuid.slice(0, 8) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Error', { exact: true })).toBeVisible({ timeout: 30_000 });
  const readJob = async () =>
    (await (await italy.api.get(`/api/it/jobs/${uuid}`, { headers: italy.headers })).json()) as {
      status: string;
      started_at: string;
      output: { message_key?: string } | null;
    };
  const failed = await readJob();
  expect(failed.output?.message_key).toBe('credentialsMissing');

  // Run again from the row: queued again, run again (a later start), and the row follows.
  await row.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText('The job is queued again')).toBeVisible();
  await expect
    .poll(async () => (await readJob()).started_at > failed.started_at, { timeout: 30_000 })
    .toBe(true);
  await expect(row.getByText('Error', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The details dialog offers it too (the output says to run it again).
  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: 'Job details' });
  await expect(details.getByRole('button', { name: 'Run again' })).toBeVisible();
  await screenshot(page, 'jobs-rerun');
  await details.getByRole('button', { name: 'Close' }).click();

  // Completed jobs offer no rerun.
  await page.goto(`/jobs?fiscal_id=${ALPHA}&status=COMPLETED`);
  await waitForIdle(page);
  await expect(jobsTable(page).getByRole('row').filter({ hasText: ALPHA }).first()).toBeVisible();
  await expect(jobsTable(page).getByRole('button', { name: 'Run again' })).toHaveCount(0);
  await italy.dispose();
});

test('supplier-only accounts have no jobs screen', async ({ page }) => {
  await loginAs(page, 'supplier-only');
  await expect(navigation(page).getByRole('link', { name: 'Jobs' })).toHaveCount(0);
  await page.goto('/jobs');
  await waitForIdle(page);
  await expect(page).not.toHaveURL(/\/jobs/);
});
