/**
 * The invoice form with the keyboard, and the 'create invoice from source' tab (issue 20): a
 * sensible Tab order from the invoice number to 'Validate schema' with Ctrl+Enter as the short
 * way there, XML pasted in the source tab read back into the form (unreadable XML kept, with a
 * notice), the form's invoice shown as FatturaPA XML when XML is picked (an edit there read back),
 * and an uploaded FSM10 file switching the source type to simplified (FPR12 back).
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  loginAs,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';

test.describe.configure({ timeout: 120_000 });

const stamp = runStamp('KY');
const today = new Date().toISOString().slice(0, 10);
const simplifiedSample = 'semplificata/IT01234567890_FSM10.xml';

/** What the focused element is, as a keyboard user hears it: its label or its text. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelledBy = element.getAttribute('aria-labelledby')?.split(' ')[0];
    const input = element as HTMLInputElement;
    const label =
      (labelledBy ? document.getElementById(labelledBy)?.textContent : undefined) ??
      element.getAttribute('aria-label') ??
      input.labels?.[0]?.textContent ??
      element.textContent ??
      '';
    return label
      .replace(/\s+/g, ' ')
      .replace(/\s*\*$/, '')
      .trim();
  });
}

/** The stops of the Tab key from the focused element until `last` (or `limit` presses). */
async function tabStops(page: Page, last: string, limit = 60): Promise<string[]> {
  const stops = [await focused(page)];
  while (stops[stops.length - 1] !== last && stops.length <= limit) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  return stops;
}

async function openNewInvoice(page: Page): Promise<Locator> {
  await loginAs(page, 'italy', { path: '/customer-invoice' });
  await page.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await expect(dialog.getByRole('textbox', { name: /^Number/ })).toBeVisible();
  return dialog;
}

