/**
 * Screenshots in it, en and pl of the Italian invoicing screens (spec italian-invoicing 2, account
 * spec 2.8, 2.10, 2.11) that the journeys do not already take in every language: the details
 * dialog's attachments, JSON and XML tabs, the supplier filters and details, the guided
 * simplified form, the supplier import's errors, the integration form's 422 and delivery log, and
 * the error page after a failed download. Each screen is checked before it is taken.
 *
 * Taken elsewhere in every language (not repeated here): lists and customer filters, info with an
 * NS, preservation, preview and actions tabs (it-invoices), new invoice and source, credit note,
 * fix (it-create-invoice), imports, integrations list/edit/deliveries, dashboard statistics
 * (it-integrations), not-found (shell). Drafts belong to it-drafts.
 */
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expect,
  loginAs,
  personaApi,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  sendInvoice,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';

// Three reloads per screen on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Unique per run, so the screens show our records whatever else the database holds. */
const stamp = runStamp('SC');
const attachmentName = 'condizioni-generali.pdf';

/** A small PDF, base64 as FatturaPA carries attachments. */
const attachmentPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

/** The official FPR01 sample, numbered for this run, with one attachment (Allegati). */
function sampleWithAttachment(number: string): string {
  const allegati = [
    '<Allegati>',
    `<NomeAttachment>${attachmentName}</NomeAttachment>`,
    '<FormatoAttachment>PDF</FormatoAttachment>',
    '<DescrizioneAttachment>Condizioni generali di vendita</DescrizioneAttachment>',
    `<Attachment>${attachmentPdf}</Attachment>`,
    '</Allegati>',
  ].join('');
  return sampleXml(standardSample, { number }).replace(
    '</FatturaElettronicaBody>',
    `${allegati}</FatturaElettronicaBody>`,
  );
}

const data = { customer: '', supplier: '', configuration: '' };
let receiver: Server;

test.beforeAll(async () => {
  // A webhook receiver on the loopback address, so the delivery log has a delivered row.
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;

  const italy = await personaApi('italy');
  const { api, headers } = italy;

  data.customer = await sendInvoice(italy, sampleWithAttachment(`${stamp}-1`));

  const arrived = await api.post('/api/it/simulate/supplier-invoice', { headers, data: {} });
  expect(arrived.status(), await arrived.text()).toBe(202);
  data.supplier = ((await arrived.json()) as { uuid: string }).uuid;

  const configured = await api.post('/api/it/api-configurations', {
    headers,
    data: {
      event: 'supplier-invoice',
      target_url: `http://127.0.0.1:${port}/fiscus-hook-${stamp.toLowerCase()}`,
      authentication_type: 'none',
    },
  });
  expect(configured.status(), await configured.text()).toBe(201);
  data.configuration = ((await configured.json()) as { uuid: string }).uuid;
  const notified = await api.post(`/api/it/invoices/${data.supplier}/notify`, { headers });
  expect(notified.status(), await notified.text()).toBe(202);
  await expect
    .poll(
      async () => {
        const log = await api.get(`/api/it/api-configurations/${data.configuration}/deliveries`, {
          headers: { ...headers, Accept: 'application/json' },
        });
        return ((await log.json()) as { status: string }[]).map((entry) => entry.status);
      },
      { timeout: 20_000 },
    )
    .toContain('delivered');

  // SDI's sandbox answers through the job queue: the list shows a settled marking.
  await expect
    .poll(
      async () => {
        const record = await api.get(`/api/it/invoices/${data.customer}`, {
          headers: { ...headers, Accept: 'application/json' },
        });
        return ((await record.json()) as { marking: string }).marking;
      },
      { timeout: 30_000 },
    )
    .toBe('delivered');
  await italy.dispose();
});

