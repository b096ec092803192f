/**
 * Browser journeys of the shell for issue 20: the not-found countdown, the skip link and the
 * focus outline with the keyboard, the invoice dialogs at 390 px, the whole user name in the top
 * bar at 1440 px, and the help pages of a stripe account.
 */
import {
  expect,
  loginAs,
  personaEmail,
  screenshot,
  screenshotEveryLanguage,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';

test('an unknown path counts down and goes back, or to the customer invoices at once', async ({
  page,
}) => {
  await loginAs(page, 'italy');
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/Leaving this page in [1-5] s/);
  await screenshotEveryLanguage(page, 'not-found-countdown', async (reloaded: Page) => {
    await expect(reloaded.getByRole('timer')).toBeVisible();
  });
  // Back to the page before, the dashboard, once the five seconds are over.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/still/not/here');
  await page.getByRole('button', { name: 'Back to customer invoices' }).click();
  await expect(page).toHaveURL(/\/customer-invoice$/);
});

test('the keyboard: skip to content first, and a visible outline on focused buttons', async ({
  page,
}) => {
  await loginAs(page, 'italy');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await screenshot(page, 'skip-link');

  // The next Tab stop is the top bar's first button: it draws an outline.
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLButtonElement)) return null;
    const style = getComputedStyle(focused);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(outline).not.toBeNull();
  expect(outline?.style).not.toBe('none');
  expect(outline?.width).not.toBe('0px');
  await screenshot(page, 'focus-outline');

  // Back to the skip link: Enter puts the focus on the page, past the top bar and the menu.
  await page.keyboard.press('Shift+Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

/** The dialog fills the 390 × 844 viewport and its two tabs are whole and read differently. */
async function expectFullScreenWithDistinctTabs(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  const tabs = dialog.getByRole('tab');
  await expect(tabs).toHaveCount(2);
  const labels = await tabs.allInnerTexts();
  expect(new Set(labels.map((label) => label.replace(/\s+/g, ' ').trim())).size).toBe(2);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
    // The whole label shows: nothing is clipped or cut with an ellipsis.
    const clipped = await tab.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(clipped).toBe(false);
  }
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the invoice dialogs are full-screen with distinct tab labels', async ({ page }) => {
    // Two invoice forms and a reload in each language: more than a minute on a shared 2-core machine.
    test.setTimeout(180_000);
    await loginAs(page, 'italy', { path: '/customer-invoice?dialogId=new' });
    await expectFullScreenWithDistinctTabs(page, 'New invoice');
    await screenshotEveryLanguage(page, 'new-invoice-390', async (reloaded) => {
      await expect(reloaded.getByRole('dialog')).toBeVisible();
    });
    await expectFullScreenWithDistinctTabs(page, 'New invoice');

    await page.goto('/invoice-drafts');
    await page.getByRole('button', { name: 'New draft' }).click();
    await expectFullScreenWithDistinctTabs(page, 'New draft');
    await screenshot(page, 'new-draft-390');
  });
});

test('the top bar shows the whole user name at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'supplier-only');
  const button = page.getByRole('button', { name: 'User menu' });
  await expect(button).toContainText(personaEmail('supplier-only'));
  const cut = await button
    .locator('span', { hasText: personaEmail('supplier-only') })
    .last()
    .evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(cut).toBe(false);
  await screenshot(page, 'top-bar-user-name-1440');
});

test('a stripe account reads its FAQ and manual, from the menu and the user menu', async ({
  page,
}) => {
  await loginAs(page, 'stripe');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Stripe FAQ' })
    .click();
  await expect(page).toHaveURL(/\/help\/stripe-faq$/);
  await expect(
    page.getByRole('heading', { name: 'Stripe account: frequently asked questions', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where are my invoices?' })).toBeVisible();
  await screenshotEveryLanguage(page, 'stripe-faq');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Stripe manual' }).click();
  await expect(page).toHaveURL(/\/help\/stripe-manual$/);
  await expect(
    page.getByRole('heading', { name: 'Stripe account: manual', level: 1 }),
  ).toBeVisible();
  await screenshotEveryLanguage(page, 'stripe-manual');
});

test('other accounts have no stripe help', async ({ page }) => {
  await loginAs(page, 'italy');
  await expect(page.getByRole('link', { name: 'Stripe FAQ' })).toHaveCount(0);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Stripe manual' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/help/stripe-faq');
  await expect(page).toHaveURL(/\/dashboard$/);
});