/** Replaces the source editor's text as a paste would (no auto-closed tags). */
async function pasteSource(page: Page, dialog: Locator, text: string): Promise<void> {
  await dialog.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('the Tab key goes through the invoice in reading order, and Ctrl+Enter validates', async ({
  page,
}) => {
  const dialog = await openNewInvoice(page);

  // From the tabs: the form's own fields, the optional ones folded (the transmission number and
  // transmitter the console filled in do not open them).
  await dialog.getByRole('tab', { name: 'Create invoice', exact: true }).focus();
  const first = await tabStops(page, 'Country');
  expect(first.slice(0, 6)).toEqual([
    'Create invoice',
    'Standard',
    'Transmission format',
    'Recipient code',
    'More fields',
    'VAT country',
  ]);

  // From the invoice number: 24 presses to 'Validate schema' (37 before issue 20). Computed
  // values (line number, total price) are no stops; the seven kinds of related document and
  // the six rare sections wait behind one toggle each.
  await dialog.getByRole('textbox', { name: /^Number/ }).focus();
  const stops = await tabStops(page, 'Validate schema');
  expect(stops.slice(0, 6)).toEqual([
    'Number',
    'More fields',
    'Add Reason',
    'Show Related documents',
    'Description',
    'Quantity',
  ]);
  expect(stops).not.toContain('Line');
  expect(stops).not.toContain('Total price');
  expect(stops.slice(-3)).toEqual([
    'More sections: Vehicles, Transport, Withholding tax, Pension fund, Stamp duty, Document discounts and surcharges',
    'Cancel',
    'Validate schema',
  ]);
  expect(stops).toHaveLength(25);

  // The short way, as the submit bar says: Ctrl+Enter from any field presses its button. The
  // customer is still empty, so the form's own check answers without the server.
  await expect(dialog.getByText('Ctrl+Enter anywhere in the form: Validate schema')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Description/ }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Invoice not valid', { exact: true })).toBeVisible();
  const customer = dialog.getByRole('region', { name: 'Customer' });
  await expect(customer.getByRole('textbox', { name: /^Address/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await screenshotEveryLanguage(page, 'it-invoice-form-keys', async (reloaded) => {
    await expect(reloaded.getByRole('dialog')).toBeVisible();
    await waitForIdle(reloaded);
  });
});

test('XML pasted in the source tab is read back into the form; unreadable XML stays', async ({
  page,
}) => {
  const dialog = await openNewInvoice(page);
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  await dialog.getByRole('radio', { name: 'XML' }).check();
  const xml = sampleXml(standardSample, {
    number: `${stamp}-X`,
    customerName: `CLIENTE ${stamp}`,
    date: today,
  });

  // Broken XML: the tab stays open with the text and a notice saying where.
  await pasteSource(page, dialog, xml.replace('</Numero>', '</Numer>'));
  await dialog.getByRole('tab', { name: 'Create invoice', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    /The XML cannot be read into the form: Malformed XML at line \d+, column \d+/,
  );
  await expect(dialog.getByRole('tab', { name: 'Create invoice from source' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.locator('.cm-content')).toContainText('FatturaElettronica');

  // Corrected, it comes into the form: the number and the customer in their fields.
  await pasteSource(page, dialog, xml);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Create invoice', exact: true }).click();
  const documentData = dialog.getByRole('region', { name: 'Document data' });
  await expect(documentData.getByRole('textbox', { name: /^Number/ })).toHaveValue(`${stamp}-X`);
  const customer = dialog.getByRole('region', { name: 'Customer' });
  await expect(customer.getByRole('textbox', { name: /^Company name/ })).toHaveValue(
    `CLIENTE ${stamp}`,
  );
  await expect(dialog.getByRole('radio', { name: 'Standard' })).toBeChecked();

  // A reload keeps the dialog open (`?dialogId=new`) but not its content: the notice again.
  await screenshotEveryLanguage(page, 'it-invoice-source-unreadable', async (reloaded) => {
    const reopened = reloaded.getByRole('dialog');
    await reopened.getByRole('tab').nth(1).click();
    await reopened.getByRole('radio', { name: 'XML' }).check();
    await pasteSource(reloaded, reopened, xml.replace('</Numero>', '</Numer>'));
    await reopened.getByRole('tab').nth(0).click();
    await expect(reopened.getByRole('alert')).toBeVisible();
    await waitForIdle(reloaded);
  });
});

test('the form shows as FatturaPA XML in the source tab, and an edit there comes back', async ({
  page,
}) => {
  const dialog = await openNewInvoice(page);
  const number = dialog
    .getByRole('region', { name: 'Document data' })
    .getByRole('textbox', { name: /^Number/ });
  await number.fill(`${stamp}-XW`);

  // The source tab starts as JSON; picking XML converts the form's invoice into FatturaPA XML.
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  await expect(dialog.locator('.cm-content')).toContainText('"formato_trasmissione"');
  await dialog.getByRole('radio', { name: 'XML' }).check();
  await expect(dialog.locator('.cm-content')).toContainText('<p:FatturaElettronica');
  await expect(dialog.locator('.cm-content')).toContainText('versione="FPR12"');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // The number is in the XML (the editor's search brings its line into view), and is edited
  // there with the editor's replace.
  await dialog.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+F');
  const search = dialog.locator('.cm-search input[name="search"]');
  await search.fill(`${stamp}-XW`);
  await search.press('Enter');
  await expect(dialog.locator('.cm-content')).toContainText(`<Numero>${stamp}-XW</Numero>`);
  await dialog.locator('.cm-search input[name="replace"]').fill(`${stamp}-XE`);
  await dialog.locator('.cm-search button[name="replaceAll"]').click();
  await expect(dialog.locator('.cm-content')).toContainText(`<Numero>${stamp}-XE</Numero>`);

  // Back in the form: the edit, and the rest of what was there.
  await dialog.getByRole('tab', { name: 'Create invoice', exact: true }).click();
  await expect(number).toHaveValue(`${stamp}-XE`);
  await expect(dialog.getByRole('radio', { name: 'Standard' })).toBeChecked();

  // A change in the form shows in the source tab as XML again, the format it was left in.
  await number.fill(`${stamp}-XF`);
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  await expect(dialog.getByRole('radio', { name: 'XML' })).toBeChecked();
  await expect(dialog.locator('.cm-content')).toContainText('<p:FatturaElettronica');

  // A reload keeps the dialog open but not its content: type the number again, show it as XML.
  await screenshotEveryLanguage(page, 'it-invoice-source-xml', async (reloaded) => {
    const reopened = reloaded.getByRole('dialog');
    await reopened.locator('input[name$="dati_generali_documento.numero"]').fill(`${stamp}-XF`);
    await reopened.getByRole('tab').nth(1).click();
    await reopened.locator('input[type="radio"][value="xml"]').check();
    await expect(reopened.locator('.cm-content')).toContainText('<p:FatturaElettronica');
    await waitForIdle(reloaded);
  });
});

test('an uploaded FSM10 file switches the source to simplified, an FPR12 file back', async ({
  page,
}) => {
  const dialog = await openNewInvoice(page);
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  const standard = dialog.getByRole('radio', { name: 'Standard invoice' });
  const simplified = dialog.getByRole('radio', { name: 'Simplified invoice' });
  await expect(standard).toBeChecked();

  const upload = (name: string, path: string, number: string) =>
    dialog.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'application/xml',
      buffer: Buffer.from(sampleXml(path, { number, date: today, validVatNumbers: true })),
    });
  await upload('IT01234567890_FSM10.xml', simplifiedSample, `${stamp}-S`);
  await expect(simplified).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'XML' })).toBeChecked();
  // The server agrees: no error in API words about the type.
  await dialog.getByRole('button', { name: 'Validate schema' }).click();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await upload('IT01234567890_FPR01.xml', standardSample, `${stamp}-R`);
  await expect(standard).toBeChecked();
  await dialog.getByRole('button', { name: 'Validate schema' }).click();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();

  // And the form tab opens on the simplified or standard form the file is.
  await upload('IT01234567890_FSM10.xml', simplifiedSample, `${stamp}-S`);
  await dialog.getByRole('tab', { name: 'Create invoice', exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Simplified' })).toBeChecked();
  await expect(
    dialog.getByRole('region', { name: 'Document data' }).getByRole('textbox', { name: /^Number/ }),
  ).toHaveValue(`${stamp}-S`);
});
