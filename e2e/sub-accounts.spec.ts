/**
 * Sub-accounts (spec 2.12, 5, 8): a manager creates, edits, re-passwords and deletes a
 * sub-account; server 422s show on the form; columns and the details dialog survive reloads.
 */
import type { Page } from '@playwright/test';
import {
  demoPassword,
  expect,
  loginAs,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const PAGE = '/settings/sub-accounts';

function table(page: Page) {
  return page.getByRole('table', { name: 'Sub-accounts' });
}

function row(page: Page, email: string) {
  return table(page).getByRole('row').filter({ hasText: email });
}

/** Narrows the list to one email so the row is on screen whatever else exists. */
async function filterByEmail(page: Page, email: string) {
  const filtersToggle = page.getByRole('button', { name: /^Filters/ });
  if ((await filtersToggle.getAttribute('aria-expanded')) !== 'true') await filtersToggle.click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForIdle(page);
}

async function apiLoginStatus(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/common/login', { data: { email, password } });
  return response.status();
}

test('a manager creates, edits, re-passwords and deletes a sub-account', async ({ page }) => {
  const email = `e2e-crud-${Date.now()}@demo.fiscus.test`;
  await loginAs(page, 'manager', { path: PAGE });
  await expect(page.getByRole('heading', { name: 'Sub-accounts' })).toBeVisible();
  await expect(row(page, 'sub@demo.fiscus.test')).toBeVisible();

  // Create: client-side rules first, then the server's 422 for a taken email.
  await page.getByRole('button', { name: 'New sub-account' }).click();
  const create = page.getByRole('dialog', { name: 'New sub-account' });
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('This value should not be blank.')).toHaveCount(2);
  await expect(create.getByText('Password is required')).toBeVisible();

  await create.getByRole('textbox', { name: 'Email' }).fill('sub@demo.fiscus.test');
  await create.getByRole('textbox', { name: 'Fiscal ID' }).fill('RSSMRA80A01H501U');
  await create.getByRole('textbox', { name: 'Full name' }).fill('Mario Rossi');
  await create.getByLabel('Password').fill('short');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(
    create.getByText('This value is too short. It should have 8 characters or more.'),
  ).toBeVisible();

  await create.getByLabel('Password').fill('Sub!Password1');
  await create.getByRole('button', { name: 'Save' }).click();
  // The 422: detail text in the banner, the violation under the email field.
  await expect(create.getByRole('alert')).toContainText('Validation Error');
  await expect(create.getByRole('alert')).toContainText('Email: This email is already used.');
  await expect(
    create
      .getByRole('textbox', { name: 'Email' })
      .locator('xpath=../..')
      .getByText('This email is already used.'),
  ).toBeVisible();
  await screenshot(page, 'sub-accounts-create-422');

  await create.getByRole('textbox', { name: 'Email' }).fill(email);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`Sub-account ${email} created`)).toBeVisible();
  await expect(row(page, email)).toContainText('Mario Rossi');
  expect(await apiLoginStatus(page, email, 'Sub!Password1')).toBe(200);

  // Change password: the short one is refused, the new one works for logging in.
  await row(page, email).getByRole('button', { name: 'Change password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: `Change the password of ${email}` });
  await passwordDialog.getByLabel('New password').fill('1234');
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    passwordDialog.getByText('This value is too short. It should have 8 characters or more.'),
  ).toBeVisible();
  await passwordDialog.getByLabel('New password').fill('Changed!Pass2');
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(passwordDialog).toBeHidden();
  await expect(page.getByText(`Password of ${email} changed`)).toBeVisible();
  expect(await apiLoginStatus(page, email, 'Changed!Pass2')).toBe(200);
  expect(await apiLoginStatus(page, email, 'Sub!Password1')).toBe(401);

  // Edit: full name of at least 3 characters, and disabling.
  await row(page, email).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${email}` });
  await edit.getByRole('textbox', { name: 'Full name' }).fill('Al');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(
    edit.getByText('This value is too short. It should have 3 characters or more.'),
  ).toBeVisible();
  await edit.getByRole('textbox', { name: 'Full name' }).fill('Alessandra Bianchi');
  await edit.getByRole('switch', { name: 'Enabled' }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, email)).toContainText('Alessandra Bianchi');
  await expect(row(page, email)).toContainText('No');

  // Delete, after confirming.
  await row(page, email).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete sub-account' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Sub-account ${email} deleted`)).toBeVisible();
  await expect(row(page, email)).toHaveCount(0);
  expect(await apiLoginStatus(page, email, 'Changed!Pass2')).toBe(401);
});

