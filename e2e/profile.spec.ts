import type { Page } from '@playwright/test';
import {
  createThrowawayAccount,
  demoPassword,
  expect,
  loginAs,
  loginAsEmail,
  personaEmail,
  screenshot,
  screenshotEveryLanguage,
  test,
} from './fixtures';

async function openEditDialog(page: Page) {
  await page.getByRole('button', { name: /^(Edit|Modifica|Edytuj)$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/dialogId=edit/);
}

async function openPasswordDialog(page: Page) {
  await page
    .getByRole('button', { name: /^(Change password|Cambia password|Zmień hasło)$/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/dialogId=password/);
}

/** The dialogs open through the URL (`?dialogId=edit|password`), so a reload keeps them open. */
async function dialogShown(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
}

test('shows the profile and the recipient code of an Italian business', async ({ page }) => {
  test.slow(); // nine reloads for the screenshots of the page and its two dialogs
  await loginAs(page, 'italy', { path: '/profile' });
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByText('IT01234567897')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recipient code' })).toBeVisible();
  await expect(page.getByTestId('recipient-code')).toHaveText('ABC1234');
  await screenshotEveryLanguage(page, 'profile');
  await openEditDialog(page);
  await screenshotEveryLanguage(page, 'profile-edit-dialog', dialogShown);
  // Escape closes the form and removes it from the address.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).not.toHaveURL(/dialogId/);
  await openPasswordDialog(page);
  await screenshotEveryLanguage(page, 'profile-password-dialog', dialogShown);
});

test('hides the recipient-code card without an Italian role', async ({ page }) => {
  await loginAs(page, 'poland', { path: '/profile' });
  await expect(page.getByText(personaEmail('poland')).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recipient code' })).toHaveCount(0);
});

test('edits the profile; email, VAT number and fiscal id stay read-only', async ({ page }) => {
  await loginAs(page, 'customer-only', { path: '/profile' });
  await openEditDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(dialog.getByLabel('VAT number')).toBeDisabled();
  await expect(dialog.getByLabel('Fiscal code')).toBeDisabled();

  await dialog.getByLabel('Credit alert email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This value is not a valid email address.')).toBeVisible();

  const city = `Torino ${Date.now() % 10_000}`;
  await dialog.getByLabel('Credit alert email').fill('alerts@demo.fiscus.test');
  await dialog.getByLabel('City').fill(city);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialogId/);
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByText(city)).toBeVisible();
  await page.reload();
  await expect(page.getByText(city)).toBeVisible();
  await expect(page.getByText('alerts@demo.fiscus.test')).toBeVisible();
});

test('password change shows the server violations, then succeeds', async ({ page }) => {
  // A new password ends every token of the account: not a persona other journeys are signed in as.
  const email = await createThrowawayAccount(page, 'password');
  await loginAsEmail(page, email, { path: '/profile' });
  await openPasswordDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  // No client-side rules: the 422 comes from the API.
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill('short');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Password change failed');
  await expect(alert).toContainText(
    'This value is too short. It should have 8 characters or more.',
  );
  await expect(dialog.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await screenshot(page, 'profile-password-422');

  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(demoPassword);
  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill(`${demoPassword}x`);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Passwords do not match').first()).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill(demoPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialogId/);
  await expect(page.getByText('Password changed')).toBeVisible();
  // The token signed before the change is dead; the console keeps the new one, so the user
  // stays signed in, after a reload too.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
});
