/**
 * Italian invoice lists and the invoice details dialog against the real server: official
 * samples sent through the API, the list with its markings and filters, the dialog reopened from
 * its URL (notifications, an NS after a simulated rejection), zip and CSV downloads opened,
 * downloaded flags, the file download routes and the role rules. Screenshots in it, en and pl.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  expect,
  loginAs,
  markingOf,
  personaApi,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  sendInvoice,
  test,
  waitForIdle,
} from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Unique per run: the samples get their own numbers and customer names (no duplicates). */
const stamp = runStamp('E2E');
const customerName = `CLIENTE ${stamp}`;

interface SentSample {
  file: string;
  number: string;
  uuid: string;
}

const sent: SentSample[] = [
  { file: 'v1.2.2/IT01234567890_FPR01.xml', number: `${stamp}-1`, uuid: '' },
  { file: 'v1.2.2/IT01234567890_FPA01.xml', number: `${stamp}-2`, uuid: '' },
  { file: 'v1.2.2/IT01234567890_FPA02.xml', number: `${stamp}-3`, uuid: '' },
];

/**
 * SDI answers a file once (RC, MC or NS) and never rejects a file it delivered: the rejection is
 * rehearsed on an invoice to HOLD001, which the sandbox's SDI holds (sent) until an outcome is
 * scripted. Its own customer name keeps it out of the three samples' list.
 */
const heldStamp = runStamp('HLD');
const held: SentSample = {
  file: 'v1.2.2/IT01234567890_FPR01.xml',
  number: `${heldStamp}-1`,
  uuid: '',
};

