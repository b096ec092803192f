import {
  expect,
  loginAs,
  personaEmail,
  screenshot,
  screenshotEveryLanguage,
  storage,
  switchLanguage,
  test,
  waitForIdle,
} from './fixtures';
import type { Page } from '@playwright/test';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  return page.getByRole('menu');
}

test.describe('menus per persona', () => {
  test('Italian business: full Italian menu, open banking beside it', async ({ page }) => {
    test.slow(); // three reloads for the screenshots
    await loginAs(page, 'italy');
    const nav = navigation(page);
    for (const entry of [
      'Dashboard',
      'Integrations',
      'Business Registry',
      'Invoices sent',
      'Invoices received',
      'Drafts',
      'Sales',
      'Preservation',
    ]) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    // ALPHA SRL's bank account is read in open banking (issue 36): SDI Italy first, then it.
    const platform = page.getByRole('combobox', { name: 'Platform' });
    await expect(platform).toHaveText('SDI Italy');
    await platform.click();
    await expect(page.getByRole('option')).toHaveText(['SDI Italy', 'Open Banking']);
    await page.keyboard.press('Escape');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Sub-accounts' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Pre-sale actions' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Switch user' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: personaEmail('italy') })).toBeDisabled();
    await screenshot(page, 'user-menu');
    await page.keyboard.press('Escape');
    await screenshotEveryLanguage(page, 'dashboard');
  });

  test('supplier-only sees no customer invoices, transfers or drafts', async ({ page }) => {
    await loginAs(page, 'supplier-only');
    const nav = navigation(page);
    await expect(nav.getByRole('link', { name: 'Invoices received' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Invoices sent' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Invoice transfers' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Drafts' })).toHaveCount(0);
    await expect(nav.getByText('Invoices', { exact: true })).toHaveCount(0);
    await screenshot(page, 'menu-supplier-only');
    // Not a manager: the sub-accounts route sends them home.
    await page.goto('/settings/sub-accounts');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a sub-account gets the restricted menu', async ({ page }) => {
    await loginAs(page, 'sub');
    const links = navigation(page).getByRole('link');
    await expect(links).toHaveText(['Dashboard', 'Invoices sent', 'Invoices received', 'Drafts']);
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Sub-accounts' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await screenshot(page, 'menu-sub-account');
  });

  test('a stripe account has no pre-sale actions entry', async ({ page }) => {
    await loginAs(page, 'stripe');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Pre-sale actions' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });

  test('an account without usable context lands on /no-services', async ({ page }) => {
    test.slow(); // three reloads for the screenshots
    await loginAs(page, 'noservices');
    await expect(page).toHaveURL(/\/no-services$/);
    await expect(page.getByRole('heading', { name: 'No services available' })).toBeVisible();
    await screenshotEveryLanguage(page, 'no-services');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Poland and Open Banking get their own menus', async ({ page }) => {
    await loginAs(page, 'poland');
    await expect(navigation(page).getByRole('link')).toHaveText([
      'Legal entities',
      'Webhooks',
      'Outgoing invoices',
      'Incoming invoices',
    ]);
    await loginAs(page, 'openbanking');
    await expect(navigation(page).getByRole('link')).toHaveText([
      'Webhooks',
      'Business registry',
      'Transactions',
      'Payments',
    ]);
  });
});

test('context switch changes the menu and survives a reload', async ({ page }) => {
  test.slow(); // three reloads for the screenshots
  await loginAs(page, 'peppol');
  const switcher = page.getByRole('combobox', { name: 'Platform' });
  await expect(switcher).toHaveText('Peppol');
  await expect(navigation(page).getByRole('link', { name: 'Incoming orders' })).toBeVisible();
  await switcher.click();
  await page.getByRole('option', { name: 'Peppol Belgium' }).click();
  await expect(switcher).toHaveText('Peppol Belgium');
  await expect(navigation(page).getByRole('link', { name: 'Incoming orders' })).toHaveCount(0);
  await expect(navigation(page).getByRole('link', { name: 'Outgoing credit notes' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), storage.context)).toBe(
    'peppol_be',
  );
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveText('Peppol Belgium');
  await expect(navigation(page).getByRole('link', { name: 'Incoming orders' })).toHaveCount(0);
  await screenshotEveryLanguage(page, 'context-peppol-be');
});

test('an admin switches to another user and exits the switch', async ({ page }) => {
  await loginAs(page, 'admin');
  let menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Exit switch' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Switch user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch user' });
  const submit = dialog.getByRole('button', { name: 'Switch' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Username (email)').fill('nobody@demo.fiscus.test');
  await submit.click();
  await expect(dialog.getByText('No user with this username.')).toBeVisible();
  await screenshot(page, 'impersonation-dialog');
  await dialog.getByLabel('Username (email)').fill(personaEmail('italy'));
  await submit.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Acting as ${personaEmail('italy')}`)).toBeVisible();

  // The console now acts as italy@: italy's menu, italy's profile.
  await expect(navigation(page).getByRole('link', { name: 'Business Registry' })).toBeVisible();
  await page.goto('/profile');
  await waitForIdle(page);
  await expect(page.getByText('ALPHA SRL').first()).toBeVisible();
  await expect(page.getByTestId('recipient-code')).toHaveText('ABC1234');
  await screenshot(page, 'impersonating-profile');

  menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Exit switch' }).click();
  await expect(page.getByText(/Acting as/)).toHaveCount(0);
  await page.goto('/profile');
  await waitForIdle(page);
  await expect(page.getByText(personaEmail('admin')).first()).toBeVisible();
  await expect(page.getByText('ALPHA SRL')).toHaveCount(0);
});

test('unknown paths show the not-found page', async ({ page }) => {
  test.slow(); // three reloads for the screenshots
  await loginAs(page, 'italy');
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await screenshotEveryLanguage(page, 'not-found');
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('switches the language from the top bar', async ({ page }) => {
  await loginAs(page, 'italy');
  await switchLanguage(page, 'it');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(navigation(page)).toHaveCount(0); // the nav label is translated now
  await expect(
    page
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByRole('link', { name: 'Fatture inviate' }),
  ).toBeVisible();
  await switchLanguage(page, 'pl');
  await expect(page.getByRole('heading', { name: 'Pulpit', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pulpit', level: 1 })).toBeVisible();
});

test('logout clears the session', async ({ page }) => {
  await loginAs(page, 'italy');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), storage.token)).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fdashboard$/);
});

test('a rejected token sends the user back to login', async ({ page }) => {
  await loginAs(page, 'italy');
  await page.evaluate((key) => {
    const [header, payload] = (window.localStorage.getItem(key) ?? '').split('.');
    window.localStorage.setItem(key, `${header}.${payload}.tampered-signature`);
  }, storage.token);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fprofile$/);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer is temporary and closes after navigating', async ({ page }) => {
    test.slow(); // three reloads for the screenshots
    await loginAs(page, 'italy');
    await expect(navigation(page)).toBeHidden();
    await screenshotEveryLanguage(page, 'dashboard-mobile');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(navigation(page)).toBeVisible();
    await screenshot(page, 'drawer-mobile');
    await navigation(page).getByRole('link', { name: 'Invoices sent' }).click();
    await expect(page).toHaveURL(/\/customer-invoice(\?[^/]*)?$/);
    await expect(navigation(page)).toBeHidden();
  });
});