test.afterAll(async () => {
  // Later notifications of the shared account must not go to a receiver that is gone.
  const italy = await personaApi('italy');
  await italy.api.delete(`/api/it/api-configurations/${data.configuration}`, {
    headers: italy.headers,
  });
  await italy.dispose();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Every date, so the screens find our records whatever their invoice dates. */
const ANY_DATE = 'invoiceDate[after]=&invoiceDate[before]=';

function dialogUrl(list: 'customer' | 'supplier', uuid: string, tab: string): string {
  return `/${list}-invoice?${ANY_DATE}&dialogId=invoice&dialog_uuid=${uuid}&dialog_tab=${tab}`;
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^(Filters|Filtri|Filtry)/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Button names in the three languages (a reload in another language must find them again). */
const importInvoice = /^(Import invoice|Importa fattura|Importuj fakturę)$/;
const newInvoice = /^(New invoice|Nuova fattura|Nowa faktura)$/;

test('invoice details: attachments, JSON, XML; supplier filters and details', async ({ page }) => {
  await loginAs(page, 'italy', { path: dialogUrl('customer', data.customer, 'attachments') });
  const dialog = page.getByRole('dialog');
  const attachments = dialog.getByRole('list', { name: 'Attachments' });
  await expect(attachments).toContainText(attachmentName);
  await expect(attachments).toContainText('Condizioni generali di vendita');
  await screenshotEveryLanguage(page, 'it-invoices-dialog-attachments');

  await dialog.getByRole('tab', { name: 'JSON' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText('"fattura_elettronica_header"');
  await expect(dialog.getByRole('tabpanel')).toContainText(`${stamp}-1`);
  await screenshotEveryLanguage(page, 'it-invoices-dialog-json');

  await dialog.getByRole('tab', { name: 'XML' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText('FatturaElettronica');
  await expect(dialog.getByRole('tabpanel')).toContainText(`${stamp}-1`);
  await screenshotEveryLanguage(page, 'it-invoices-dialog-xml');

  await page.goto(`/supplier-invoice?${ANY_DATE}&uuid=${data.supplier}`);
  await waitForIdle(page);
  await openFilters(page);
  await expect(page.getByRole('textbox', { name: 'UUID' })).toHaveValue(data.supplier);
  await expect(
    page
      .getByRole('table', { name: 'Supplier invoices' })
      .getByRole('row')
      .filter({
        has: page.getByRole('cell'),
      }),
  ).toHaveCount(1);
  await screenshotEveryLanguage(page, 'it-invoices-supplier-filters', openFilters);

  await page.goto(dialogUrl('supplier', data.supplier, 'info'));
  await waitForIdle(page);
  await expect(dialog).toContainText('Supplier invoice');
  await expect(dialog.getByText('Received').first()).toBeVisible();
  // A received invoice has no credit note and no fix.
  await expect(dialog.getByRole('button', { name: 'Credit note' })).toHaveCount(0);
  await screenshotEveryLanguage(page, 'it-invoices-supplier-dialog-info');
});

test('new invoice dialog: the guided simplified form', async ({ page }) => {
  // The form opens through the URL (`?dialogId=new`): a reload keeps it open, not its variant.
  const openSimplified = async (reloaded: Page) => {
    const dialog = reloaded.getByRole('dialog');
    await dialog.locator('input[type="radio"][value="simplified"]').check();
    await waitForIdle(reloaded);
    // Below the header sections: the goods/services entries that make the layout simplified.
    // (in every language: the first group that is not a date picker's field).
    await dialog
      .locator('[role="group"]:not(.MuiPickersInputBase-root)')
      .first()
      .scrollIntoViewIfNeeded();
  };
  await loginAs(page, 'italy', { path: '/customer-invoice' });
  await page.getByRole('button', { name: newInvoice }).click();
  await expect(page).toHaveURL(/dialogId=new/);
  await openSimplified(page);
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await expect(dialog.getByRole('radio', { name: 'Simplified' })).toBeChecked();
  // The simplified layout: header sections, then goods/services entries instead of lines.
  await expect(dialog.getByRole('region', { name: 'Supplier' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: /^Goods or service \d+$/ })).toHaveCount(1);
  await expect(dialog.getByRole('group', { name: 'Line 1' })).toHaveCount(0);
  await screenshotEveryLanguage(page, 'it-new-invoice-simplified', openSimplified);
});

test('supplier invoice import: the required fields', async ({ page }) => {
  // The form opens through the URL (`?dialogId=import`): a reload keeps it open, empty.
  const submitEmpty = async (reloaded: Page) => {
    const dialog = reloaded.getByRole('dialog');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator('.Mui-error').first()).toBeVisible();
  };
  await loginAs(page, 'italy', { path: '/supplier-invoice' });
  await page.getByRole('button', { name: importInvoice }).click({ timeout: 15_000 });
  await expect(page).toHaveURL(/dialogId=import/);
  await submitEmpty(page);
  const dialog = page.getByRole('dialog', { name: 'Import supplier invoice' });
  await expect(dialog.getByText('Please upload invoice file')).toBeVisible();
  await expect(dialog.getByText('This field is required', { exact: true })).toHaveCount(2);
  await screenshotEveryLanguage(page, 'invoice-import-supplier-errors', submitEmpty);
});

test('integrations: the server refusing a target URL, and the delivery log', async ({ page }) => {
  // The form's address reopens it empty: pick an event, give a URL the server refuses, save.
  const refusedUrl = async (reloaded: Page) => {
    const dialog = reloaded.getByRole('dialog');
    await dialog.getByRole('combobox').first().click();
    await reloaded.getByRole('option', { name: /^customer-invoice/ }).click();
    await dialog.locator('input[name="target_url"]').fill('ftp://hooks.example.test/x');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.getByRole('alert')).toBeVisible();
  };
  await loginAs(page, 'italy', {
    path: '/api-configurations?dialogId=api-configuration&dialog_uuid=new',
  });
  await refusedUrl(page);
  const form = page.getByRole('dialog', { name: 'New integration configuration' });
  await expect(form.getByRole('alert')).toContainText('Target URL: This value is not a valid URL.');
  await screenshotEveryLanguage(page, 'api-configurations-validation-error', refusedUrl);

  await page.goto(
    `/api-configurations?dialogId=api-configuration-deliveries&dialog_uuid=${data.configuration}`,
  );
  await waitForIdle(page);
  const log = page.getByRole('table', { name: 'Delivery log' });
  const delivered = log.getByRole('row').filter({ hasText: 'Delivered' });
  await expect(delivered.first()).toContainText('supplier-invoice');
  await expect(delivered.first()).toContainText('200');
  await screenshotEveryLanguage(page, 'api-configurations-delivery-log');
});

test('the error page after an invoice file could not be downloaded', async ({ page }) => {
  // The countdown leaves after 5 seconds: each language is taken as soon as the page shows.
  const countdown = async (reloaded: Page) => {
    await expect(reloaded.getByRole('timer')).toBeVisible();
  };
  await loginAs(page, 'italy', {
    path: '/customer-invoice/00000000-0000-4000-8000-000000000000/download-pdf',
  });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/\d/);
  await screenshotEveryLanguage(page, 'it-invoice-download-error', countdown);
});
