/**
 * The list kit on a real screen (the sub-accounts list of italy@, which manages sub-accounts):
 * filters, page, page size and ordering in the URL, page reset on search, Clear, tri-state and
 * date-range filters with presets, Back restoring the previous list.
 */
import type { Page } from '@playwright/test';
import {
  demoPassword,
  expect,
  loginAs,
  personaApi,
  runStamp,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PAGE = '/settings/sub-accounts';
const COUNT = 31;
/** Unique per run so the counts below hold even against a reused database. */
const prefix = `${runStamp('kit').toLowerCase()}-`;
const emailOf = (index: number) => `${prefix}${String(index).padStart(2, '0')}@demo.fiscus.test`;

test.beforeAll(async () => {
  const italy = await personaApi('italy');
  for (let index = 1; index <= COUNT; index += 1) {
    const response = await italy.api.post('/api/common/users/me/accounts', {
      headers: italy.headers,
      // Every third one disabled, for the tri-state filter.
      data: {
        email: emailOf(index),
        fiscal_id: `KIT${String(index).padStart(2, '0')}`,
        fullname: `Kit Person ${index}`,
        password: demoPassword,
        enabled: index % 3 !== 0,
      },
    });
    expect(response.status(), `create ${emailOf(index)}`).toBe(201);
  }
  await italy.dispose();
});

function rows(page: Page) {
  // Body rows only: the header row holds column headers, not cells.
  return page
    .getByRole('table', { name: 'Sub-accounts' })
    .getByRole('row')
    .filter({
      has: page.getByRole('cell'),
    });
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

async function search(page: Page) {
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForIdle(page);
}

function query(page: Page) {
  return new URL(page.url()).searchParams;
}

test('pages and page sizes live in the URL', async ({ page }) => {
  await loginAs(page, 'italy', { path: `${PAGE}?email=${prefix}` });
  await expect(page.getByText(`1–30 of ${COUNT}`)).toBeVisible();
  await expect(rows(page)).toHaveCount(30);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await waitForIdle(page);
  expect(query(page).get('page')).toBe('2');
  await expect(rows(page)).toHaveCount(1);

  // Reload keeps the page; a new page size goes back to page 1.
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByText(`31–31 of ${COUNT}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await page.getByRole('option', { name: '50' }).click();
  await waitForIdle(page);
  expect(query(page).get('itemsPerPage')).toBe('50');
  expect(query(page).has('page')).toBe(false);
  await expect(rows(page)).toHaveCount(COUNT);
});

test('searching resets the page; Clear restores the defaults; Back restores the list', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: `${PAGE}?email=${prefix}&page=2` });
  await openFilters(page);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(prefix);

  // Tri-state: only the disabled ones (every third of 31 = 10).
  await page.getByRole('combobox', { name: 'Enabled' }).click();
  await expect(page.getByRole('option')).toHaveText(['Any', 'Yes', 'No']);
  await page.getByRole('option', { name: 'No' }).click();
  await search(page);
  expect(query(page).get('enabled')).toBe('false');
  expect(query(page).has('page')).toBe(false);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Filters (2 active)' })).toBeVisible();

  // Narrower email, still page 1.
  await page.getByRole('textbox', { name: 'Email' }).fill(`${prefix}0`);
  await search(page);
  await expect(rows(page)).toHaveCount(3); // 03, 06, 09

  // Back: the previous filters, in the URL and in the panel.
  await page.goBack();
  await waitForIdle(page);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(prefix);

  await page.getByRole('button', { name: 'Clear' }).click();
  await waitForIdle(page);
  expect([...query(page).keys()]).toEqual([]);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
});

test('sortable headers write the order into the URL', async ({ page }) => {
  await loginAs(page, 'italy', { path: `${PAGE}?email=${prefix}` });
  await page.getByRole('button', { name: 'Email' }).click();
  await waitForIdle(page);
  expect(query(page).get('order[email]')).toBe('asc');
  await expect(rows(page).first()).toContainText(emailOf(1));
  await page.getByRole('button', { name: 'Email' }).click();
  await waitForIdle(page);
  expect(query(page).get('order[email]')).toBe('desc');
  await expect(rows(page).first()).toContainText(emailOf(COUNT));
});

test('date-range presets send day bounds with the time zone', async ({ page }) => {
  await loginAs(page, 'italy', { path: `${PAGE}?email=${prefix}` });
  await openFilters(page);
  await page.getByRole('button', { name: 'Presets' }).click();
  // The spec's presets (last month, last 3 and 6 months, this year, last year), then a way out.
  await expect(page.getByRole('menuitem')).toHaveText([
    'Last month',
    'Last 3 months',
    'Last 6 months',
    'This year',
    'Last year',
    'No dates',
  ]);
  await page.getByRole('menuitem', { name: 'Last month' }).click();
  const [listCall] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/api/common/users/me/accounts?')),
    page.getByRole('button', { name: 'Search' }).click(),
  ]);
  await waitForIdle(page);
  // The browser runs in Europe/Rome (playwright.config): bounds carry its offset.
  const sent = new URL(listCall.url()).searchParams;
  expect(sent.get('created_at[after]')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+0[12]:00$/);
  expect(sent.get('created_at[before]')).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59\+0[12]:00$/);
  await expect(page.getByText(`1–30 of ${COUNT}`)).toBeVisible();
  // The router commits the new filters in a transition; editing the panel before that commit
  // would edit the form the commit replaces.
  await expect(page.getByRole('button', { name: 'Filters (3 active)' })).toBeVisible();

  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: 'Last year' }).click();
  await search(page);
  await expect(page.getByText('No records found')).toBeVisible();

  await screenshotEveryLanguage(page, 'list-kit-filters-empty');
});
