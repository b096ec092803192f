/**
 * Shared helpers of the browser journeys: demo personas, logging in (through the API for speed or
 * through the form when the form is under test), an API client per persona, the official
 * FatturaPA samples made unique per run and sent through the API, language switching and
 * screenshots.
 */
import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL } from './playwright.config';

export { expect };

/** How much of the page's outline a failure report prints (the CI log keeps it readable). */
const OUTLINE_CHARS = 4_000;

/**
 * Playwright's `test`, with one automatic addition: when a test fails, the report (the CI log,
 * where the trace and screenshot are out of reach) says what the page showed: its accessible
 * outline, the spinners still turning and where, and the API calls that failed or never answered.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const started = new Map<string, number>();
    const failed: string[] = [];
    const key = (url: string, method: string) => `${method} ${url.replace(baseURL, '')}`;
    page.on('request', (req) => {
      if (req.url().includes('/api/')) started.set(key(req.url(), req.method()), Date.now());
    });
    page.on('response', (res) => {
      const name = key(res.url(), res.request().method());
      const since = started.get(name);
      started.delete(name);
      if (res.status() >= 400 && res.url().includes('/api/'))
        failed.push(`${name} → ${res.status()}${since ? ` (${Date.now() - since} ms)` : ''}`);
    });
    page.on('requestfailed', (req) => {
      started.delete(key(req.url(), req.method()));
      if (req.url().includes('/api/'))
        failed.push(`${key(req.url(), req.method())} → ${req.failure()?.errorText ?? 'failed'}`);
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    // The open dialogs, then the page's main part (the navigation would fill the budget).
    const parts = page.locator('[role="dialog"], main');
    const outlines: string[] = [];
    for (const part of await parts.all().catch(() => []))
      outlines.push(
        await part
          .ariaSnapshot({ timeout: 5_000 })
          .catch((error: unknown) => `(no outline: ${String(error)})`),
      );
    const outline = outlines.join('\n') || '(no dialog and no main part)';
    const spinners = await page
      .locator('.MuiCircularProgress-root, .plain-spinner')
      .evaluateAll((nodes) =>
        nodes.map((node) => {
          const where = node.closest('[role="dialog"], main, header, nav, button');
          const label = node.getAttribute('aria-label') ?? '';
          return `${label || 'spinner'} in ${where?.getAttribute('aria-label') ?? where?.tagName.toLowerCase() ?? 'body'}`;
        }),
      )
      .catch(() => []);
    const now = Date.now();
    const pending = [...started].map(([name, at]) => `${name} (waiting ${now - at} ms)`);
    console.log(
      [
        `--- what the page showed when "${testInfo.title}" failed (${page.url().replace(baseURL, '')})`,
        outline.length > OUTLINE_CHARS ? `${outline.slice(0, OUTLINE_CHARS)}\n…` : outline,
        `spinners: ${spinners.length ? spinners.join('; ') : 'none'}`,
        `API calls refused or failed: ${failed.length ? failed.slice(-15).join('; ') : 'none'}`,
        `API calls unanswered: ${pending.length ? pending.join('; ') : 'none'}`,
        '---',
      ].join('\n'),
    );
  },
});

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
  // Sub-accounts of italy@: linked to ALPHA SERVIZI SRL alone, and to no registry.
  'italy-branch',
  'italy-unlinked',
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

/**
 * Waits until no request is in flight and nothing on the page is loading. A button's own spinner
 * is not the page loading: the list's refresh button spins during each background poll of an
 * invoice still on its way, which a loaded runner can keep busy for long.
 */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // 30 s: a 2-core runner starved by the server and two browsers has taken over 15 s to render a
  // list and open a dialog over it (seen 2 Dec 2026); a page that never settles still fails.
  await expect(page.locator('.MuiCircularProgress-root:not(button *), .plain-spinner')).toHaveCount(
    0,
    {
      timeout: 30_000,
    },
  );
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
 * The languages `screenshotEveryLanguage` shows a page in, English last. Locally: all of them,
 * for a person to look at. On CI nobody looks at the pictures and each language costs a reload
 * of the whole console: one other language per page (it or pl, by the picture's name, so the
 * suite covers both), then English; `E2E_EVERY_LANGUAGE=1` asks for all of them there too.
 */
export function screenshotLanguages(name: string): Language[] {
  const others = languages.filter((entry) => entry !== 'en');
  if (!process.env.CI || process.env.E2E_EVERY_LANGUAGE) return [...others, 'en'];
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return [others[hash % others.length] ?? 'it', 'en'];
}

