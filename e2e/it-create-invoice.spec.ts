/**
 * Creating invoices from the customer list: the guided standard form with two lines reaching
 * `delivered`, a simplified invoice uploaded as XML, a rejected invoice fixed and resent, and a
 * credit note of a sent invoice.
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  loginAs,
  markingOf,
  type PersonaApi,
  personaApi,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  sendInvoice,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Unique per run, so SDI's duplicate check (00404) only fires where the test wants it. */
const stamp = runStamp('NI');
const today = new Date().toISOString().slice(0, 10);

/**
 * An official sample, made unique by its number and dated today. Its VAT number 01234567890
 * and the customer's 09876543210 have wrong check digits, which the form flags: fixed here.
 */
const sample = (path: string, number: string) =>
  sampleXml(path, { number, date: today, validVatNumbers: true });

let italy: PersonaApi;
test.beforeAll(async () => {
  italy = await personaApi('italy');
});
test.afterAll(() => italy.dispose());

const box = (scope: Locator | Page, label: RegExp) => scope.getByRole('textbox', { name: label });
const region = (scope: Locator, name: string) => scope.getByRole('region', { name });

/**
 * Toasts sit bottom-right, over the sticky submit bar of the full-page form, and hovering one
 * pauses it: move the pointer away and let them go before clicking there.
 */
async function clickPastToasts(page: Page, button: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('.notistack-MuiContent')).toHaveCount(0, { timeout: 20_000 });
  await button.click();
}

/** Reads the uuid out of the 'Invoice created: …' toast. */
async function createdUuid(page: Page): Promise<string> {
  const toast = page.getByText(/^Invoice created: [0-9a-f-]{36}$/);
  await expect(toast).toBeVisible();
  return ((await toast.textContent()) ?? '').replace('Invoice created: ', '');
}

test('a standard invoice with two lines is validated, sent and delivered', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/customer-invoice' });
  await page.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await expect(dialog.getByRole('tab', { name: 'Create invoice', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const transmission = region(dialog, 'Transmission data');
  await box(transmission, /^Recipient code/).fill('ABC1234');
  // FatturaPA's schema requires ProgressivoInvio; the form fills it in and keeps it among the
  // optional fields, folded (a value the console filled in does not open them).
  await transmission.getByRole('button', { name: 'More fields' }).click();
  await box(transmission, /^Transmission number/).fill(stamp.slice(-10));
  // ALPHA SRL's valid VAT number (the demo profile's, prefilled), typed as a user would.
  const supplier = region(dialog, 'Supplier');
  await box(supplier, /^VAT number/).fill('01234567897');
  await box(supplier, /^Fiscal code/).fill('01234567897');
  const customer = region(dialog, 'Customer');
  await box(customer, /^VAT number/).fill('09876543217');
  await box(customer, /^Company name/).fill(`CLIENTE ${stamp}`);
  await box(customer, /^Address/).fill('via torino 38');
  await box(customer, /^Postal code/).fill('00145');
  await box(customer, /^City/).fill('Roma');
  await box(customer, /^Province/).fill('RM');
  await box(region(dialog, 'Document data'), /^Number/).fill(`${stamp}-1`);

  const line = (number: number) => dialog.getByRole('group', { name: `Line ${number}` });
  await box(line(1), /^Description/).fill('Consulenza');
  await box(line(1), /^Unit price/).fill('100');
  await dialog.getByRole('button', { name: 'Add Line' }).click();
  await box(line(2), /^Description/).fill('Trasferta');
  await box(line(2), /^Quantity/).fill('2');
  await box(line(2), /^Unit price/).fill('25,5');
  await box(line(2), /^VAT rate/).fill('10');
  await box(line(2), /^VAT rate/).blur();

  await expect(box(line(1), /^Total price/)).toHaveValue('100.00');
  await expect(box(line(2), /^Total price/)).toHaveValue('51.00');
  await expect(dialog.getByText('Document total: €178.10')).toBeVisible();
  await box(dialog.getByRole('group', { name: 'Payment detail 1' }), /^Payment amount/).fill(
    '178.10',
  );

  // One button: 'validate schema' until the server accepts the form, then 'submit'; any change
  // turns it back into 'validate schema'.
  const validate = dialog.getByRole('button', { name: 'Validate schema' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toHaveCount(0);
  await validate.click();
  await expect(page.getByText('Invoice valid', { exact: true })).toBeVisible();
  await expect(validate).toHaveCount(0);
  await box(line(1), /^Description/).fill('Consulenza IT');
  await expect(submit).toHaveCount(0);
  await validate.click();
  await submit.click();
  const uuid = await createdUuid(page);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialogId/);

  // The list refreshes by itself; SDI's sandbox delivers through the job queue.
  const row = page.getByRole('row').filter({ hasText: `${stamp}-1` });
  await expect(row).toBeVisible();
  await expect.poll(() => markingOf(italy, uuid), { timeout: 30_000 }).toBe('delivered');
  await page.reload();
  await waitForIdle(page);
  await expect(row).toContainText(/delivered/i);

  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'New invoice' })).toBeVisible();
  // The form opens through the URL (`?dialogId=new`), so every reload brings it back.
  await expect(page).toHaveURL(/dialogId=new/);
  await screenshotEveryLanguage(page, 'it-new-invoice-dialog', async (reloaded) => {
    await expect(reloaded.getByRole('dialog')).toBeVisible();
    await waitForIdle(reloaded);
  });
});

