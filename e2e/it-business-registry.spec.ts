/**
 * The business registry screen against the real server (account spec 2.6-2.8, 3-6): a sub-account
 * manager creates a company, edits it, sets its smart receipt alerts, connects a sub-account,
 * opens its statistics and its jobs, then deletes it; the supplier-invoice settings box; the role
 * rules of the menu and the route. Screenshots of the page and the dialog in it, en and pl.
 */
import type { Locator, Page } from '@playwright/test';
import {
  demoPassword,
  expect,
  loginAs,
  markingOf,
  personaApi,
  screenshot,
  screenshotEveryLanguage,
  test,
  waitForIdle,
} from './fixtures';
import type { PersonaApi } from './fixtures';

// Long journeys (argon2 logins, three reloads per screenshot set) on a shared 2-core machine.
/** An Italian VAT number from its first ten digits and the check digit they call for. */
function withItalianCheckDigit(first10: string): string {
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = Number(first10[index]);
    const weighted = index % 2 === 0 ? digit : digit * 2;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return `${first10}${(10 - (sum % 10)) % 10}`;
}

test.describe.configure({ timeout: 180_000 });

const PAGE = '/business-registry-configurations';
/** A VAT number unique to this run (11 digits, its check digit right). */
const FISCAL_ID = withItalianCheckDigit(`9${String(Date.now()).slice(-9)}`);
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
  await expect(page.getByText(`Saved - Fiscal ID: ${FISCAL_ID}`)).toBeVisible();
  // The dialog goes on with the new registry, its other tabs open (issue 31).
  const createdDialog = page.getByRole('dialog', { name: `Business registry ${FISCAL_ID}` });
  await expect(createdDialog.getByRole('tab')).toHaveCount(4);
  await createdDialog.getByRole('button', { name: 'Close' }).click();
  await expect(createdDialog).toBeHidden();

  // The same fiscal id again: the server's 422 on the field.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'New business registry configuration' });
  await again.getByRole('textbox', { name: 'Fiscal ID' }).fill(FISCAL_ID);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByRole('alert')).toContainText(
    'A business registry configuration with this fiscal id already exists.',
  );
  // What was typed is not dropped without asking.
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard the changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
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
    // Settings, tax drawer, smart receipt and massive imports; no recover tab for manager@.
    await expect(dialog.getByRole('tab')).toHaveCount(4);
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

/*
 * The tax drawer, massive imports and recover tabs (account spec 2.7, 3, 4, 8, 9) as italy@, who
 * holds ROLE_INVOICING_DOWNLOAD and ROLE_INVOICING_RECOVER. Each run uses companies of its own: the
 * tax portal sandbox's cassetto of a fiscal id is derived from it (supplier invoices every month,
 * a rejection about every third month), so the journey picks one whose last 90 days hold a
 * rejection, and downloads a range that holds whole months of supplier invoices.
 */

const DEMO_FISCONLINE = {
  codice_fiscale: 'RSSMRA80A01F205X',
  password: 'Fisconline.2026',
  pin: '1234567890',
};
const REGISTRIES = '/api/it/business-registry-configurations';

/** Today in Rome, and `days` before it, as YYYY-MM-DD. */
function romeDay(daysAgo = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - daysAgo)).toISOString().slice(0, 10);
}

