/**
 * Integrations, statistics and imports against the real server (account spec 2.8, 2.10, 2.11):
 * a webhook configuration refused with a 422, saved, edited, delivering to a receiver run by this
 * test, its delivery log and replay, then deleted; the dashboard's yearly statistics after an
 * official sample was sent; a supplier invoice imported through the dialog. Screenshots of each
 * screen in it, en and pl.
 */
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiToken,
  expect,
  loginAs,
  personaApi,
  runStamp,
  sampleXml,
  screenshot,
  screenshotEveryLanguage,
  sendInvoice,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** The file name the import dialog shows: the official sample's own. */
const SAMPLE = 'IT01234567890_FPR01.xml';
const PAGE = '/api-configurations';

/** Unique per run, so other journeys sharing the database never collide with ours. */
const stamp = runStamp('INT');

/** The official sample with its first Numero made unique. */
const sampleWithNumber = (number: string) => sampleXml(standardSample, { number });

/** A webhook receiver on the loopback address: records each call's headers and answers 200. */
interface Receiver {
  url: string;
  calls: IncomingHttpHeaders[];
  close: () => Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const calls: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/fiscus-hook-${stamp.toLowerCase()}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function configurationRow(page: Page, targetUrl: string) {
  return page
    .getByRole('table', { name: 'Integration configurations' })
    .getByRole('row')
    .filter({ hasText: targetUrl });
}

let receiver: Receiver;
let invoiceUuid = '';

test.beforeAll(async () => {
  receiver = await startReceiver();
  const italy = await personaApi('italy');
  invoiceUuid = await sendInvoice(italy, sampleWithNumber(`${stamp}-1`));
  await italy.dispose();
});

test.afterAll(async () => {
  await receiver.close();
});

test('webhook configuration: 422, save, edit, delivery log with replay, delete', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: PAGE });
  await expect(page.getByRole('heading', { name: 'Integration configurations' })).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).click();
  await expect(page).toHaveURL(/dialogId=api-configuration&dialog_uuid=new/);
  const dialog = page.getByRole('dialog', { name: 'New integration configuration' });
  await dialog.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: /^customer-invoice/ }).click();
  // A URL, but not one the server delivers to: the API answers 422 on target_url.
  await dialog.getByRole('textbox', { name: 'Target URL' }).fill('ftp://hooks.example.test/x');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Validation Error');
  await expect(alert).toContainText('Target URL: This value is not a valid URL.');
  await expect(dialog.getByRole('textbox', { name: 'Target URL' })).toHaveAccessibleDescription(
    'This value is not a valid URL.',
  );
  await screenshot(page, 'api-configurations-validation-error');

  await dialog.getByRole('textbox', { name: 'Target URL' }).fill(receiver.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Saved - UUID: [0-9a-f-]{36}$/)).toBeVisible();
  await expect(configurationRow(page, receiver.url)).toContainText('customer-invoice');
  await expect(configurationRow(page, receiver.url)).toContainText('None');

  // Edit: header authentication with a key and a token, linked to ALPHA SRL (the sample's sender).
  await configurationRow(page, receiver.url).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit integration configuration' });
  await expect(edit.getByRole('textbox', { name: 'Target URL' })).toHaveValue(receiver.url);
  await edit.getByRole('combobox', { name: 'Authentication' }).click();
  await page.getByRole('option', { name: 'Authorization header' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(
    edit.getByRole('textbox', { name: 'Authorization scheme' }),
  ).toHaveAccessibleDescription('This value should not be blank.');
  await edit.getByRole('textbox', { name: 'Authorization scheme' }).fill('Bearer');
  await edit.getByRole('textbox', { name: 'Token' }).fill(`token-${stamp}`);
  await edit.getByRole('combobox', { name: 'Business registries' }).click();
  await page.getByRole('option', { name: /^01234567890/ }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await expect(configurationRow(page, receiver.url)).toContainText('Authorization header');
  await expect(configurationRow(page, receiver.url)).toContainText('01234567890');

  // The token is write-only: the form shows a hint of it, and an empty field keeps it.
  await configurationRow(page, receiver.url).getByRole('button', { name: 'Edit' }).click();
  const again = page.getByRole('dialog', { name: 'Edit integration configuration' });
  const tokenField = again.getByRole('textbox', { name: 'Token' });
  await expect(tokenField).toHaveValue('');
  await expect(tokenField).toHaveAccessibleDescription(/^A token is saved \(••••.+\)\./);
  await expect(again).not.toContainText(`token-${stamp}`);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again).toBeHidden();

  // An event for this webhook: the invoice sent in beforeAll, sent to its webhooks on demand.
  const token = await apiToken(page, 'italy');
  const notify = await page.request.post(`/api/it/invoices/${invoiceUuid}/notify`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(notify.status()).toBe(202);
  await expect.poll(() => receiver.calls.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(receiver.calls[0]?.authorization).toBe(`Bearer token-${stamp}`);

  await configurationRow(page, receiver.url).getByRole('button', { name: 'Delivery log' }).click();
  await expect(page).toHaveURL(/dialogId=api-configuration-deliveries/);
  const log = page.getByRole('table', { name: 'Delivery log' });
  const delivered = log.getByRole('row').filter({ hasText: 'Delivered' });
  await expect(async () => {
    // The worker may still be recording the attempt: reload the dialog (it lives in the URL),
    // once the log has loaded (its code and rows come when it opens) and shows no delivery.
    await expect(log).toBeVisible({ timeout: 15_000 });
    await waitForIdle(page);
    if ((await delivered.count()) === 0) await page.reload();
    await expect(delivered.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(delivered.first()).toContainText('200');
  await expect(delivered.first()).toContainText('customer-invoice');
  await screenshot(page, 'api-configurations-delivery-log');

  const callsBefore = receiver.calls.length;
  await delivered.first().getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect.poll(() => receiver.calls.length, { timeout: 20_000 }).toBeGreaterThan(callsBefore);
  await expect(log.getByText('(replay)').first()).toBeVisible();

  // Replay of a window around now: every event first delivered in it goes out again. The pickers
  // take wall-clock times of the browser's zone (Europe/Rome here), typed as DD MM YYYY HH mm.
  const [from, to] = await page.evaluate(() => {
    const local = (offsetMinutes: number) => {
      const date = new Date(Date.now() + offsetMinutes * 60_000);
      const [day, time] = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
        .toISOString()
        .slice(0, 16)
        .split('T');
      const [year, month, dayOfMonth] = (day ?? '').split('-');
      return `${dayOfMonth}${month}${year}${(time ?? '').replace(':', '')}`;
    };
    return [local(-60), local(60)];
  });
  for (const [name, digits] of [
    ['From', from],
    ['To', to],
  ] as const) {
    await page
      .getByRole('group', { name, exact: true })
      .getByRole('spinbutton', { name: 'Day' })
      .click();
    await page.keyboard.type(digits ?? '');
  }
  await page.getByRole('button', { name: 'Replay period' }).click();
  await expect(page.getByText(/^Events queued again: [1-9]\d*$/)).toBeVisible();

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/dialogId=/);

  await configurationRow(page, receiver.url).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete integration configuration' });
  await expect(confirm).toContainText(receiver.url);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Configuration deleted')).toBeVisible();
  await expect(configurationRow(page, receiver.url)).toHaveCount(0);
});

test('integration page is for ROLE_CONFIG only', async ({ page }) => {
  // supplier-only has no ROLE_CONFIG: the page sends it home.
  await loginAs(page, 'supplier-only', { path: PAGE });
  await expect(page).not.toHaveURL(/api-configurations/);
});

test('integration screens in every language', async ({ page }) => {
  await loginAs(page, 'italy', { path: PAGE });
  const token = await apiToken(page, 'italy');
  const created = await page.request.post('/api/it/api-configurations', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      event: 'supplier-invoice',
      target_url: `https://hooks.example.com/${stamp.toLowerCase()}/supplier`,
      authentication_type: 'query',
      authentication_key: 'api_key',
      authentication_token: 'demo-token',
      business_registry_configurations: [{ fiscal_id: '09876543210' }],
    },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  await page.reload();
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'api-configurations-list');

  await page.goto(`${PAGE}?dialogId=api-configuration&dialog_uuid=${uuid}`);
  await waitForIdle(page);
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshotEveryLanguage(page, 'api-configurations-edit');

  await page.goto(`${PAGE}?dialogId=api-configuration-deliveries&dialog_uuid=${uuid}`);
  await waitForIdle(page);
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshotEveryLanguage(page, 'api-configurations-deliveries');

  const removed = await page.request.delete(`/api/it/api-configurations/${uuid}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(204);
});

test('dashboard yearly statistics after an official sample was sent', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/dashboard' });
  const statistics = page.getByRole('heading', { name: 'Yearly statistics' });
  await expect(statistics).toBeVisible();
  // The sample sent in beforeAll counts this year (at least: other journeys send too).
  await expect(async () => {
    await page.reload();
    const count = Number(await page.getByTestId('stats-customer-count').innerText());
    expect(count).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('stats-customer-cost')).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(page.getByRole('region', { name: 'Invoices per month' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Costs per month' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Notifications per month, by type' }),
  ).toBeVisible();

  // The year selector goes back to 2020 and keeps its choice in the URL.
  await page.getByRole('combobox', { name: 'Year' }).click();
  await expect(page.getByRole('option')).toHaveCount(new Date().getFullYear() - 2020 + 1);
  await page.getByRole('option', { name: '2020' }).click();
  await expect(page).toHaveURL(/statsYear=2020/);
  await expect(page.getByText('No invoices or notifications in this year.')).toBeVisible();
  await page.goto('/dashboard');
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'dashboard-yearly-statistics');
});

test('no yearly statistics without ROLE_SHOW_STATS', async ({ page }) => {
  // supplier-only holds no ROLE_SHOW_STATS: no yearly statistics on its dashboard.
  await loginAs(page, 'supplier-only', { path: '/dashboard' });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Yearly statistics' })).toHaveCount(0);
});

test('import a supplier invoice through the dialog', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/supplier-invoice' });
  // The list pages mount the dialog through their `importAction` slot (composed in app/).
  await page.getByRole('button', { name: 'Import invoice' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Import supplier invoice' });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Please upload invoice file')).toBeVisible();
  await expect(dialog.getByText('This field is required', { exact: true })).toHaveCount(2);
  await screenshot(page, 'invoice-import-supplier-errors');

  await dialog.getByLabel('Invoice file', { exact: true }).setInputFiles({
    name: SAMPLE,
    mimeType: 'application/xml',
    buffer: Buffer.from(sampleWithNumber(`${stamp}-IMP1`)),
  });
  await expect(dialog).toContainText(SAMPLE);
  await dialog.getByRole('textbox', { name: 'Invoice file name' }).fill(SAMPLE);
  await dialog.getByRole('textbox', { name: 'SDI id' }).fill(`77${Date.now() % 1_000_000}`);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialogId/);
  await expect(page.getByText('File imported')).toBeVisible();

  // Stored as a received invoice of this account.
  const token = await apiToken(page, 'italy');
  const received = await page.request.get('/api/it/invoices', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    params: { type: '1', invoiceNumber: `${stamp}-IMP1`, itemsPerPage: '30' },
  });
  expect(received.status()).toBe(200);
  const items = (await received.json()) as { uuid: string; type: number; marking: string }[];
  expect(items.some((item) => item.type === 1)).toBe(true);

  // The form opens through the URL (`?dialogId=import`), so every reload brings it back.
  await page.getByRole('button', { name: 'Import invoice' }).click();
  await expect(page).toHaveURL(/dialogId=import/);
  await screenshotEveryLanguage(page, 'invoice-import-supplier', async (reloaded) => {
    await expect(reloaded.getByRole('dialog')).toBeVisible();
  });
});

test('customer invoice import dialog: the notification rules', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/customer-invoice' });
  // The list pages mount the dialog through their `importAction` slot (composed in app/).
  await page.getByRole('button', { name: 'Import invoice' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Import customer invoice' });
  await dialog.getByRole('button', { name: 'Add notification' }).click();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Please upload invoice file')).toBeVisible();
  await expect(dialog.getByText('Please select notification type')).toBeVisible();
  await expect(dialog.getByText('Please upload notification file')).toBeVisible();
  await expect(
    dialog.getByText('This field is required when there is not any notification'),
  ).toHaveCount(2);
  await screenshot(page, 'invoice-import-customer-errors');

  // The form opens through the URL (`?dialogId=import`): a reload keeps it open, empty.
  await expect(page).toHaveURL(/dialogId=import/);
  await screenshotEveryLanguage(page, 'invoice-import-customer', async (reloaded) => {
    const reopened = reloaded.getByRole('dialog');
    await reopened.getByRole('button', { name: /Add notification|Aggiungi|Dodaj/ }).click();
    await reopened.locator('button[type="submit"]').click();
    await expect(reopened.locator('.Mui-error').first()).toBeVisible();
  });
});