test('a failed delete shows the delete_error snackbar', async ({ page }) => {
  const email = `e2e-gone-${Date.now()}@demo.fiscus.test`;
  await loginAs(page, 'manager', { path: PAGE });
  const token = await page.evaluate(() => window.localStorage.getItem('fiscus.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/common/users/me/accounts', {
    headers,
    data: { email, fiscal_id: 'GNEGNE80A01H501U', password: demoPassword },
  });
  expect(created.status()).toBe(201);
  await filterByEmail(page, email);
  await expect(row(page, email)).toBeVisible();
  // Someone else deletes it meanwhile: our delete fails with the spec's snackbar.
  expect(
    (await page.request.delete(`/api/common/users/me/accounts/${email}`, { headers })).status(),
  ).toBe(204);
  await row(page, email).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete sub-account' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByText('The sub-account could not be deleted, please try again later.'),
  ).toBeVisible();
});

test('column choices survive a reload', async ({ page }) => {
  await loginAs(page, 'manager', { path: PAGE });
  await expect(table(page).getByRole('columnheader', { name: 'Fiscal ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Fiscal ID' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Creation date' }).click();
  await page.keyboard.press('Escape');
  await expect(table(page).getByRole('columnheader', { name: 'Fiscal ID' })).toHaveCount(0);

  await page.reload();
  await waitForIdle(page);
  await expect(table(page).getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Fiscal ID' })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'Creation date' })).toHaveCount(0);
  await expect(row(page, 'sub@demo.fiscus.test')).not.toContainText('SBUDMO');

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await expect(table(page).getByRole('columnheader', { name: 'Fiscal ID' })).toBeVisible();
});

test('the details dialog lives in the URL: Back closes it, the link reopens it', async ({
  page,
}) => {
  await loginAs(page, 'manager', { path: PAGE });
  await table(page).getByRole('link', { name: 'sub@demo.fiscus.test' }).click();
  const details = page.getByRole('dialog', { name: 'Sub-account sub@demo.fiscus.test' });
  await expect(details).toContainText('Sub Demo');
  await expect(page).toHaveURL(/dialogId=sub-account&dialog_email=sub%40demo\.fiscus\.test/);
  const link = page.url();

  await page.goBack();
  await expect(details).toBeHidden();
  await expect(page).not.toHaveURL(/dialogId/);

  // A fresh visit of the copied link opens the dialog straight away.
  await page.goto(link);
  await waitForIdle(page);
  await expect(details).toBeVisible();
  await expect(details).toContainText('Sub Demo');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await expect(page).not.toHaveURL(/dialogId/);

  // A link to someone else's (or no) sub-account shows nothing rather than an error dialog.
  await page.goto(`${PAGE}?dialogId=sub-account&dialog_email=italy%40demo.fiscus.test`);
  await waitForIdle(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'sub@demo.fiscus.test')).toBeVisible();
});

test('sub-account screens in every language', async ({ page }) => {
  await loginAs(page, 'manager', { path: PAGE });
  await screenshotEveryLanguage(page, 'sub-accounts-list');
  await page.goto(`${PAGE}?dialogId=sub-account&dialog_email=sub%40demo.fiscus.test`);
  await screenshotEveryLanguage(page, 'sub-accounts-details');
  await page.goto(PAGE);
  // The form opens through the URL (`?dialogId=new`), so every reload brings it back.
  await page.getByRole('button', { name: 'New sub-account' }).click();
  await expect(page).toHaveURL(/dialogId=new/);
  await screenshotEveryLanguage(page, 'sub-accounts-create-errors', async (reloaded) => {
    const dialog = reloaded.getByRole('dialog');
    await dialog.locator('input[name="email"]').fill('sub@demo.fiscus.test');
    await dialog.locator('input[name="fiscal_id"]').fill('RSSMRA80A01H501U');
    await dialog.locator('input[name="password"]').fill('Sub!Password1');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.getByRole('alert')).toBeVisible();
  });
});
