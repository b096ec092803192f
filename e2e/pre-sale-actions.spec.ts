/**
 * Pre-sale actions (spec 2.12, 4, 5): credit alerts are created on the account's pre-sale with
 * the spec's defaults, validated (positive integer threshold, valid email), edited and deleted.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const PAGE = '/settings/pre-sale-actions';

function row(page: Page, target: string) {
  return page
    .getByRole('table', { name: 'Pre-sale actions' })
    .getByRole('row')
    .filter({ hasText: target });
}

test('create, edit and delete a pre-sale action, with validation errors', async ({ page }) => {
  const target = `alerts-${Date.now()}@example.test`;
  await loginAs(page, 'italy', { path: PAGE });
  await expect(page.getByRole('heading', { name: 'Pre-sale actions' })).toBeVisible();

  await page.getByRole('button', { name: 'New action' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pre-sale action' });
  // The spec's defaults for a new action.
  await expect(dialog.getByRole('spinbutton', { name: 'Threshold' })).toHaveValue('0');
  await expect(dialog.getByRole('combobox', { name: 'Action' })).toHaveText('Alert email');
  await expect(dialog.getByRole('switch', { name: 'Enabled' })).toBeChecked();

  // Threshold 0 is the default but not a valid value; the target is required and an email.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This value should be positive.')).toBeVisible();
  await expect(dialog.getByText('This value should not be blank.')).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Threshold' }).fill('2.5');
  await dialog.getByRole('textbox', { name: 'Recipient email' }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This value should be a whole number.')).toBeVisible();
  await expect(dialog.getByText('This value is not a valid email address.')).toBeVisible();
  await screenshot(page, 'pre-sale-actions-create-errors');

  await dialog.getByRole('spinbutton', { name: 'Threshold' }).fill('50');
  await dialog.getByRole('textbox', { name: 'Recipient email' }).fill(target);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Action for ${target} created`)).toBeVisible();
  await expect(row(page, target)).toContainText('50');
  await expect(row(page, target)).toContainText('Alert email');

  // What the server stored: attached to the account's pre-sale.
  const token = await page.evaluate(() => window.localStorage.getItem('fiscus.token'));
  const stored = await page.request.get('/api/common/pre-sale-actions', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const actions = (await stored.json()) as {
    target: string;
    threshold: number;
    pre_sale_uuid: string;
    enabled: boolean;
  }[];
  const preSales = await page.request.get('/api/common/pre-sales', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const preSaleUuids = ((await preSales.json()) as { uuid: string }[]).map((sale) => sale.uuid);
  const created = actions.find((action) => action.target === target);
  expect(created).toMatchObject({ threshold: 50, enabled: true });
  expect(preSaleUuids).toContain(created?.pre_sale_uuid);

  // Edit.
  await row(page, target).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit pre-sale action' });
  await expect(edit.getByRole('spinbutton', { name: 'Threshold' })).toHaveValue('50');
  await edit.getByRole('spinbutton', { name: 'Threshold' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('This value should not be blank.')).toBeVisible();
  await edit.getByRole('spinbutton', { name: 'Threshold' }).fill('75');
  await edit.getByRole('switch', { name: 'Enabled' }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`Action for ${target} updated`)).toBeVisible();
  await expect(row(page, target)).toContainText('75');

  // Delete, after confirming.
  await row(page, target).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete pre-sale action' });
  await expect(confirm).toContainText(target);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Action deleted')).toBeVisible();
  await expect(row(page, target)).toHaveCount(0);
});

test('pre-sale action screens in every language', async ({ page }) => {
  await loginAs(page, 'manager', { path: PAGE });
  const token = await page.evaluate(() => window.localStorage.getItem('fiscus.token'));
  const preSales = await page.request.get('/api/common/pre-sales', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const [preSale] = (await preSales.json()) as { uuid: string }[];
  const created = await page.request.post('/api/common/pre-sale-actions', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      pre_sale_uuid: preSale?.uuid,
      threshold: 100,
      action_type: 'alert_mail',
      target: 'finance@demo.fiscus.test',
      enabled: true,
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await waitForIdle(page);
  await screenshotEveryLanguage(page, 'pre-sale-actions-list');
  // The form opens through the URL (`?dialogId=new`), so every reload brings it back.
  await page.getByRole('button', { name: 'New action' }).click();
  await expect(page).toHaveURL(/dialogId=new/);
  await screenshotEveryLanguage(page, 'pre-sale-actions-create-errors', async (reloaded) => {
    const dialog = reloaded.getByRole('dialog');
    await dialog.locator('input[name="target"]').fill('not-an-email');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator('.Mui-error').first()).toBeVisible();
  });
});
