/**
 * The business registry screen against the real server (account spec 2.6-2.8, 3-6): a sub-account
 * manager creates a company, edits it, sets its smart receipt alerts, connects a sub-account,
 * opens its statistics and its jobs, then deletes it; the supplier-invoice settings box; the role
 * rules of the menu and the route. Screenshots of the page and the dialog in it, en and pl.
 */
import type { Page } from '@playwright/test';
import {
  demoPassword,
  expect,
  loginAs,
  personaApi,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';
import type { PersonaApi } from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const PAGE = '/business-registry-configurations';
/** A VAT number unique to this run (11 digits). */
const FISCAL_ID = `9${String(Date.now()).slice(-10)}`;
const SUB_ACCOUNT = `e2e-brc-${Date.now()}@e2e.fiscus.test`;

let manager: PersonaApi;

test.beforeAll(async () => {
  manager = await personaApi('manager');
  const created = await manager.api.post('/api/common/users/me/accounts', {
    headers: manager.headers,
    data: {
      email: SUB_ACCOUNT,
      fiscal_id: 'RSSMRA80A01H501U',
      fullname: 'Registry Helper',
      password: demoPassword,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
});

test.afterAll(async () => {
  await manager.api.delete(`/api/common/users/me/accounts/${encodeURIComponent(SUB_ACCOUNT)}`, {
    headers: manager.headers,
  });
  await manager.dispose();
});

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

function table(page: Page) {
  return page.getByRole('table', { name: 'Business Registry' });
}

function row(page: Page, fiscalId: string) {
  return table(page).getByRole('row').filter({ hasText: fiscalId });
}

async function filterByFiscalId(page: Page, fiscalId: string) {
  const filtersToggle = page.getByRole('button', { name: /^Filters/ });
  if ((await filtersToggle.getAttribute('aria-expanded')) !== 'true') await filtersToggle.click();
  await page.getByRole('textbox', { name: 'Fiscal ID' }).fill(fiscalId);
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForIdle(page);
}

async function registry(fiscalId: string) {
  const response = await manager.api.get(`/api/it/business-registry-configurations/${fiscalId}`, {
    headers: { ...manager.headers, Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    name: string | null;
    receipts_enabled: boolean;
    sub_accounts: string[];
    phone_number: string | null;
    receipts_alert_recipients: string[];
  };
}

test('a manager creates, edits, configures, links and deletes a business registry', async ({
  page,
}) => {
  await loginAs(page, 'manager', { path: PAGE });
  await expect(page.getByRole('heading', { name: 'Business Registry', level: 1 })).toBeVisible();
  // manager@'s recipient code (MGR0001) is a real one: the supplier settings box shows.
  await expect(page.getByRole('region', { name: 'Supplier invoice settings' })).toBeVisible();

  // Create: the fiscal id is required and checked, then saved.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New business registry configuration' });
  await expect(create.getByRole('tab')).toHaveCount(0);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('This field is required')).toBeVisible();
  await create.getByRole('textbox', { name: 'Fiscal ID' }).fill('IT123');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(
    create.getByText('Enter an 11-digit VAT number or a 16-character codice fiscale'),
  ).toBeVisible();
  await create.getByRole('textbox', { name: 'Fiscal ID' }).fill(FISCAL_ID);
  await create.getByRole('textbox', { name: 'Name' }).fill('E2E Registry SRL');
  await create.getByRole('textbox', { name: 'Email' }).fill('registry@e2e.fiscus.test');
  await create.getByRole('switch', { name: 'Supplier invoices' }).check();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`Saved - Fiscal ID: ${FISCAL_ID}`)).toBeVisible();

  // The same fiscal id again: the server's 422 on the field.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'New business registry configuration' });
  await again.getByRole('textbox', { name: 'Fiscal ID' }).fill(FISCAL_ID);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByRole('alert')).toContainText(
    'A business registry configuration with this fiscal id already exists.',
  );
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  await filterByFiscalId(page, FISCAL_ID);
  await expect(row(page, FISCAL_ID)).toContainText('E2E Registry SRL');
  await screenshotEveryLanguage(page, 'business-registry');

  // Edit: the fiscal id is fixed, smart receipts on; the dialog survives a reload.
  await row(page, FISCAL_ID).getByRole('button', { name: 'Settings' }).click();
  const dialogName = `Business registry ${FISCAL_ID}`;
  let settings = page.getByRole('dialog', { name: dialogName });
  await expect(settings.getByRole('textbox', { name: 'Fiscal ID' })).toBeDisabled();
  await page.reload();
  await waitForIdle(page);
  settings = page.getByRole('dialog', { name: dialogName });
  await expect(settings.getByRole('textbox', { name: 'Name' })).toHaveValue('E2E Registry SRL');
  await settings.getByRole('textbox', { name: 'Name' }).fill('E2E Registry Renamed SRL');
  await settings.getByRole('switch', { name: 'Smart receipts' }).check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await expect(row(page, FISCAL_ID)).toContainText('E2E Registry Renamed SRL');
  expect((await registry(FISCAL_ID)).receipts_enabled).toBe(true);

  // Smart receipt tab: a wrong email and a number without prefix are refused, then saved.
  await row(page, FISCAL_ID).getByRole('button', { name: 'Settings' }).click();
  settings = page.getByRole('dialog', { name: dialogName });
  await settings.getByRole('tab', { name: 'Smart receipt' }).click();
  await settings.getByRole('textbox', { name: 'Alert recipient 1' }).fill('alerts-at-example');
  await settings.getByRole('textbox', { name: 'Phone number' }).fill('333 123 4567');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Invalid email')).toBeVisible();
  await expect(
    settings.getByText('The phone number must include the international prefix'),
  ).toBeVisible();
  await settings.getByRole('textbox', { name: 'Alert recipient 1' }).fill('alerts@e2e.fiscus.test');
  await settings.getByRole('button', { name: 'Add recipient' }).click();
  await settings.getByRole('textbox', { name: 'Alert recipient 2' }).fill('ops@e2e.fiscus.test');
  await settings.getByRole('textbox', { name: 'Phone number' }).fill('+39 333 123 4567');
  await screenshot(page, 'business-registry-smart-receipt');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText('Smart receipt settings saved')).toBeVisible();
  const withReceipts = await registry(FISCAL_ID);
  expect(withReceipts.phone_number).toBe('+393331234567');
  expect(withReceipts.receipts_alert_recipients).toEqual([
    'alerts@e2e.fiscus.test',
    'ops@e2e.fiscus.test',
  ]);

  // Connect a sub-account (the manager's own, just created).
  await row(page, FISCAL_ID).getByRole('button', { name: 'Settings' }).click();
  settings = page.getByRole('dialog', { name: dialogName });
  const picker = settings.getByRole('combobox', { name: 'Sub-accounts' });
  await picker.fill(SUB_ACCOUNT.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(SUB_ACCOUNT.replaceAll('.', '\\.')) }).click();
  await screenshotEveryLanguage(page, 'business-registry-dialog', async (reloaded) => {
    // A reload keeps the dialog open but not the unsaved choice: pick it again.
    const dialog = reloaded.getByRole('dialog');
    await expect(dialog.getByRole('tab')).toHaveCount(2);
  });
  settings = page.getByRole('dialog', { name: dialogName });
  await settings.getByRole('combobox', { name: 'Sub-accounts' }).fill(SUB_ACCOUNT.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(SUB_ACCOUNT.replaceAll('.', '\\.')) }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText('Sub-accounts updated')).toBeVisible();
  expect((await registry(FISCAL_ID)).sub_accounts).toEqual([SUB_ACCOUNT]);

  // Statistics of this fiscal id, with the years from the current one down to 2020.
  await row(page, FISCAL_ID).getByRole('button', { name: 'Statistics' }).click();
  const statistics = page.getByRole('dialog', { name: `Statistics of ${FISCAL_ID}` });
  await expect(statistics.getByTestId('stats-customer-count')).toHaveText('0');
  await statistics.getByRole('combobox', { name: 'Year' }).click();
  const years = await page.getByRole('option').allTextContents();
  const currentYear = Number(
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date()),
  );
  expect(years[0]).toBe(String(currentYear));
  expect(years.at(-1)).toBe('2020');
  await page.getByRole('option', { name: '2024' }).click();
  await waitForIdle(page);
  await screenshot(page, 'business-registry-statistics');
  await statistics.getByRole('button', { name: 'Close' }).click();
  await expect(statistics).toBeHidden();

  // View jobs: the jobs screen with this fiscal id as its filter.
  await row(page, FISCAL_ID).getByRole('button', { name: 'View jobs' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs\\?fiscal_id=${FISCAL_ID}$`));
  await page.goBack();
  await waitForIdle(page);

  // Delete, after confirming.
  await row(page, FISCAL_ID).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete business registry configuration' });
  await expect(confirm).toContainText(FISCAL_ID);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Business registry ${FISCAL_ID} deleted`)).toBeVisible();
  await expect(row(page, FISCAL_ID)).toHaveCount(0);
});

test('only ROLE_CONFIG or ROLE_CONFIG_BRC see the business registries', async ({ page }) => {
  await loginAs(page, 'supplier-only');
  await expect(navigation(page).getByRole('link', { name: 'Business Registry' })).toHaveCount(0);
  await page.goto(PAGE);
  await waitForIdle(page);
  await expect(page).not.toHaveURL(new RegExp(PAGE));

  await loginAs(page, 'italy', { path: PAGE });
  await expect(navigation(page).getByRole('link', { name: 'Business Registry' })).toBeVisible();
  await expect(row(page, '01234567890')).toContainText('ALPHA SRL');
});
