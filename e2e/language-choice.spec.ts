/**
 * The language chosen in the console is kept (issue 31): a `?lng=` in the address is read first
 * by the language detector, so it used to win over the user's choice at every reload. Choosing a
 * language takes it out of the address; the choice survives a reload, in the console and on the
 * login page.
 */
import type { Page } from '@playwright/test';
import { expect, languageNames, loginAs, test, waitForIdle } from './fixtures';
import type { Language } from './fixtures';

async function choose(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('a language chosen in the console wins over ?lng= after a reload, in it and pl', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: '/customer-invoice?lng=en' });
  await waitForIdle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await choose(page, 'it');
  await expect(page).not.toHaveURL(/[?&]lng=/);
  // The list's own address (its filters) is kept.
  await expect(page).toHaveURL(/\/customer-invoice/);
  await page.reload();
  await waitForIdle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  await page.goto('/dashboard?lng=it');
  await waitForIdle(page);
  await choose(page, 'pl');
  await expect(page).not.toHaveURL(/[?&]lng=/);
  await page.reload();
  await waitForIdle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await choose(page, 'en');
});

test('a language chosen on the login page wins over ?lng= after a reload', async ({ page }) => {
  await page.goto('/login?lng=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await choose(page, 'it');
  await expect(page).not.toHaveURL(/[?&]lng=/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await choose(page, 'en');
});

test("the login page's demo logins are worded in Italian and Polish, none left in English", async ({
  page,
}) => {
  const config = (await (await page.request.get('/config.json')).json()) as {
    demoLogins: { email: string; persona: string }[];
  };
  expect(config.demoLogins.map((login) => login.email)).toContain('nocosts@demo.fiscus.test');
  for (const [language, nocosts] of [
    ['it', 'Fatturazione italiana con statistiche ma senza costi'],
    ['pl', 'Fakturowanie włoskie ze statystykami, bez kosztów'],
  ] as const) {
    await page.goto(`/login?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const logins = page.getByRole('list').filter({ hasText: 'nocosts@demo.fiscus.test' });
    await expect(logins.getByText(nocosts)).toBeVisible();
    for (const login of config.demoLogins) {
      const item = logins.getByRole('button').filter({ hasText: login.email });
      const worded = (await item.innerText()).replace(login.email, '').trim();
      expect(worded, `${login.email} in ${language}`).not.toBe(login.persona);
    }
  }
});