/**
 * Screenshots the current page in it, en and pl (see `screenshotLanguages`): sets the language,
 * reloads, lets `reopen` restore what a reload loses (an open dialog), then saves
 * `<lang>/<name>.png`. Ends in English.
 */
export async function screenshotEveryLanguage(
  page: Page,
  name: string,
  reopen?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const language of screenshotLanguages(name)) {
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

/** An API client logged in as a persona, for setting up what a journey needs. */
export interface PersonaApi {
  api: APIRequestContext;
  token: string;
  /** The bearer header of `token`. */
  headers: { Authorization: string };
  dispose: () => Promise<void>;
}

/** Logs in as `persona` through the API, outside any page (`beforeAll`). Dispose it when done. */
export async function personaApi(persona: Persona = 'italy'): Promise<PersonaApi> {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/common/login', {
    data: { email: personaEmail(persona), password: demoPassword },
  });
  expect(login.status(), `login of ${persona}`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return {
    api,
    token,
    headers: { Authorization: `Bearer ${token}` },
    dispose: () => api.dispose(),
  };
}

/**
 * A stamp unique to this run, for invoice numbers, names and emails that must not collide with
 * other runs on the same database (SDI's duplicate check, 00404). It ends in a digit: SDI refuses
 * an invoice number without one (00425), and base 36 may have none.
 */
export function runStamp(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}0`;
}

/** The official FatturaPA samples of the shared spec. */
export const officialSamplesDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../shared/spec/fatturapa/samples/official',
);

/** The ordinary (FPR12) official sample, from IT01234567890 to a business customer. */
export const standardSample = 'v1.2.2/IT01234567890_FPR01.xml';

/** What a journey changes in an official sample. */
export interface SampleChanges {
  /** The first Numero (the invoice number). */
  number?: string;
  /** The customer's Denominazione. */
  customerName?: string;
  /** The first Data (the document date, YYYY-MM-DD). */
  date?: string;
  /**
   * The samples' placeholder VAT numbers (01234567890, 09876543210) with correct check digits,
   * for the guided form, which flags wrong ones.
   */
  validVatNumbers?: boolean;
  /**
   * The CodiceDestinatario. HOLD001 (HOLDPA for a public administration's sample): the sandbox's
   * SDI holds the file (marking sent) until an outcome is scripted, e.g. a rejection (NS).
   */
  recipientCode?: string;
}

/** An official sample (path below `officialSamplesDir`) with `changes` applied. */
export function sampleXml(path: string = standardSample, changes: SampleChanges = {}): string {
  let xml = readFileSync(join(officialSamplesDir, path), 'utf8');
  if (changes.validVatNumbers) {
    xml = xml.replaceAll('01234567890', '01234567897').replaceAll('09876543210', '09876543217');
  }
  if (changes.number !== undefined) {
    xml = xml.replace(/<Numero>[^<]*<\/Numero>/, `<Numero>${changes.number}</Numero>`);
  }
  if (changes.recipientCode !== undefined) {
    xml = xml.replace(
      /<CodiceDestinatario>[^<]*<\/CodiceDestinatario>/,
      `<CodiceDestinatario>${changes.recipientCode}</CodiceDestinatario>`,
    );
  }
  if (changes.date !== undefined) {
    xml = xml.replace(/<Data>[^<]*<\/Data>/, `<Data>${changes.date}</Data>`);
  }
  if (changes.customerName !== undefined) {
    const customer = xml.indexOf('<CessionarioCommittente>');
    const start = xml.indexOf('<Denominazione>', customer) + '<Denominazione>'.length;
    const end = xml.indexOf('</Denominazione>', start);
    xml = `${xml.slice(0, start)}${changes.customerName}${xml.slice(end)}`;
  }
  return xml;
}

/** Sends an invoice XML to SDI through the API (202) and answers its uuid. */
export async function sendInvoice(client: PersonaApi, xml: string): Promise<string> {
  const response = await client.api.post('/api/it/invoices', {
    headers: { ...client.headers, 'Content-Type': 'application/xml' },
    data: xml,
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { uuid: string }).uuid;
}

/** The marking of an invoice, read through the API. */
export async function markingOf(client: PersonaApi, uuid: string): Promise<string> {
  const response = await client.api.get(`/api/it/invoices/${uuid}`, {
    headers: { ...client.headers, Accept: 'application/json' },
  });
  expect(response.status(), `invoice ${uuid}`).toBe(200);
  return ((await response.json()) as { marking: string }).marking;
}