test('a simplified invoice uploaded as XML is validated and sent', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/customer-invoice' });
  await page.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  await dialog.getByRole('radio', { name: /simplified/i }).check();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'IT01234567890_FSM10.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(sample('semplificata/IT01234567890_FSM10.xml', `${stamp}-S`)),
  });
  await expect(dialog.getByRole('radio', { name: /^XML/i })).toBeChecked();
  await dialog.getByRole('button', { name: 'Validate schema' }).click();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeEnabled();
  // A reload keeps the form open (`?dialogId=new`) but not its tab.
  await screenshotEveryLanguage(page, 'it-new-invoice-source', async (reloaded) => {
    await reloaded.getByRole('tab').nth(1).click();
    await waitForIdle(reloaded);
  });
  await page.getByRole('tab', { name: 'Create invoice from source' }).click();
  await page.getByRole('radio', { name: /simplified/i }).check();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'IT01234567890_FSM10.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(sample('semplificata/IT01234567890_FSM10.xml', `${stamp}-S`)),
  });
  await page.getByRole('button', { name: 'Validate schema' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const uuid = await createdUuid(page);
  await expect.poll(() => markingOf(italy, uuid), { timeout: 30_000 }).toBe('delivered');
  await expect(page.getByRole('row').filter({ hasText: `${stamp}-S` })).toBeVisible();
});

test('a rejected invoice is fixed with a new number and delivered', async ({ page }) => {
  // The same file twice: SDI's sandbox rejects the second as a duplicate (NS 00404).
  const xml = sample(standardSample, `${stamp}-D`);
  const uuids: string[] = [];
  for (let attempt = 0; attempt < 2; attempt += 1) {
    uuids.push(await sendInvoice(italy, xml));
    await expect
      .poll(() => markingOf(italy, uuids[attempt] ?? ''), { timeout: 30_000 })
      .not.toBe('waiting');
  }
  const rejected = uuids[1] ?? '';
  await expect.poll(() => markingOf(italy, rejected), { timeout: 30_000 }).toBe('rejected');

  await loginAs(page, 'italy', { path: `/customer-invoice/${rejected}/fix` });
  await expect(page.getByRole('heading', { name: `Fix invoice ${stamp}-D` })).toBeVisible();
  await screenshotEveryLanguage(page, 'it-fix-invoice');
  const submit = page.getByRole('button', { name: 'Submit' });
  // Resending the rejected content unchanged is refused.
  await page.getByRole('button', { name: 'Validate schema' }).click();
  await clickPastToasts(page, submit);
  await expect(page.getByText(/identical to the original/).first()).toBeVisible();

  const form = page.getByRole('form').first();
  await box(region(form, 'Document data'), /^Number/).fill(`${stamp}-F`);
  await clickPastToasts(page, page.getByRole('button', { name: 'Validate schema' }));
  await clickPastToasts(page, submit);
  const fixed = await createdUuid(page);
  await expect(page).toHaveURL(/\/customer-invoice(\?[^/]*)?$/);
  await expect.poll(() => markingOf(italy, fixed), { timeout: 30_000 }).toBe('delivered');
  const record = await italy.api.get(`/api/it/invoices/${fixed}`, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  expect(((await record.json()) as { fix_of_uuid: string }).fix_of_uuid).toBe(rejected);
});

test('the fix screen sends an invoice that is not rejected back to the list', async ({ page }) => {
  const uuid = await sendInvoice(italy, sample(standardSample, `${stamp}-N`));
  await loginAs(page, 'italy', { path: `/customer-invoice/${uuid}/fix` });
  await expect(page).toHaveURL(/\/customer-invoice(\?[^/]*)?$/);
});

test('a credit note copies a sent invoice with the document type locked to TD04', async ({
  page,
}) => {
  const uuid = await sendInvoice(italy, sample(standardSample, `${stamp}-C`));

  // From the invoice's details dialog, as a user would.
  await loginAs(page, 'italy', {
    path: `/customer-invoice?dialogId=invoice&dialog_uuid=${uuid}&dialog_tab=info`,
  });
  await page.getByRole('button', { name: 'Credit note' }).click();
  await expect(page).toHaveURL(new RegExp(`creditNote=${uuid}`));
  const dialog = page.getByRole('dialog', { name: `Credit note for invoice ${stamp}-C` });
  await expect(dialog).toBeVisible();
  const documentType = dialog.getByRole('combobox', { name: /^Document type/ });
  await expect(documentType).toHaveText(/TD04/);
  await expect(documentType).toHaveAttribute('aria-disabled', 'true');
  await screenshotEveryLanguage(page, 'it-credit-note-dialog', async (reloaded) => {
    await expect(reloaded.getByRole('dialog')).toBeVisible();
    await waitForIdle(reloaded);
  });
  await box(region(dialog, 'Document data'), /^Number/).fill(`${stamp}-NC`);
  await dialog.getByRole('button', { name: 'Validate schema' }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const creditNote = await createdUuid(page);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/creditNote=/);
  const record = await italy.api.get(`/api/it/invoices/${creditNote}`, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  expect(((await record.json()) as { document_type: string }).document_type).toBe('TD04');
});
