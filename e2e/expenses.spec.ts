/**
 * Sistema TS health expenses (account spec 2.9, 3, 8, 9; issue 33): the demo history's expenses of
 * the last month, a new expense refused on its field (the citizen's check letter) then sent and
 * accepted by the Sistema TS sandbox, its details with the transmission and the receipt PDF, the filters, the zip
 * of a page's receipts and the empty list.
 */
import {
  expect,
  loginAs,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

test.describe.configure({ timeout: 150_000 });

/** A citizen of the codice fiscale examples, and the same code with a wrong check letter. */
const CITIZEN = 'RSSMRA80A01H501U';
const CITIZEN_TYPO = 'RSSMRA80A01H501A';

test('an expense reaches Sistema TS: refused on its field, sent, accepted, its receipt downloaded', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: '/expenses' });
  await expect(page.getByRole('heading', { name: 'Health expenses' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Health expenses' });
  // The demo history's expenses of the last month (spec 9's default window).
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table).toContainText('Accepted');

  await page.getByRole('button', { name: 'New expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'New expense' });
  await dialog.getByRole('combobox', { name: 'Owner fiscal code' }).click();
  await page.getByRole('option', { name: /01234567897/ }).click();
  await dialog
    .getByRole('textbox', { name: 'Citizen fiscal code' })
    .fill(CITIZEN_TYPO.toLowerCase());
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('58,40');
  await dialog.getByRole('combobox', { name: 'Expense type' }).click();
  await page.getByRole('option', { name: 'AD – Medical device' }).click();
  const number = `E2E-${Date.now() % 1_000_000}`;
  await dialog.getByRole('textbox', { name: 'Document number' }).fill(number);
  await dialog.getByRole('button', { name: 'Send' }).click();
  // The citizen's check letter is checked before anything is sent.
  await expect(
    dialog.getByText('This is not a valid codice fiscale: its check character does not match.', {
      exact: true,
    }),
  ).toBeVisible();
  await screenshot(page, 'expenses-new-refused');
  await dialog.getByRole('textbox', { name: 'Citizen fiscal code' }).fill(CITIZEN);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Accepted', { timeout: 30_000 });
  await expect(row).toContainText('€58.40');
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'expenses-list');

  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: `Expense ${number}` });
  await expect(details).toContainText(CITIZEN);
  await expect(details).toContainText(/\d{17}/);
  await expect(details).toContainText('Success');
  await screenshot(page, 'expenses-details-info');
  await details.getByRole('tab', { name: 'Receipts' }).click();
  const receipt = details.getByRole('table', { name: 'Receipts' }).getByRole('row').nth(1);
  await expect(receipt).toContainText('Documento accettato da Sistema TS.');
  await screenshot(page, 'expenses-details-receipts');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('button', { name: /Download receipt \d{17}/ }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^ricevuta_\d{17}\.pdf$/);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Sent by mistake: cancelled at Sistema TS, with a receipt of its own.
  await row.getByRole('button', { name: 'Cancel at Sistema TS' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the expense at Sistema TS' });
  await expect(confirm).toContainText(number);
  await screenshot(page, 'expenses-cancel');
  await confirm.getByRole('button', { name: 'Send the cancellation' }).click();
  await expect(row).toContainText('Cancelled', { timeout: 30_000 });
  await expect(row.getByRole('button', { name: 'Cancel at Sistema TS' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Details' }).click();
  const after = page.getByRole('dialog', { name: `Expense ${number}` });
  await expect(after).toContainText('Cancellation');
  await after.getByRole('tab', { name: 'Receipts' }).click();
  await expect(after.getByRole('table', { name: 'Receipts' }).getByRole('row')).toHaveCount(3);
  await expect(after).toContainText('Cancellazione accettata da Sistema TS.');
});

test('filters the expenses, downloads a page of receipts and says when there is none', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: '/expenses' });
  const table = page.getByRole('table', { name: 'Health expenses' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Accepted with a warning: a pharmacy check paid in cash in the demo history.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Accepted with warnings' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=warning/);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Accepted with warnings');
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download receipts (zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('sistema_ts_receipts_1.zip');
  await rows.nth(1).getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('PAGAMENTO_NON_TRACCIATO');
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Document number' }).fill('NO-SUCH-DOCUMENT');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No records found')).toBeVisible();
  await screenshot(page, 'expenses-empty');
});
