/**
 * Shared helpers of the browser journeys: demo personas, logging in (through the API for speed or
 * through the form when the form is under test), language switching and screenshots.
 */
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { expect, test } from '@playwright/test';

/** Every demo account shares this password (README, API seed). */
export const demoPassword = 'Fiscus!demo1';

export const personas = [
  'italy',
  'supplier-only',
  'customer-only',
  'manager',
  'sub',
  'admin',
  'stripe',
  'poland',
  'openbanking',
  'peppol',
  'noservices',
  'nocosts',
] as const;

export type Persona = (typeof personas)[number];

export function personaEmail(persona: Persona): string {
  return `${persona}@demo.fiscus.test`;
}

export const languages = ['it', 'en', 'pl'] as const;

export type Language = (typeof languages)[number];

/** Names the language menu shows (each in its own language). */
export const languageNames: Record<Language, string> = {
  it: 'Italiano',
  en: 'English',
  pl: 'Polski',
};

/** localStorage keys the console uses (apps/web/src/lib/storage.ts and i18next's detector). */
export const storage = {
  token: 'fiscus.token',
  impersonation: 'fiscus.impersonation',
  context: 'fiscus.context',
  language: 'i18nextLng',
} as const;

/** Gets a token from the API, without the login page. */
export async function apiToken(page: Page, persona: Persona): Promise<string> {
  const response = await page.request.post('/api/common/login', {
    data: { email: personaEmail(persona), password: demoPassword },
  });
  expect(response.status(), `login of ${persona}`).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/**
 * Logs in as a persona through the API and opens `path` (default /dashboard), in `language`
 * (default English). Use `loginThroughForm` when the login page itself is under test.
 */
export async function loginAs(
  page: Page,
  persona: Persona,
  options: { path?: string; language?: Language } = {},
): Promise<void> {
  const token = await apiToken(page, persona);
  await page.goto('/login');
  await page.evaluate(
    ({ keys, token: value, language }) => {
      window.localStorage.clear();
      window.localStorage.setItem(keys.token, value);
      window.localStorage.setItem(keys.language, language);
    },
    { keys: storage, token, language: options.language ?? 'en' },
  );
  await page.goto(options.path ?? '/dashboard');
  await waitForIdle(page);
}

/** Fills and submits the real login form (the page must already show it). */
export async function loginThroughForm(page: Page, persona: Persona, password = demoPassword) {
  await page.getByLabel('Email', { exact: false }).first().fill(personaEmail(persona));
  await page.getByLabel(/^(Password|Hasło)/).fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Waits until no request is in flight and no spinner is visible. */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Switches language with the top-bar menu (no reload; open dialogs must be closed first). */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

const screenshotsRoot = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

export function screenshotPath(language: Language, name: string): string {
  return join(screenshotsRoot, language, `${name}.png`);
}

/** Saves `e2e/screenshots/<lang>/<name>.png` of the page as it is now, in its current language. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const lang = (await page.locator('html').getAttribute('lang')) ?? 'en';
  const language = (languages as readonly string[]).includes(lang) ? (lang as Language) : 'en';
  const path = screenshotPath(language, name);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
}

/**
 * Screenshots the current page in it, en and pl: sets the language, reloads, lets `reopen`
 * restore what a reload loses (an open dialog), then saves `<lang>/<name>.png`. Ends in English.
 */
export async function screenshotEveryLanguage(
  page: Page,
  name: string,
  reopen?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const language of [...languages.filter((entry) => entry !== 'en'), 'en' as const]) {
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
      key: storage.language,
      value: language,
    });
    await page.reload();
    await waitForIdle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    if (reopen) await reopen(page);
    await screenshot(page, name);
  }
}

/** Gets a token for any account (one a test created, e.g. a sub-account with chosen roles). */
export async function apiTokenFor(
  page: Page,
  email: string,
  password = demoPassword,
): Promise<string> {
  const response = await page.request.post('/api/common/login', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/**
 * Creates a sub-account of italy@ (ROLE_INVOICING, the demo password) for a journey that changes
 * its password: a new password ends every token of the account, so a demo persona another
 * journey is using at the same time must never be the one changed.
 */
export async function createThrowawayAccount(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.fiscus.test`;
  const token = await apiToken(page, 'italy');
  const created = await page.request.post('/api/common/users/me/accounts', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      email,
      fiscal_id: 'RSSMRA80A01H501U',
      password: demoPassword,
      roles: { it: ['ROLE_INVOICING'] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

/** Like `loginAs`, for an account that is not a demo persona. */
export async function loginAsEmail(
  page: Page,
  email: string,
  options: { path?: string; language?: Language; password?: string } = {},
): Promise<void> {
  const token = await apiTokenFor(page, email, options.password);
  await page.goto('/login');
  await page.evaluate(
    ({ keys, token: value, language }) => {
      window.localStorage.clear();
      window.localStorage.setItem(keys.token, value);
      window.localStorage.setItem(keys.language, language);
    },
    { keys: storage, token, language: options.language ?? 'en' },
  );
  await page.goto(options.path ?? '/dashboard');
  await waitForIdle(page);
}