async function createRegistry(client: PersonaApi, fiscalId: string, name: string) {
  const created = await client.api.post(REGISTRIES, {
    headers: client.headers,
    data: { fiscal_id: fiscalId, name, phone_number: '+393331234567' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function storeDemoCredentials(client: PersonaApi, fiscalId: string) {
  const stored = await client.api.put(`${REGISTRIES}/${fiscalId}/credentials/fisconline`, {
    headers: client.headers,
    data: DEMO_FISCONLINE,
  });
  expect(stored.status(), await stored.text()).toBe(200);
}

/** A company of this run whose cassetto holds a rejection in the last 90 days (credentials stored). */
async function companyWithRejections(client: PersonaApi): Promise<string> {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const fiscalId = withItalianCheckDigit(`7${String(Date.now()).slice(-8)}${attempt % 10}`);
    await createRegistry(client, fiscalId, `E2E Recover ${attempt} SRL`);
    await storeDemoCredentials(client, fiscalId);
    const count = await client.api.get(`/api/it/rejected-invoices/${fiscalId}/count`, {
      headers: { ...client.headers, Accept: 'application/json' },
    });
    expect(count.status(), await count.text()).toBe(200);
    if (((await count.json()) as { pending: number }).pending > 0) return fiscalId;
    await client.api.delete(`${REGISTRIES}/${fiscalId}`, { headers: client.headers });
  }
  throw new Error('No fiscal id with a rejection in the last 90 days');
}

async function openTab(page: Page, fiscalId: string, tab: string) {
  await page.goto(`${PAGE}?dialogId=business-registry&dialog_fiscal_id=${fiscalId}`);
  await waitForIdle(page);
  // 'Business registry X', 'Anagrafica X', 'Rejestr firmy X': the fiscal id in every language.
  const dialog = page.getByRole('dialog', { name: new RegExp(fiscalId) });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

test.describe('tax drawer, massive imports and recover', () => {
  let italy: PersonaApi;
  test.beforeAll(async () => {
    italy = await personaApi('italy');
  });
  test.afterAll(async () => {
    await italy.dispose();
  });

  test('stores Fisconline credentials; wrong ones are refused; the interactive set-up opens the portal', async ({
    page,
  }) => {
    const fiscalId = withItalianCheckDigit(`6${String(Date.now()).slice(-9)}`);
    await createRegistry(italy, fiscalId, 'E2E Tax Drawer SRL');
    await loginAs(page, 'italy', { path: PAGE });
    let dialog = await openTab(page, fiscalId, 'Tax drawer');
    await expect(dialog.getByText(/No tax portal credentials are stored/)).toBeVisible();

    // Wrong password: the portal refuses, the spec's message shows, nothing is stored.
    await dialog.getByLabel(/^Codice fiscale/).fill(DEMO_FISCONLINE.codice_fiscale.toLowerCase());
    await dialog.getByLabel(/^Password/).fill('Wrong.2026');
    await dialog.getByLabel(/^PIN/).fill(DEMO_FISCONLINE.pin);
    await dialog.getByRole('button', { name: 'Save credentials' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Invalid credentials');
    await expect(page.getByText(/^Invalid credentials/).last()).toBeVisible();
    await screenshot(page, 'business-registry-tax-drawer-invalid');

    // The demo set is stored; the tab then says since when, never the password.
    await dialog.getByLabel(/^Password/).fill(DEMO_FISCONLINE.password);
    await dialog.getByRole('button', { name: 'Save credentials' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Tax portal credentials saved')).toBeVisible();
    dialog = await openTab(page, fiscalId, 'Tax drawer');
    await expect(dialog.getByText(/Fisconline credentials stored on/)).toBeVisible();
    await expect(dialog.getByLabel(/^Password/)).toHaveValue('');
    await screenshotEveryLanguage(page, 'business-registry-tax-drawer', async (reloaded) => {
      await reloaded.getByRole('dialog').getByRole('tab').nth(1).click();
      await waitForIdle(reloaded);
    });

    // The interactive set-up: the portal's consent page in a new tab stores them again.
    dialog = await openTab(page, fiscalId, 'Tax drawer');
    const [portal] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Start interactive set-up' }).click(),
    ]);
    await portal.waitForURL(/\/api\/it\/tax-portal\/consent\//);
    await expect(portal.locator('body')).toContainText(fiscalId);
    await portal.close();
    await expect(
      dialog.getByRole('link', { name: 'Open the tax portal page again' }),
    ).toBeVisible();
  });

  test('activates massive imports and watches a download job import supplier invoices', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const fiscalId = withItalianCheckDigit(`5${String(Date.now()).slice(-9)}`);
    await createRegistry(italy, fiscalId, 'E2E Massive SRL');
    await storeDemoCredentials(italy, fiscalId);
    await loginAs(page, 'italy', { path: PAGE });
    const dialog = await openTab(page, fiscalId, 'Massive imports');
    await expect(dialog.getByText('Inactive')).toBeVisible();
    await dialog.getByRole('switch', { name: 'Renew automatically every year' }).check();
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Massive imports activated')).toBeVisible();
    await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^Valid until/)).toBeVisible();
    await expect(
      dialog.getByRole('switch', { name: 'Renew automatically every year' }),
    ).toBeChecked();
    await screenshotEveryLanguage(page, 'business-registry-massive-imports', async (reloaded) => {
      await reloaded.getByRole('dialog').getByRole('tab').nth(3).click();
      await waitForIdle(reloaded);
    });

    // Auto-renew off, then on again: the refreshing overlay, then the new state.
    const renew = page.getByRole('dialog').getByRole('switch', {
      name: 'Renew automatically every year',
    });
    // A click, not uncheck(): the switch follows the status asked again after the change.
    await renew.click();
    await expect(page.getByText('Auto-renew updated')).toBeVisible();
    await expect(renew).not.toBeChecked();
    await expect(renew).toBeEnabled();

    // Activation ran today's download at once; the jobs screen shows it settle.
    await page.getByRole('dialog').getByRole('link', { name: 'View the download jobs' }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?fiscal_id=${fiscalId}`));
    const jobs = page.getByRole('table', { name: 'Jobs' });
    await expect(jobs.getByRole('row').filter({ hasText: 'Daily schedule' })).toContainText(
      /Completed/,
      { timeout: 60_000 },
    );

    // A download of older days now (what the API offers besides the daily run): whole months
    // of the cassetto's supplier invoices, before the daily run's days.
    const started = await italy.api.post('/api/it/jobs/invoice-download', {
      headers: italy.headers,
      data: { fiscal_id: fiscalId, from_date: romeDay(124), to_date: romeDay(4) },
    });
    expect(started.status(), await started.text()).toBe(201);
    await page.reload();
    await waitForIdle(page);
    const onDemand = jobs.getByRole('row').filter({ hasText: 'On demand' });
    await expect(onDemand).toContainText('Completed', { timeout: 60_000 });
    await onDemand.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Job details' });
    await expect(details.getByText(/^\d+ invoices? imported$/)).toBeVisible();
    const imported = details.getByRole('list', { name: 'Imported invoices' }).getByRole('link');
    expect(await imported.count()).toBeGreaterThan(0);
    await screenshotEveryLanguage(page, 'jobs-download-details');

    // An imported invoice opens among the supplier invoices.
    await page
      .getByRole('dialog', { name: 'Job details' })
      .getByRole('list', { name: 'Imported invoices' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/supplier-invoice\?dialogId=invoice&dialog_uuid=/);
    await expect(page.getByRole('dialog')).toBeVisible();

    // Deactivated: the tab says inactive again.
    const again = await openTab(page, fiscalId, 'Massive imports');
    await again.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Massive imports deactivated')).toBeVisible();
    await expect(again.getByText('Inactive')).toBeVisible();
  });

  test('recovers rejected invoices and fixes one: SDI delivers the fix', async ({ page }) => {
    const fiscalId = await companyWithRejections(italy);
    await loginAs(page, 'italy', { path: PAGE });
    const dialog = await openTab(page, fiscalId, 'Recover invoices');
    await expect(dialog.getByText(/invoices? rejected by SDI in this period/)).toBeVisible();
    const pendingText = await dialog.getByText(/to recover \(not here yet\)/).textContent();
    const pending = Number(/\d+/.exec(pendingText ?? '')?.[0] ?? 0);
    expect(pending).toBeGreaterThan(0);
    await screenshotEveryLanguage(page, 'business-registry-recover', async (reloaded) => {
      await reloaded.getByRole('dialog').getByRole('tab').nth(4).click();
      await waitForIdle(reloaded);
    });

    const recover = page.getByRole('dialog', { name: `Business registry ${fiscalId}` });
    await recover.getByRole('button', { name: 'Recover' }).click();
    const recovered = pending === 1 ? '1 invoice recovered' : `${pending} invoices recovered`;
    await expect(recover.getByText(recovered)).toBeVisible();
    await expect(recover.getByText('0 to recover (not here yet)')).toBeVisible();

    // The rejected invoices to fix: one opens, its fix link leads to the fix screen.
    await recover.getByRole('link', { name: 'Open the rejected invoices to fix them' }).click();
    await expect(page).toHaveURL(/\/customer-invoice\?.*rejectedToFix=1/);
    await waitForIdle(page);
    const rows = page.getByRole('table').first().getByRole('row');
    await expect(rows).toHaveCount(pending + 1);
    await rows.nth(1).getByRole('link').first().click();
    const invoice = page.getByRole('dialog');
    await invoice.getByRole('link', { name: 'Fix invoice' }).click();
    await expect(page.getByRole('heading', { name: /^Fix invoice/ })).toBeVisible();
    const rejectedUuid = /\/customer-invoice\/([0-9a-f-]{36})\/fix/.exec(page.url())?.[1] ?? '';

    // SDI refused it for the customer's mistyped VAT number (00305): correct its check digit,
    // give it a new number, validate and send; SDI delivers the fixed invoice.
    const form = page.getByRole('form').first();
    const customerVat = form
      .getByRole('region', { name: 'Customer' })
      .getByRole('textbox', { name: /^VAT number/ });
    const mistyped = await customerVat.inputValue();
    await customerVat.fill(withItalianCheckDigit(mistyped.slice(0, 10)));
    await form
      .getByRole('region', { name: 'Document data' })
      .getByRole('textbox', { name: /^Number/ })
      .fill(`FIX-${fiscalId.slice(-6)}`);
    await page.getByRole('button', { name: 'Validate schema' }).click();
    await page.mouse.move(0, 0);
    await expect(page.locator('.notistack-MuiContent')).toHaveCount(0, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    const toast = page.getByText(/^Invoice created: [0-9a-f-]{36}$/);
    await expect(toast).toBeVisible();
    const fixed = ((await toast.textContent()) ?? '').replace('Invoice created: ', '');
    await expect.poll(() => markingOf(italy, fixed), { timeout: 30_000 }).toBe('delivered');
    const record = await italy.api.get(`/api/it/invoices/${fixed}`, {
      headers: { ...italy.headers, Accept: 'application/json' },
    });
    expect(((await record.json()) as { fix_of_uuid: string }).fix_of_uuid).toBe(rejectedUuid);
  });

  test('without ROLE_INVOICING_DOWNLOAD or ROLE_INVOICING_RECOVER (manager@)', async ({ page }) => {
    const fiscalId = withItalianCheckDigit(`4${String(Date.now()).slice(-9)}`);
    const created = await manager.api.post(REGISTRIES, {
      headers: manager.headers,
      data: { fiscal_id: fiscalId, name: 'E2E No Download SRL' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await loginAs(page, 'manager', { path: PAGE });
    const dialog = await openTab(page, fiscalId, 'Massive imports');
    await expect(dialog.getByRole('tab', { name: 'Recover invoices' })).toHaveCount(0);
    await expect(
      dialog.getByText('You do not have the permission to use massive imports.'),
    ).toBeVisible();
    await expect(dialog.getByText(/Contact sales/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Activate' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await screenshotEveryLanguage(page, 'business-registry-massive-imports-denied', async (r) => {
      await r.getByRole('dialog').getByRole('tab').nth(3).click();
    });
    await manager.api.delete(`${REGISTRIES}/${fiscalId}`, { headers: manager.headers });
  });
});

/*
 * Issue 31, the registry dialog walked as a new user (italy@, in Italian and Polish, at 1440 and
 * 390 px): a new registry opens its other tabs; what is typed in one tab survives a visit to
 * another and is not dropped without asking; a phone number saves without alert recipients; the
 * Fisconline PIN is checked in the form and a refusal does not sit beside a green 'stored'; the
 * recover range is checked as it is typed, its count asked once for the range that settles.
 */
test.describe('the registry dialog walked as a new user', () => {
  let italy: PersonaApi;
  test.beforeAll(async () => {
    italy = await personaApi('italy');
  });
  test.afterAll(async () => {
    await italy.dispose();
  });

  /** Types `ddmmyyyy` into the date field named `label` (day first, as the console shows it). */
  async function typeDay(page: Page, dialog: Locator, label: RegExp, ddmmyyyy: string) {
    await dialog.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
    await page.keyboard.type(ddmmyyyy);
  }

  const ddmmyyyy = (isoDay: string) => isoDay.split('-').reverse().join('');

  test('in Italian: create, keep, ask, phone alone, PIN, refusal, the recover range', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const fiscalId = withItalianCheckDigit(`3${String(Date.now()).slice(-9)}`);
    await loginAs(page, 'italy', { path: PAGE, language: 'it' });

    // A new registry: saved, the dialog stays on it with every tab.
    await page.getByRole('button', { name: 'Nuova', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova anagrafica' });
    await create.getByRole('textbox', { name: 'Codice fiscale / P. IVA' }).fill(fiscalId);
    await create.getByRole('textbox', { name: 'Denominazione' }).fill('E2E Percorso SRL');
    await create.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText(`Salvata - Codice fiscale: ${fiscalId}`)).toBeVisible();
    const dialog = page.getByRole('dialog', { name: `Anagrafica ${fiscalId}` });
    await expect(dialog.getByRole('tab')).toHaveCount(5);
    await expect(page).toHaveURL(new RegExp(`dialog_fiscal_id=${fiscalId}`));
    await expect(dialog.getByRole('textbox', { name: 'Codice fiscale / P. IVA' })).toBeDisabled();

    // The smart receipt tab saves a phone number alone: the only recipient box is removed.
    await dialog.getByRole('tab', { name: 'Scontrino elettronico' }).click();
    await dialog.getByRole('button', { name: 'Rimuovi destinatario 1' }).click();
    await dialog.getByRole('textbox', { name: 'Numero di telefono' }).fill('+39 333 765 4321');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Impostazioni dello scontrino elettronico salvate')).toBeVisible();
    await expect(dialog).toBeHidden();
    const settings = await italy.api.get(`${REGISTRIES}/${fiscalId}/receipt-settings`, {
      headers: { ...italy.headers, Accept: 'application/json' },
    });
    expect(await settings.json()).toEqual({
      receipts_alert_recipients: [],
      phone_number: '+393337654321',
    });

    // Typed work survives the other tabs; Escape asks before dropping it.
    let opened = await openTab(page, fiscalId, 'Impostazioni');
    await opened.getByRole('textbox', { name: 'Denominazione' }).fill('E2E Percorso Nuovo SRL');
    await opened.getByRole('textbox', { name: 'Email' }).fill('percorso@e2e.fiscus.test');
    await opened.getByRole('tab', { name: 'Cassetto fiscale' }).click();
    await opened
      .getByRole('textbox', { name: 'Codice fiscale', exact: true })
      .fill('rssmra80a01f205x');
    await opened.getByRole('tab', { name: 'Recupera fatture' }).click();
    await opened.getByRole('tab', { name: 'Impostazioni' }).click();
    await expect(opened.getByRole('textbox', { name: 'Denominazione' })).toHaveValue(
      'E2E Percorso Nuovo SRL',
    );
    await expect(opened.getByRole('textbox', { name: 'Email' })).toHaveValue(
      'percorso@e2e.fiscus.test',
    );
    await opened.getByRole('tab', { name: 'Cassetto fiscale' }).click();
    await expect(opened.getByRole('textbox', { name: 'Codice fiscale', exact: true })).toHaveValue(
      'RSSMRA80A01F205X',
    );
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Scartare le modifiche?' });
    await expect(discard).toContainText('Quanto inserito in questo modulo andrà perso.');
    await screenshot(page, 'business-registry-discard');
    await discard.getByRole('button', { name: 'Annulla' }).click();
    await expect(discard).toBeHidden();
    await expect(opened.getByRole('textbox', { name: 'Codice fiscale', exact: true })).toHaveValue(
      'RSSMRA80A01F205X',
    );

    // At 390 px the five tabs scroll, each label whole, with the arrows saying there is more.
    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = opened.getByRole('tab');
    for (const label of await tabs.all()) {
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
    }
    const arrows = opened.locator('.MuiTabScrollButton-root');
    await expect(arrows).toHaveCount(2);
    await expect(opened.getByRole('tab', { name: 'Recupera fatture' })).not.toBeInViewport({
      ratio: 0.9,
    });
    await screenshot(page, 'business-registry-tabs-phone');
    // The end arrow scrolls until the last tab shows (it fades once there is no more).
    for (let step = 0; step < 5; step += 1) {
      if (await arrows.last().evaluate((arrow) => arrow.classList.contains('Mui-disabled'))) break;
      await arrows.last().click();
      // The tabs glide (about 300 ms): only then does the arrow say whether there is more.
      await page.waitForTimeout(500);
    }
    // Whole, give or take a sub-pixel.
    await expect(opened.getByRole('tab', { name: 'Recupera fatture' })).toBeInViewport({
      ratio: 0.99,
    });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The PIN is checked in the form: two digits are not sent.
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/credentials/fisconline')) {
        puts.push(request.url());
      }
    });
    await opened.getByLabel(/^Password/).fill(DEMO_FISCONLINE.password);
    await opened.getByLabel(/^PIN/).fill('12');
    await opened.getByRole('button', { name: 'Salva credenziali' }).click();
    await expect(opened.getByText('Il PIN Fisconline è formato da 10 cifre.')).toBeVisible();
    expect(puts).toEqual([]);

    // Wrong credentials while others are stored: the refusal, and the stored ones said to stay
    // in use, not a green 'stored' beside it.
    await storeDemoCredentials(italy, fiscalId);
    await page.reload();
    await waitForIdle(page);
    opened = page.getByRole('dialog', { name: `Anagrafica ${fiscalId}` });
    await opened.getByRole('tab', { name: 'Cassetto fiscale' }).click();
    await expect(opened.getByText(/^Credenziali Fisconline salvate il/)).toBeVisible();
    await opened
      .getByRole('textbox', { name: 'Codice fiscale', exact: true })
      .fill(DEMO_FISCONLINE.codice_fiscale);
    await opened.getByLabel(/^Password/).fill('Sbagliata.2026');
    await opened.getByLabel(/^PIN/).fill(DEMO_FISCONLINE.pin);
    await opened.getByRole('button', { name: 'Salva credenziali' }).click();
    await expect(opened.getByRole('alert').first()).toContainText('Credenziali non valide');
    await expect(
      opened.getByText(/restano in uso: quelle inserite non sono state salvate/),
    ).toBeVisible();
    await expect(opened.getByText(/^Credenziali Fisconline salvate il/)).toHaveCount(0);
    await screenshot(page, 'business-registry-tax-drawer-refused');
    // Right ones: the green notice, and the red refusal gone.
    await opened.getByLabel(/^Password/).fill(DEMO_FISCONLINE.password);
    await opened.getByRole('button', { name: 'Salva credenziali' }).click();
    await expect(page.getByText('Credenziali del portale fiscale salvate')).toBeVisible();
    await expect(page.getByText(/^Credenziali non valide/)).toHaveCount(0);

    // The recover range: checked as typed, the count asked once for the range that settles.
    opened = await openTab(page, fiscalId, 'Recupera fatture');
    await expect(
      opened.getByText(/fattur[ae] scartat[ae] dallo SDI in questo periodo/),
    ).toBeVisible();
    const counts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/rejected-invoices/${fiscalId}/count`))
        counts.push(request.url());
    });
    // More than a year: said at once, nothing asked.
    await typeDay(page, opened, /^Dal/, '01012020');
    await expect(opened.getByText("L'intervallo non può superare un anno.")).toBeVisible();
    // Reversed: said at once too.
    await typeDay(page, opened, /^Dal/, ddmmyyyy(romeDay(-3)));
    await expect(
      opened.getByText('La data iniziale non può essere successiva a quella finale.'),
    ).toBeVisible();
    await screenshot(page, 'business-registry-recover-reversed');
    // Fixed: the message goes, and one count is asked, for that range.
    await typeDay(page, opened, /^Dal/, ddmmyyyy(romeDay(30)));
    await expect(
      opened.getByText('La data iniziale non può essere successiva a quella finale.'),
    ).toHaveCount(0);
    await expect(
      opened.getByText(/fattur[ae] scartat[ae] dallo SDI in questo periodo/),
    ).toBeVisible();
    await waitForIdle(page);
    expect(counts).toHaveLength(1);
    expect(counts[0]).toContain(`from_date=${romeDay(30)}`);

    // The range typed is a change too: closing asks before dropping it.
    await opened.getByRole('button', { name: 'Chiudi', exact: true }).first().click();
    await page
      .getByRole('dialog', { name: 'Scartare le modifiche?' })
      .getByRole('button', { name: 'Scarta' })
      .click();
    await expect(opened).toBeHidden();
    await italy.api.delete(`${REGISTRIES}/${fiscalId}`, { headers: italy.headers });
  });

  test('in Polish: the discard question, the PIN and the range messages', async ({ page }) => {
    const fiscalId = withItalianCheckDigit(`2${String(Date.now()).slice(-9)}`);
    await createRegistry(italy, fiscalId, 'E2E Polska SRL');
    await storeDemoCredentials(italy, fiscalId);
    await loginAs(page, 'italy', { path: PAGE, language: 'pl' });
    const dialog = await openTab(page, fiscalId, 'Ustawienia');
    await dialog.getByRole('textbox', { name: 'Nazwa' }).fill('E2E Polska Nowa SRL');
    await dialog.getByRole('tab', { name: 'Szuflada podatkowa' }).click();
    await dialog.getByLabel(/^PIN/).fill('12');
    await dialog.getByRole('button', { name: 'Zapisz dane logowania' }).click();
    await expect(dialog.getByText('PIN Fisconline składa się z 10 cyfr.')).toBeVisible();
    await dialog.getByRole('tab', { name: 'Odzyskaj faktury' }).click();
    await typeDay(page, dialog, /^Od/, '01012020');
    await expect(dialog.getByText('Zakres nie może być dłuższy niż rok.')).toBeVisible();
    await dialog.getByRole('tab', { name: 'Ustawienia' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Nazwa' })).toHaveValue('E2E Polska Nowa SRL');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Odrzucić zmiany?' });
    await expect(discard).toContainText('To, co wpisano w tym formularzu, zostanie utracone.');
    await discard.getByRole('button', { name: 'Odrzuć' }).click();
    await expect(dialog).toBeHidden();
    await italy.api.delete(`${REGISTRIES}/${fiscalId}`, { headers: italy.headers });
  });
});
