/**
 * Preservation documents (account spec 2.12, 3, 7): the type first (until then, no data and the
 * other filters disabled), then a customer and a supplier invoice sent to legal storage, their
 * status, history and downloads; the screen needs the preservation platform.
 */
import type { Page } from '@playwright/test';
import { apiToken, expect, loginAs, screenshotEveryLanguage, test, waitForIdle } from './fixtures';

test.describe.configure({ timeout: 150_000 });

const PAGE = '/preservation-documents';

/** Sends the newest delivered invoice of one direction (0 sent, 1 received) to preservation. */
async function preserveOne(page: Page, token: string, type: 0 | 1): Promise<string> {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const list = await page.request.get(`/api/it/invoices?type=${type}&itemsPerPage=30`, { headers });
  const invoices = (await list.json()) as { uuid: string; marking: string }[];
  const invoice =
    invoices.find((entry) => ['delivered', 'received'].includes(entry.marking)) ?? invoices[0];
  if (!invoice) throw new Error(`no invoice of type ${type}`);
  const sent = await page.request.post(`/api/it/invoices/${invoice.uuid}/preserve`, { headers });
  expect([200, 201, 202, 409], await sent.text()).toContain(sent.status());
  return invoice.uuid;
}

async function chooseType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: label }).click();
  await page.getByRole('button', { name: 'Search' }).click();
}

test('documents of each type, their status history and downloads', async ({ page }) => {
  const token = await apiToken(page, 'italy');
  await preserveOne(page, token, 0);
  await preserveOne(page, token, 1);
  await loginAs(page, 'italy', { path: PAGE });
  await expect(page.getByRole('heading', { name: 'Preservation documents' })).toBeVisible();
  // Nothing is asked before a type is chosen; the other filters wait for it.
  await expect(
    page.getByText('No data: choose a document type to see its documents.'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  const table = page.getByRole('table', { name: 'Preservation documents' });
  for (const label of ['Customer invoices', 'Supplier invoices']) {
    await chooseType(page, label);
    await expect(table.getByRole('row')).not.toHaveCount(1);
    // The sandbox moves it through its steps; the list shows where it is when asked again.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return table.getByRole('row').nth(1).innerText();
        },
        { timeout: 30_000 },
      )
      .toContain('Stored');
  }
  await expect(page.getByRole('combobox', { name: 'Status' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(/\d+[.,]\d{2}/);
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'preservation-documents');

  await row.getByRole('button', { name: 'Status history' }).click();
  const history = page.getByRole('dialog');
  await expect(history).toContainText('To be stored');
  await expect(history).toContainText('Stored');
  await page.keyboard.press('Escape');

  const [original] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Original document' }).click(),
  ]);
  expect(original.suggestedFilename()).toMatch(/\.(xml|p7m)$/i);
  const [receipt] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Deposit receipt (PDF)' }).click(),
  ]);
  expect(receipt.suggestedFilename()).toMatch(/\.pdf$/);
});

test('without the preservation platform the screen sends to the dashboard', async ({ page }) => {
  await loginAs(page, 'poland', { path: PAGE });
  await expect(page).not.toHaveURL(/preservation-documents/);
});
