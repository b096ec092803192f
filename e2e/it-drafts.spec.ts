/**
 * The drafts page: a bulk send where one draft is blocked shows its error row with 'fix', keeps
 * only that row checked, and 'view last sent' shows the run again after a reload; the filter
 * bar narrows the list; a draft's details dialog has exactly its four tabs.
 */
import {
  expect,
  loginAs,
  personaApi,
  type PersonaApi,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = runStamp('DR');

/** A draft of italy@ from the official sample, renumbered (and for `recipient`, if given). */
async function createDraft(
  italy: PersonaApi,
  number: string,
  blocked: boolean,
  recipient?: string,
): Promise<string> {
  const response = await italy.api.post('/api/it/invoices/draft', {
    headers: {
      ...italy.headers,
      'Content-Type': 'application/xml',
      'X-Draft-Blocked': blocked ? 'true' : 'false',
    },
    // Valid check digits: the draft forms flag the samples' placeholder VAT numbers.
    data: sampleXml(standardSample, { number, customerName: recipient, validVatNumbers: true }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

test('a bulk send with a blocked draft shows its error row and keeps it checked', async ({
  page,
}) => {
  const italy = await personaApi('italy');
  await createDraft(italy, `${stamp}-OK`, false);
  await createDraft(italy, `${stamp}-BL`, true);
  await italy.dispose();

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  await expect(page.getByRole('heading', { name: 'Drafts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View last sent' })).toBeDisabled();
  const okRow = page.getByRole('row').filter({ hasText: `${stamp}-OK` });
  const blockedRow = page.getByRole('row').filter({ hasText: `${stamp}-BL` });
  await expect(blockedRow).toContainText('Blocked draft');
  await screenshotEveryLanguage(page, 'it-drafts-page');

  await okRow.getByRole('checkbox').check();
  await blockedRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send selected' }).click();

  const progress = page.getByRole('dialog', { name: 'Sending drafts' });
  await expect(progress.getByText('2 of 2')).toBeVisible();
  const failed = progress.getByRole('button', { name: `Draft ${stamp}-BL` });
  await expect(failed.getByRole('img', { name: 'Error' })).toBeVisible();
  const succeeded = progress.getByRole('button', { name: `Draft ${stamp}-OK` });
  await succeeded.click();
  // The row's details come first in the failure output when the send did not succeed.
  await expect(progress.getByRole('region').first()).toHaveText('Sent');
  await expect(succeeded.getByRole('img', { name: 'Success' })).toBeVisible();
  await succeeded.click();
  await failed.click();
  await expect(progress.getByText('Draft blocked error')).toBeVisible();
  // A sentence saying how to unblock, not the server's raw 'draft send error blocked'.
  await expect(progress).toContainText("This draft was saved with 'Block invoice sent'");
  await progress.getByRole('button', { name: 'Close' }).click();

  // The sent draft left the list; the blocked one is still there and still checked.
  await expect(okRow).toHaveCount(0);
  await expect(blockedRow.getByRole('checkbox')).toBeChecked();

  await page.reload();
  await waitForIdle(page);
  await page.getByRole('button', { name: 'View last sent' }).click();
  const view = page.getByRole('dialog', { name: 'Last sent drafts' });
  await expect(view.getByRole('button', { name: `Draft ${stamp}-BL` })).toBeVisible();
  await screenshotEveryLanguage(page, 'it-drafts-bulk-result', async (reloaded) => {
    await reloaded
      .getByRole('button', { name: /View last sent|Vedi ultimo invio|Pokaż ostatnią wysyłkę/ })
      .click();
    await expect(reloaded.getByRole('dialog')).toBeVisible();
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Fix' }).click();
  // The draft's form loads its invoice and the supplier profile first.
  await expect(page.getByRole('dialog', { name: 'Edit draft' })).toBeVisible({ timeout: 30_000 });
});

test('a draft sent from its send dialog offers to go to the new invoice', async ({ page }) => {
  const italy = await personaApi('italy');
  await createDraft(italy, `${stamp}-SD`, false);
  await italy.dispose();

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  const row = page.getByRole('row').filter({ hasText: `${stamp}-SD` });
  await row.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send draft' });
  await expect(dialog.getByRole('textbox', { name: 'Number', exact: true })).toHaveValue(
    `${stamp}-SD`,
  );
  // One button: 'validate schema' until the server accepts, then 'submit'.
  await dialog.getByRole('button', { name: 'Validate schema' }).click();
  await expect(dialog.getByRole('button', { name: 'Validate schema' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const sent = page.getByRole('dialog', { name: 'Draft sent' });
  await expect(sent).toBeVisible();
  await expect(row).toHaveCount(0);
  await sent.getByRole('link', { name: 'Go to invoice' }).click();
  await expect(page).toHaveURL(/\/customer-invoice\?.*dialogId=invoice/);
  await expect(page.getByRole('dialog')).toContainText(`${stamp}-SD`);
});

test('the filter bar narrows the drafts and a draft opens its four-tab details', async ({
  page,
}) => {
  const italy = await personaApi('italy');
  const recipient = `CLIENTE ${stamp} FILTRO`;
  const uuid = await createDraft(italy, `${stamp}-FI`, false, recipient);
  await createDraft(italy, `${stamp}-OT`, false);
  await italy.dispose();

  await loginAs(page, 'italy', { path: '/invoice-drafts' });
  const filtered = page.getByRole('row').filter({ hasText: `${stamp}-FI` });
  const other = page.getByRole('row').filter({ hasText: `${stamp}-OT` });
  await expect(other).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('textbox', { name: 'Recipient business name' }).fill(`${stamp} filtro`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(other).toHaveCount(0);
  await expect(filtered).toContainText(recipient);
  await expect(page).toHaveURL(/recipient\.business_name=/);
  await screenshotEveryLanguage(page, 'it-drafts-filtered');

  await filtered.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: `Draft ${stamp}-FI` });
  await expect(page).toHaveURL(new RegExp(`dialogId=draft&dialog_uuid=${uuid}`));
  await expect(details.getByRole('tab')).toHaveText(['Info', 'Attachments', 'JSON', 'XML']);
  await expect(details.getByRole('tabpanel')).toContainText(recipient);
  await expect(details.getByText('Notifications')).toHaveCount(0);
  await screenshotEveryLanguage(page, 'it-draft-details-dialog', async (reloaded) => {
    await expect(reloaded.getByRole('dialog')).toBeVisible();
    await waitForIdle(reloaded);
  });
  await details.getByRole('tab', { name: 'JSON' }).click();
  await expect(details.getByRole('tabpanel')).toContainText(`"numero": "${stamp}-FI"`);
  await details.getByRole('tab', { name: 'XML' }).click();
  await expect(details.getByRole('tabpanel')).toContainText(`<Numero>${stamp}-FI</Numero>`);

  // Closing removes the dialog from the address; the filters stay.
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialogId=/);
  await expect(filtered).toBeVisible();
});

test('a user without an invoicing role is sent from the drafts page', async ({ page }) => {
  await loginAs(page, 'supplier-only', { path: '/invoice-drafts' });
  await expect(page).not.toHaveURL(/invoice-drafts/);
});
