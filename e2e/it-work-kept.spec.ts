/**
 * Issue 20, "Work is never lost": an edited draft is what gets sent (edit, save and send in one
 * visit); a blocked draft can be unblocked (its row, the bulk error row, the edit and send
 * dialogs) and the blocked error says how; 'Delete selected' asks first; a new draft starts with
 * the supplier of the invoicing profile; typed work survives the tabs and closing a changed form asks first; a
 * credit note gets its own number and references the invoice it credits.
 */
import {
  expect,
  loginAs,
  personaApi,
  type PersonaApi,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  sendInvoice,
  standardSample,
  test,
} from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = runStamp('WK');

/** A draft of italy@ from the official sample (valid check digits), renumbered. */
async function createDraft(italy: PersonaApi, number: string, blocked: boolean): Promise<string> {
  const response = await italy.api.post('/api/it/invoices/draft', {
    headers: {
      ...italy.headers,
      'Content-Type': 'application/xml',
      'X-Draft-Blocked': blocked ? 'true' : 'false',
    },
    data: sampleXml(standardSample, { number, validVatNumbers: true }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

test('edit, save and send a draft in one visit: the edit is what SDI gets', async ({ page }) => {
  const italy = await personaApi('italy');
  await createDraft(italy, `${stamp}-ED`, false);

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  await page
    .getByRole('row')
    .filter({ hasText: `${stamp}-ED` })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit draft' });
  const number = edit.getByRole('textbox', { name: 'Number', exact: true });
  // The whole invoice form (72 fields) renders in the dialog: slow on a shared 2-core machine.
  await expect(number).toHaveValue(`${stamp}-ED`, { timeout: 30_000 });
  await number.fill(`${stamp}-E2`);
  await edit.getByRole('button', { name: 'Validate schema' }).click();
  // Validated: the button says what it does and has the focus.
  await expect(edit.getByRole('button', { name: 'Save draft' })).toBeFocused();
  await edit.getByRole('button', { name: 'Save draft' }).click();
  await expect(edit).toHaveCount(0);

  // Send without reloading: the send dialog shows the saved edit.
  const row = page.getByRole('row').filter({ hasText: `${stamp}-E2` });
  await row.getByRole('button', { name: 'Send' }).click();
  const send = page.getByRole('dialog', { name: 'Send draft' });
  await expect(send.getByRole('textbox', { name: 'Number', exact: true })).toHaveValue(
    `${stamp}-E2`,
    { timeout: 30_000 },
  );
  await send.getByRole('button', { name: 'Validate schema' }).click();
  await expect(send.getByRole('button', { name: 'Submit' })).toBeFocused();
  await send.getByRole('button', { name: 'Submit' }).click();
  const sent = page.getByRole('dialog', { name: 'Draft sent' });
  await expect(sent).toBeVisible();

  // The invoice that went to SDI carries the edit.
  const href = (await sent.getByRole('link', { name: 'Go to invoice' }).getAttribute('href')) ?? '';
  const invoiceUuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
    href,
  )?.[0];
  expect(invoiceUuid, href).toBeTruthy();
  const invoice = await italy.api.get(`/api/it/invoices/${invoiceUuid}`, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  expect(invoice.status()).toBe(200);
  expect(((await invoice.json()) as { invoiceNumber: string }).invoiceNumber).toBe(`${stamp}-E2`);
  await italy.dispose();
});

test('a blocked draft says how to unblock it, and unblocking lets it be sent', async ({ page }) => {
  const italy = await personaApi('italy');
  await createDraft(italy, `${stamp}-BL`, true);
  await createDraft(italy, `${stamp}-BE`, true);
  await italy.dispose();

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  const blockedRow = page.getByRole('row').filter({ hasText: `${stamp}-BL` });
  await expect(blockedRow).toContainText('Blocked draft');
  await blockedRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send selected' }).click();
  const progress = page.getByRole('dialog', { name: 'Sending drafts' });
  await progress.getByRole('button', { name: `Draft ${stamp}-BL` }).click();
  await expect(progress).toContainText("This draft was saved with 'Block invoice sent'");
  await expect(progress).not.toContainText('draft send error blocked');
  await screenshotEveryLanguage(page, 'it-draft-blocked-error', async (reloaded) => {
    await reloaded
      .getByRole('button', { name: /View last sent|Vedi ultimo invio|Pokaż ostatnią wysyłkę/ })
      .click();
    await reloaded
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(stamp) })
      .click();
  });
  // The error row's own Unblock, then a send that goes through.
  await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText('Draft unblocked: it can be sent')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(blockedRow).toContainText('Draft');
  await expect(blockedRow).not.toContainText('Blocked draft');
  await expect(blockedRow.getByRole('button', { name: 'Unblock' })).toHaveCount(0);

  // The edit dialog lifts the block too.
  const editRow = page.getByRole('row').filter({ hasText: `${stamp}-BE` });
  await editRow.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit draft' });
  const box = edit.getByRole('checkbox', { name: 'Block invoice sent' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await edit.getByRole('button', { name: 'Validate schema' }).click();
  await edit.getByRole('button', { name: 'Save draft' }).click();
  await expect(edit).toHaveCount(0);
  await expect(editRow).not.toContainText('Blocked draft');
  await editRow.getByRole('button', { name: 'Send' }).click();
  const send = page.getByRole('dialog', { name: 'Send draft' });
  await send.getByRole('button', { name: 'Validate schema' }).click();
  await send.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Draft sent' })).toBeVisible();
});

test('the send dialog of a blocked draft offers unblocking, then sends it', async ({ page }) => {
  const italy = await personaApi('italy');
  const uuid = await createDraft(italy, `${stamp}-BS`, true);

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  await page
    .getByRole('row')
    .filter({ hasText: `${stamp}-BS` })
    .getByRole('button', { name: 'Send' })
    .click();
  const send = page.getByRole('dialog', { name: 'Send draft' });
  await expect(send.getByRole('alert').filter({ hasText: 'This draft is blocked' })).toBeVisible();
  const box = send.getByRole('checkbox', { name: 'Block invoice sent' });
  await expect(box).toBeChecked();
  await screenshotEveryLanguage(page, 'it-draft-send-blocked', async (reloaded) => {
    await expect(reloaded.getByRole('dialog').getByRole('checkbox')).toBeChecked();
  });

  // Sent still ticked: the form says how, in words; the server is not asked.
  await send.getByRole('button', { name: 'Validate schema' }).click();
  await send.getByRole('button', { name: 'Submit' }).click();
  await expect(send).toContainText(
    "This draft is blocked: untick 'Block invoice sent' to send it.",
  );
  await expect(send).not.toContainText('draft send error blocked');

  // Unticked: the draft is saved unblocked, then sent.
  await box.uncheck();
  await send.getByRole('button', { name: 'Validate schema' }).click();
  await send.getByRole('button', { name: 'Unblock and send' }).click();
  await expect(page.getByRole('dialog', { name: 'Draft sent' })).toBeVisible();
  const stored = await italy.api.get(`/api/it/invoices/draft/${uuid}`, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  const marking = stored.ok() ? ((await stored.json()) as { marking: string }).marking : 'gone';
  expect(marking, 'the draft is no longer a blocked draft').not.toBe('draft-blocked');
  await italy.dispose();
});

test('Delete selected asks first, naming how many', async ({ page }) => {
  const italy = await personaApi('italy');
  await createDraft(italy, `${stamp}-D1`, false);
  await createDraft(italy, `${stamp}-D2`, false);
  await italy.dispose();

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  const rows = page.getByRole('row').filter({ hasText: new RegExp(`${stamp}-D[12]`) });
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete selected drafts' });
  await expect(confirm).toContainText('Delete 2 selected drafts?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page
    .getByRole('dialog', { name: 'Delete selected drafts' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Deleting drafts' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(rows).toHaveCount(0);
});

test('a new draft starts with the supplier of the invoicing profile', async ({ page }) => {
  const italy = await personaApi('italy');
  const profile = await italy.api.get('/api/common/users/me/profile', {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  const { invoicing_name: name } = (await profile.json()) as { invoicing_name: string | null };
  await italy.dispose();
  expect(name, 'the demo account has an invoicing profile').toBeTruthy();

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  await page.getByRole('button', { name: 'New draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'New draft' });
  await expect(
    dialog.getByRole('textbox', { name: 'Company name', exact: true }).first(),
  ).toHaveValue(name ?? '');
});

test('typed work survives the tabs, and closing a changed form asks first', async ({ page }) => {
  // A JSON invoice for the source tab: a draft's stored payload.
  const italy = await personaApi('italy');
  const uuid = await createDraft(italy, `${stamp}-SR`, false);
  const stored = await italy.api.get(`/api/it/invoices/draft/${uuid}`, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  const { payload } = (await stored.json()) as { payload: string };
  await italy.dispose();

  await loginAs(page, 'italy', { path: '/customer-invoice' });
  await page.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  const number = dialog.getByRole('textbox', { name: 'Number', exact: true });
  await number.fill(`${stamp}-TB`);
  // Near the top of the JSON: the editor renders only the lines in view.
  await dialog.getByRole('textbox', { name: /^Recipient code/ }).fill('KEEP777');

  // The source tab shows the form's invoice as JSON.
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  await expect(dialog.locator('.cm-content')).toContainText('"codice_destinatario": "KEEP777"');
  await screenshotEveryLanguage(page, 'it-new-invoice-source-kept', async (reloaded) => {
    await expect(reloaded.getByRole('dialog')).toBeVisible();
  });

  // After the reload above the form starts empty: type again, then load a source into it.
  await dialog.getByRole('tab', { name: 'Create invoice from source' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'invoice.json',
    mimeType: 'application/json',
    buffer: Buffer.from(payload),
  });
  await dialog.getByRole('tab', { name: 'Create invoice', exact: true }).click();
  await expect(number).toHaveValue(`${stamp}-SR`);

  // Escape on a changed form asks; Cancel keeps the form.
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: 'Discard the changes?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(number).toHaveValue(`${stamp}-SR`);
  await screenshotEveryLanguage(page, 'it-new-invoice-discard-prompt', async (reloaded) => {
    await reloaded
      .getByRole('dialog')
      .getByRole('textbox', { name: /^(Number|Numero|Numer)$/ })
      .first()
      .fill('X1');
    await reloaded.keyboard.press('Escape');
    await expect(reloaded.getByRole('dialog', { name: /Discard|Scartare|Odrzucić/ })).toBeVisible();
  });
  await page
    .getByRole('dialog', { name: 'Discard the changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog).toHaveCount(0);
});

test('a credit note gets its own number and references the invoice it credits', async ({
  page,
}) => {
  const italy = await personaApi('italy');
  const uuid = await sendInvoice(
    italy,
    sampleXml(standardSample, { number: `${stamp}-CR`, date: '2026-11-02' }),
  );

  await loginAs(page, 'italy', {
    path: `/customer-invoice?dialogId=invoice&dialog_uuid=${uuid}&dialog_tab=info`,
  });
  await page.getByRole('button', { name: 'Credit note' }).click();
  const dialog = page.getByRole('dialog', { name: `Credit note for invoice ${stamp}-CR` });
  const number = dialog.getByRole('textbox', { name: 'Number', exact: true });
  // The original's number is not copied: the credit note gets its own. The whole invoice form
  // is loaded and filled first: a loaded 2-core runner needs longer than the default wait.
  await expect(number).toHaveValue('', { timeout: 30_000 });
  await number.fill(`${stamp}-NC`);
  await dialog.getByRole('button', { name: 'Validate schema' }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const toast = page.getByText(/^Invoice created: [0-9a-f-]{36}$/);
  await expect(toast).toBeVisible();
  const creditNote = ((await toast.textContent()) ?? '').replace('Invoice created: ', '');

  const xml = await italy.api.get(`/api/it/invoices/${creditNote}`, {
    headers: { ...italy.headers, Accept: 'application/xml' },
  });
  const text = await xml.text();
  expect(text).toContain(`<Numero>${stamp}-NC</Numero>`);
  expect(text).toContain('<TipoDocumento>TD04</TipoDocumento>');
  expect(text).toMatch(
    new RegExp(
      `<DatiFattureCollegate>\\s*<IdDocumento>${stamp}-CR</IdDocumento>\\s*<Data>2026-11-02</Data>`,
    ),
  );
  await italy.dispose();
});
