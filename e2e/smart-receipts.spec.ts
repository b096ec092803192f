/**
 * Smart receipts (italian-invoicing spec 2, 3, 4, 5, 8; issue 33): a sale of three items (one
 * discounted, one complimentary) typed into the form with its totals worked as the user types,
 * sent to the Agenzia's sandbox and numbered; its details; a partial return; a void of another
 * sale; the form's and the server's refusals on their fields; and a refused receipt's alert mail.
 */
import type { Page } from '@playwright/test';
import {
  apiToken,
  expect,
  loginAs,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

test.describe.configure({ timeout: 150_000 });

const SALES = '/smart-receipts-sale';

function table(page: Page) {
  return page.getByRole('table', { name: 'Smart receipts: sales' });
}

async function fillLine(
  page: Page,
  index: number,
  line: { description: string; quantity: string; price: string; vat: string; discount?: string },
) {
  const item = page.getByRole('dialog').getByRole('region', { name: `Item ${index + 1}` });
  await item.getByRole('textbox', { name: 'Description' }).fill(line.description);
  await item.getByRole('textbox', { name: 'Quantity' }).fill(line.quantity);
  await item.getByRole('textbox', { name: 'Unit price (VAT incl.)' }).fill(line.price);
  await item.getByRole('combobox', { name: 'VAT' }).click();
  await page.getByRole('option', { name: line.vat, exact: true }).click();
  if (line.discount) await item.getByRole('textbox', { name: 'Discount' }).fill(line.discount);
  return item;
}

/** Opens the sale form and sends one line paid in cash; resolves when it is on the list. */
async function quickSale(page: Page, description: string, price: string) {
  await page.getByRole('button', { name: 'New receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'New receipt' });
  await fillLine(page, 0, { description, quantity: '1', price, vat: '22%' });
  await dialog.getByRole('textbox', { name: 'Cash' }).fill(price);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
}

test('a sale of three items reaches the Agenzia, is returned in part; another is voided', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: SALES });
  await expect(page.getByRole('heading', { name: 'Smart receipts: sales' })).toBeVisible();
  await page.getByRole('button', { name: 'New receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'New receipt' });
  // The one receipts-enabled company of the demo account is chosen already.
  await expect(dialog.getByRole('combobox', { name: 'Fiscal ID' })).toContainText('01234567897');
  // Spec 5: a new item is 1.00 × 0.00 at 4%.
  const first = dialog.getByRole('region', { name: 'Item 1' });
  await expect(first.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1.00');
  await expect(first.getByRole('combobox', { name: 'VAT' })).toContainText('4%');

  // A comma is read as a point.
  await fillLine(page, 0, { description: 'Caffè', quantity: '2', price: '3,50', vat: '10%' });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await fillLine(page, 1, {
    description: 'Tazza',
    quantity: '1',
    price: '12',
    vat: '22%',
    discount: '2',
  });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  const gift = await fillLine(page, 2, {
    description: 'Biscotti',
    quantity: '1',
    price: '5',
    vat: '4%',
  });
  await gift.getByRole('switch', { name: 'Complimentary (gift)' }).check();
  // Worked as typed: 7.00 + 10.00 paid, the gift taxed but not paid.
  await expect(dialog.getByRole('status')).toContainText('Total €17.00');
  await expect(dialog.getByRole('status')).toContainText('VAT €2.63');

  // Payments a cent short: the server's refusal shows in the form's banner.
  await dialog.getByRole('textbox', { name: 'Cash' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Electronic payment' }).fill('6.98');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/must equal the total to the cent/)).toBeVisible();
  await screenshot(page, 'smart-receipts-sale-form-refused');
  await dialog.getByRole('textbox', { name: 'Electronic payment' }).fill('6.99');
  await dialog.getByRole('textbox', { name: 'Payment discount' }).fill('0.01');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Created successfully')).toBeVisible();

  // The Agenzia's sandbox numbers it; the list asks again until it is ready.
  const sale = table(page).getByRole('row').filter({ hasText: '€17.00' }).first();
  await expect(sale).toContainText('Ready', { timeout: 30_000 });
  await expect(sale).toContainText(/DCW\d{4}\/\d{4}-\d{4}/);
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'smart-receipts-sales');

  await sale.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(/DCW\d{4}\/\d{4}-\d{4}/);
  await details.getByRole('tab', { name: 'Receipt details' }).click();
  await expect(details.getByRole('table', { name: 'Lines' }).getByRole('row')).toHaveCount(4);
  await expect(details).toContainText('€19.37');
  await screenshot(page, 'smart-receipts-details');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    details.getByRole('button', { name: 'Receipt PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^documento-commerciale-DCW\d{4}-\d{4}-\d{4}\.pdf$/);
  await page.keyboard.press('Escape');

  // Return one of the two coffees.
  await sale.getByRole('button', { name: 'Return items' }).click();
  const giveBack = page.getByRole('dialog', { name: /Return items of DCW/ });
  await giveBack.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: 'Caffè (up to 2.00)' }).click();
  await giveBack.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await giveBack.getByRole('button', { name: 'Return' }).click();
  await expect(
    giveBack.getByText('More than the quantity still returnable.', { exact: true }),
  ).toBeVisible();
  await expect(
    giveBack.getByText('Item 1: More than the quantity still returnable.'),
  ).toBeVisible();
  await giveBack.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await giveBack.getByRole('button', { name: 'Return' }).click();
  await expect(giveBack).toBeHidden();
  await expect(page.getByText('Operation completed')).toBeVisible();
  // A sale with a return cannot be voided: the action is gone.
  await expect(sale.getByRole('button', { name: 'Void receipt' })).toHaveCount(0);
  await page.goto('/smart-receipts-return');
  const returned = page
    .getByRole('table', { name: 'Smart receipts: returns' })
    .getByRole('row')
    .filter({ hasText: '€3.50' });
  await expect(returned.first()).toContainText('Ready', { timeout: 30_000 });

  // Another sale, voided.
  await page.goto(SALES);
  await quickSale(page, 'Teiera', '23.45');
  const other = table(page).getByRole('row').filter({ hasText: '€23.45' }).first();
  await expect(other).toContainText('Ready', { timeout: 30_000 });
  await other.getByRole('button', { name: 'Void receipt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Void receipt' });
  await confirm.getByRole('button').last().click();
  await expect(page.getByText('Receipt voided')).toBeVisible();
  await expect(other).toContainText('Voided', { timeout: 30_000 });
  await page.goto('/smart-receipts-void');
  await expect(
    page
      .getByRole('table', { name: 'Smart receipts: voids' })
      .getByRole('row')
      .filter({ hasText: '€23.45' })
      .first(),
  ).toContainText('Ready', { timeout: 30_000 });
});

test('the form refuses bad figures on their fields before anything is sent', async ({ page }) => {
  await loginAs(page, 'italy', { path: `${SALES}?dialogId=new` });
  const dialog = page.getByRole('dialog', { name: 'New receipt' });
  const line = dialog.getByRole('region', { name: 'Item 1' });
  await line.getByRole('textbox', { name: 'Quantity' }).fill('1.005');
  await line.getByRole('textbox', { name: 'Unit price (VAT incl.)' }).fill('abc');
  await dialog.getByRole('textbox', { name: 'Lottery code' }).fill('abc');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(
    line.getByText('This field must be a decimal and have at most 2 decimal places'),
  ).toBeVisible();
  await expect(
    line.getByText('This field must be a decimal and have at most 8 decimal places'),
  ).toBeVisible();
  await expect(line.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByText('This field must have 8 characters')).toBeVisible();
  // At least one item remains: the only line cannot be removed.
  await expect(line.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
  await screenshotEveryLanguage(page, 'smart-receipts-sale-form-errors');
});

test('a receipt the Agenzia refuses fails and mails its alert recipients', async ({ page }) => {
  await loginAs(page, 'italy', { path: SALES });
  const token = await page.evaluate(() => window.localStorage.getItem('fiscus.token'));
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const recipient = `receipt-alerts-${Date.now()}@example.test`;
  const settings = await page.request.put(
    '/api/it/business-registry-configurations/01234567897/receipt-settings',
    { headers, data: { receipts_alert_recipients: [recipient] } },
  );
  expect(settings.status(), await settings.text()).toBe(200);

  await page.getByRole('button', { name: 'New receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'New receipt' });
  await fillLine(page, 0, { description: 'Vaso', quantity: '1', price: '9.90', vat: '22%' });
  // The sandbox's lottery code for a VAT number these credentials may not send for.
  await dialog.getByRole('textbox', { name: 'Lottery code' }).fill('notallow');
  await dialog.getByRole('textbox', { name: 'Electronic payment' }).fill('9,90');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  const failed = table(page).getByRole('row').filter({ hasText: '€9.90' }).first();
  await expect(failed).toContainText('Failed', { timeout: 30_000 });
  await failed.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog')).toContainText('CANNOTSENDDATAFORTHISLEGALENTITY');

  // The outbox shows an administrator every mail (anyone else only theirs).
  const adminToken = await apiToken(page, 'admin');
  const alerts = async () => {
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${adminToken}` },
    });
    return (await outbox.json()) as { subject: string; text: string }[];
  };
  await expect.poll(async () => (await alerts()).length).toBe(1);
  const mails = await alerts();
  expect(mails[0]?.subject).toContain('CANNOTSENDDATAFORTHISLEGALENTITY');
  expect(mails[0]?.text).toContain('/smart-receipts-sale?dialogId=receipt');
});
