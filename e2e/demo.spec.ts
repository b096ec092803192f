/**
 * The living demo (issue 19): on the freshly started instance of this run, italy@ finds a year of
 * history made at the first start (apps/api/src/services/demo): a dashboard with credit and
 * yearly statistics, customer invoices in every marking, supplier invoices, and a new invoice
 * whose supplier (ALPHA SRL, a valid VAT number) carries no check-digit advice. Screenshots in
 * it, en and pl.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, screenshotEveryLanguage, test, waitForIdle } from './fixtures';

// Reloads in three languages per screen on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Every invoice, whatever its date (the lists show the last month by default). */
const ALL_DATES = 'invoiceDate[after]=&invoiceDate[before]=';

function rows(page: Page, table: string): Locator {
  return page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/** A status badge (marking) by its exact text. */
function badge(scope: Locator, text: string): Locator {
  return scope.locator('[data-color]').filter({ hasText: new RegExp(`^${text}$`) });
}

/** The total of a list, read from its pagination ("1–25 of 150"). */
async function totalOf(page: Page): Promise<number> {
  const label = page.getByText(/^\d+–\d+ of \d+$/);
  await expect(label).toBeVisible();
  return Number(((await label.textContent()) ?? '').replace(/^.* of /, ''));
}

test('the dashboard shows credit and a year of invoices and notifications', async ({ page }) => {
  await loginAs(page, 'italy', { path: '/dashboard' });
  await expect(page.getByTestId('credit-available')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Yearly statistics' })).toBeVisible();
  // This year's invoices of both directions, and SDI's notifications about them.
  await expect(page.getByTestId('stats-customer-count')).not.toHaveText('0');
  await expect(page.getByTestId('stats-supplier-count')).not.toHaveText('0');
  await expect(page.getByTestId('stats-notification-count')).not.toHaveText('0');
  await expect(page.getByRole('region', { name: 'Invoices per month' })).toBeVisible();
  await screenshotEveryLanguage(page, 'demo-dashboard');
});

test('the customer invoices: about 150, in every marking', async ({ page }) => {
  await loginAs(page, 'italy', { path: `/customer-invoice?${ALL_DATES}` });
  const list = rows(page, 'Customer invoices');
  await expect(list.first()).toBeVisible();
  expect(await totalOf(page)).toBeGreaterThanOrEqual(140);
  // The newest first: a customer's channel is down right now, a public office has not answered.
  await expect(badge(list, 'Quarantine').first()).toBeVisible();
  await expect(badge(list, 'Delivered').first()).toBeVisible();
  await expect(badge(list, 'Delivered to PA').first()).toBeVisible();
  await screenshotEveryLanguage(page, 'demo-customer-invoices');

  // The default view: the last month's invoices.
  await page.goto('/customer-invoice');
  await waitForIdle(page);
  await expect(rows(page, 'Customer invoices').first()).toBeVisible();
});

test('the supplier invoices: about 80 from the demo suppliers', async ({ page }) => {
  await loginAs(page, 'italy', { path: `/supplier-invoice?${ALL_DATES}` });
  const list = rows(page, 'Supplier invoices');
  await expect(list.first()).toBeVisible();
  expect(await totalOf(page)).toBeGreaterThanOrEqual(80);
  await expect(
    list.filter({
      hasText: /ENERGIA NORD|TELECOMUNICAZIONI|CARTOLERIA|AUTONOLEGGIO|GALLI|SPLENDOR/,
    }),
  ).not.toHaveCount(0);
  await screenshotEveryLanguage(page, 'demo-supplier-invoices');
});

test('a new invoice opens with ALPHA SRL as supplier and no check-digit advice', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: '/customer-invoice' });
  // The form opens through the URL (`?dialogId=new`), so every reload brings it back.
  const formShown = async (scope: Page) => {
    await expect(scope.getByRole('dialog')).toBeVisible();
    await waitForIdle(scope);
  };
  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page).toHaveURL(/dialogId=new/);
  await formShown(page);
  const supplier = page
    .getByRole('dialog', { name: 'New invoice' })
    .getByRole('region', { name: 'Supplier' });
  await expect(supplier.getByRole('textbox', { name: /^VAT number/ })).toHaveValue('01234567897');
  await expect(supplier.getByRole('textbox', { name: /^Company name/ })).toHaveValue('ALPHA SRL');
  await expect(supplier.getByText(/check digit/)).toHaveCount(0);
  await expect(supplier.locator('.MuiFormHelperText-root.Mui-error')).toHaveCount(0);
  await screenshotEveryLanguage(page, 'demo-new-invoice', formShown);
});