test.beforeAll(async () => {
  const italy = await personaApi('italy');
  for (const sample of sent) {
    sample.uuid = await sendInvoice(
      italy,
      sampleXml(sample.file, { number: sample.number, customerName }),
    );
  }
  held.uuid = await sendInvoice(
    italy,
    sampleXml(held.file, {
      number: held.number,
      customerName: `CLIENTE ${heldStamp}`,
      recipientCode: 'HOLD001',
    }),
  );
  await expect.poll(() => markingOf(italy, held.uuid), { timeout: 30_000 }).toBe('sent');
  // SDI's sandbox answers through the job queue: wait until every invoice is delivered.
  await expect
    .poll(
      async () => {
        const list = await italy.api.get(
          `/api/it/invoices?type=0&recipient.businessName=${encodeURIComponent(stamp)}`,
          { headers: { ...italy.headers, Accept: 'application/json' } },
        );
        const items = (await list.json()) as { marking: string }[];
        return items.map((item) => item.marking).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(['delivered', 'delivered-pa', 'delivered-pa']);
  await italy.dispose();
});

/** The customer invoices to a customer whose name holds `name`, whatever their dates. */
const listOf = (name: string) =>
  `/customer-invoice?invoiceDate[after]=&invoiceDate[before]=&recipient.businessName=${encodeURIComponent(name)}`;

/** Our three invoices, whatever their dates, and nothing else of the shared database. */
const LIST = listOf(stamp);

function rows(page: Page, table = 'Customer invoices') {
  return page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^(Filters|Filtri|Filtry)/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

async function search(page: Page) {
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForIdle(page);
}

/** A status badge (marking, notification type) by its exact text. */
function badge(scope: Locator, text: string) {
  return scope.locator('[data-color]').filter({ hasText: new RegExp(`^${text}$`) });
}

function dialogUrl(uuid: string, tab: string): string {
  return `${LIST}&dialogId=invoice&dialog_uuid=${uuid}&dialog_tab=${tab}`;
}

/** Entry names of a zip, read from its central directory (no zip library needed). */
function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

test('the customer list shows the sent invoices with their markings', async ({ page }) => {
  await loginAs(page, 'italy', { path: LIST });
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  for (const sample of sent) {
    await expect(rows(page).filter({ hasText: sample.number })).toHaveCount(1);
  }
  await expect(rows(page).filter({ hasText: `${stamp}-1` })).toContainText('Delivered');
  await expect(rows(page).filter({ hasText: `${stamp}-2` })).toContainText('Delivered to PA');
  await expect(badge(rows(page), 'Delivered')).toHaveAttribute('data-color', 'success');

  // Ordering by invoice number goes into the URL and the API.
  await page.getByRole('button', { name: 'Invoice number' }).click();
  await waitForIdle(page);
  expect(new URL(page.url()).searchParams.get('order[invoiceNumber]')).toBe('asc');
  await expect(rows(page).first()).toContainText(`${stamp}-1`);
  await page.getByRole('button', { name: 'Invoice number' }).click();
  await waitForIdle(page);
  await expect(rows(page).first()).toContainText(`${stamp}-3`);

  await page.goto(LIST);
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'it-invoices-customer-list');
});

test('filters: default window, invoice number needs a date, uuid disables the rest', async ({
  page,
}) => {
  // Default: invoice dates of the last month only; the samples are from 2014 and 2017.
  await loginAs(page, 'italy', {
    path: `/customer-invoice?recipient.businessName=${encodeURIComponent(stamp)}`,
  });
  await expect(page.getByText('No records found')).toBeVisible();

  await page.goto(LIST);
  await waitForIdle(page);
  await openFilters(page);
  // No invoice date applied: the invoice number cannot be used.
  await expect(page.getByRole('textbox', { name: 'Invoice number' })).toBeDisabled();

  await page.goto(
    `${LIST.replace('invoiceDate[after]=&invoiceDate[before]=', 'invoiceDate[after]=2014-01-01T00:00:00%2B01:00&invoiceDate[before]=2017-12-31T23:59:59%2B01:00')}`,
  );
  await waitForIdle(page);
  await expect(rows(page)).toHaveCount(3);
  await openFilters(page);
  const number = page.getByRole('textbox', { name: 'Invoice number' });
  await expect(number).toBeEnabled();
  await number.fill(`${stamp}-2`);
  await search(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`${stamp}-2`);

  // Yes/no filters send 1 / 0: none of ours goes to a public administration but FPR01.
  await page.getByRole('textbox', { name: 'Invoice number' }).fill('');
  await page.getByRole('combobox', { name: 'To public administration' }).click();
  await page.getByRole('option', { name: 'No' }).click();
  await search(page);
  expect(new URL(page.url()).searchParams.get('toPa')).toBe('0');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`${stamp}-1`);

  // Marking multi-select.
  await page.getByRole('combobox', { name: 'To public administration' }).click();
  await page.getByRole('option', { name: 'Any' }).click();
  await page.getByRole('combobox', { name: 'Marking' }).click();
  await page.getByRole('option', { name: 'Delivered to PA' }).click();
  await page.keyboard.press('Escape');
  await search(page);
  await expect(rows(page)).toHaveCount(2);

  // A uuid fetches that one invoice and disables every other filter.
  const first = sent[0];
  if (!first) throw new Error('no sample');
  await page.getByRole('textbox', { name: 'UUID' }).fill(first.uuid);
  await search(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(first.number);
  await expect(page.getByRole('textbox', { name: 'Invoice number' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Sender business name' })).toBeDisabled();
  await screenshotEveryLanguage(page, 'it-invoices-customer-filters', openFilters);

  // A malformed uuid is simply "no results".
  await page.getByRole('textbox', { name: 'UUID' }).fill('not-a-uuid');
  await search(page);
  await expect(page.getByText('No records found')).toBeVisible();
});

test('the details dialog reopens from its URL and shows an NS after a simulated rejection', async ({
  page,
}) => {
  const delivered = sent[0];
  if (!delivered) throw new Error('no sample');
  await loginAs(page, 'italy', { path: LIST });
  await rows(page).filter({ hasText: delivered.number }).getByRole('link').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Customer invoice ${delivered.number}`);
  expect(new URL(page.url()).searchParams.get('dialog_uuid')).toBe(delivered.uuid);
  await expect(dialog.getByRole('list', { name: 'Notifications' })).toContainText(
    'Delivery receipt',
  );
  await expect(badge(dialog, 'RC')).toHaveAttribute('data-color', 'green');

  // Back closes the dialog.
  await page.goBack();
  await expect(dialog).toHaveCount(0);

  // Actions of a delivered invoice: SDI sends nothing more, so no outcome is offered, and the
  // tab says why and how to rehearse a rejection.
  await page.goto(dialogUrl(delivered.uuid, 'actions'));
  await waitForIdle(page);
  await expect(dialog.getByRole('tab', { name: 'Actions' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('button', { name: 'Rejection (NS)' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Delivered (RC)' })).toBeDisabled();
  await expect(dialog.getByRole('list', { name: 'Not possible now:' })).toContainText(
    'SDI already answered this file (RC)',
  );
  await expect(dialog.getByRole('list', { name: 'Not possible now:' })).toContainText('HOLD001');

  // The invoice SDI holds: its first answer only. Rehearse a rejection with a chosen SDI code.
  const target = held;
  await page.goto(dialogUrl(target.uuid, 'actions'));
  await waitForIdle(page);
  await expect(dialog.getByRole('button', { name: 'Rejection (NS)' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Terms expired (DT)' })).toBeDisabled();
  await screenshotEveryLanguage(page, 'it-invoices-dialog-actions');
  await dialog.getByRole('combobox', { name: 'NS error code' }).fill('00305');
  await dialog.getByRole('button', { name: 'Rejection (NS)' }).click();
  await expect(page.getByText('SDI outcome simulated')).toBeVisible({ timeout: 20_000 });

  // Reopened from its URL on info: the NS and its errors, the rejected marking, the fix link.
  await page.goto(dialogUrl(target.uuid, 'info'));
  await waitForIdle(page);
  await expect(badge(dialog, 'NS')).toHaveAttribute('data-color', 'error');
  const errors = dialog.getByRole('table', { name: 'Validation errors' });
  await expect(errors).toContainText('Codice');
  await expect(errors).toContainText('Suggerimento');
  await expect(errors).toContainText('00305');
  await expect(dialog.getByText('Rejected').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Fix invoice' })).toHaveAttribute(
    'href',
    `/customer-invoice/${target.uuid}/fix`,
  );
  // The notifications sit below the fields: scroll them into the picture.
  await screenshotEveryLanguage(page, 'it-invoices-dialog-info', async (reopened) => {
    await reopened.getByRole('dialog').getByRole('table').last().scrollIntoViewIfNeeded();
  });

  // A notification's XML downloads.
  const [notificationXml] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'XML' }).last().click(),
  ]);
  expect(notificationXml.suggestedFilename()).toMatch(/_NS_\d+\.xml$/);
  expect(readFileSync(await notificationXml.path(), 'utf8')).toContain('NotificaScarto');

  // The list follows: marking rejected, and the "rejected, to fix" filter finds it.
  await page.goto(`${listOf(heldStamp)}&rejectedToFix=1`);
  await waitForIdle(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Rejected');
});

test('the other tabs: json, xml, preview, preservation', async ({ page }) => {
  const target = sent[1];
  if (!target) throw new Error('no sample');
  await loginAs(page, 'italy', { path: dialogUrl(target.uuid, 'json') });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tabpanel')).toContainText('"fattura_elettronica_header"');
  await dialog.getByRole('tab', { name: 'XML' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText('FatturaElettronica');
  await dialog.getByRole('tab', { name: 'Preview' }).click();
  const frame = dialog.locator('iframe[title="Invoice preview"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame.contentFrame().locator('body')).toContainText(target.number);
  await screenshotEveryLanguage(page, 'it-invoices-dialog-preview');

  await dialog.getByRole('tab', { name: 'Preservation' }).click();
  await expect(dialog).toContainText('has not been sent to preservation');
  await dialog.getByRole('button', { name: 'Send to preservation' }).click();
  await expect(page.getByText('Invoice to preservation succeeded')).toBeVisible();
  await expect(dialog).toContainText('KB');
  await screenshotEveryLanguage(page, 'it-invoices-dialog-preservation');

  await dialog.getByRole('tab', { name: 'Attachments' }).click();
  await expect(dialog).toContainText('This invoice has no attachments.');

  // An invoice that is not ours (or no longer exists): the dialog says so.
  await page.goto(dialogUrl('00000000-0000-4000-8000-000000000000', 'info'));
  await expect(page.getByRole('dialog')).toContainText('Something went wrong');
});

test('zip and CSV of the page are saved and opened; downloaded flags', async ({ page }) => {
  await loginAs(page, 'italy', { path: LIST });
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const [zipDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Zip of this page: XML files' }).click(),
  ]);
  expect(zipDownload.suggestedFilename()).toBe('customer_invoices_1.zip');
  const zip = readFileSync(await zipDownload.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  const names = zipEntryNames(zip);
  expect(names).toContain('index.csv');
  for (const sample of sent) {
    expect(names.some((name) => name.includes(sample.uuid) && name.endsWith('.xml'))).toBe(true);
  }

  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV report' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('report_1.csv');
  const csv = readFileSync(await csvDownload.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('uuid');
  for (const sample of sent) expect(csv).toContain(sample.number);

  // Nothing selected: a warning, no call.
  await page.getByRole('button', { name: 'Set as downloaded' }).click();
  await expect(page.getByText('Nothing selected')).toBeVisible();

  const first = sent[0];
  if (!first) throw new Error('no sample');
  await page.getByRole('checkbox', { name: `Select ${first.uuid}` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Set as downloaded' }).click();
  await expect(page.getByText('Invoices set as downloaded')).toBeVisible();
  await expect(page.getByText('1 selected')).toHaveCount(0);
  await expect(rows(page).filter({ hasText: first.number })).toContainText('Yes');

  await page.goto(`${LIST}&downloaded=1`);
  await waitForIdle(page);
  await expect(rows(page)).toHaveCount(1);
});

test('download routes save the file and open the dialog; a failure shows the error page', async ({
  page,
}) => {
  const target = sent[2];
  if (!target) throw new Error('no sample');
  await loginAs(page, 'italy', { path: LIST });
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.goto(`/customer-invoice/${target.uuid}/download-pdf`),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expect(page).toHaveURL(/\/customer-invoice\?.*dialogId=invoice/);
  // The list and then the dialog's own code load after the download: a loaded runner is slow.
  await expect(page.getByRole('dialog')).toContainText(target.number, { timeout: 30_000 });
  // Closing a dialog that was opened by address removes all of its keys, the tab included.
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(new URL(page.url()).search).not.toContain('dialog');

  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    page.goto(`/customer-invoice/${target.uuid}/download-xml`),
  ]);
  expect(readFileSync(await xml.path(), 'utf8')).toContain(target.number);

  await page.goto('/customer-invoice/00000000-0000-4000-8000-000000000000/download-xml');
  await expect(page.getByRole('timer')).toBeVisible();
  // After the 5-second countdown the error page returns to the customer invoices.
  await expect(page).toHaveURL(/\/customer-invoice(\?.*)?$/, { timeout: 10_000 });
});

test('role rules: supplier-only and customer-only are sent home', async ({ page }) => {
  await loginAs(page, 'supplier-only', { path: '/customer-invoice' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/supplier-invoice');
  await waitForIdle(page);
  await expect(page.getByRole('heading', { name: 'Supplier invoices' })).toBeVisible();

  await loginAs(page, 'customer-only', { path: '/supplier-invoice' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/customer-invoice');
  await waitForIdle(page);
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toBeVisible();
});

test('the supplier list of a business that received an invoice', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/supplier-invoice' });
  const token = await page.evaluate(() => window.localStorage.getItem('fiscus.token'));
  const arrived = await page.request.post('/api/it/simulate/supplier-invoice', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: {},
  });
  expect(arrived.status()).toBe(202);
  const { uuid } = (await arrived.json()) as { uuid: string };
  await page.goto(`/supplier-invoice?invoiceDate[after]=&invoiceDate[before]=&uuid=${uuid}`);
  await waitForIdle(page);
  await expect(rows(page, 'Supplier invoices')).toHaveCount(1);
  await expect(rows(page, 'Supplier invoices')).toContainText('Received');
  await screenshotEveryLanguage(page, 'it-invoices-supplier-list');
});
