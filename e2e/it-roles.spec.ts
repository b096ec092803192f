/**
 * Role rules of the Italian invoicing console against the real server (spec italian-invoicing 2,
 * 4 "Fix mode" and 6; account spec 2.8 and 6). Personas the seed lacks are created the way the
 * console does it: ALPHA SRL (italy@) creates a sub-account holding ROLE_INVOICING only, linked to
 * its registries, so it sees its manager's invoices without ROLE_FIX_INVOICE, ROLE_CONFIG or ROLE_SHOW_STATS.
 *
 * Not covered here: ROLE_NO_COSTS. No demo persona holds it, a manager can only hand out roles it
 * holds itself and no admin route grants roles, so the console's unit tests cover it instead.
 */
import type { Page } from '@playwright/test';
import {
  demoPassword,
  expect,
  loginAs,
  loginAsEmail,
  markingOf,
  personaApi,
  type PersonaApi,
  personaEmail,
  runStamp,
  sampleXml,
  sendInvoice,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';

// Argon2 logins of several accounts per test on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** Unique per run: numbers and the sub-account's email never collide with other journeys. */
const stamp = runStamp('RL');
const subEmail = `e2e-roles-${stamp.toLowerCase()}@demo.fiscus.test`;

/** Rejected with an SDI code the fix rule accepts (00305) and with one it does not (00100). */
const invoices = { fixable: '', notFixable: '' };

async function get<T>(italy: PersonaApi, path: string): Promise<T> {
  const response = await italy.api.get(path, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/**
 * Sends a sample as italy@ to HOLD001, which the sandbox's SDI holds (sent) until an outcome is
 * scripted, then scripts an NS with `errorCode`: SDI rejects a file only instead of delivering it.
 */
async function rejectedInvoice(
  italy: PersonaApi,
  number: string,
  errorCode: string,
): Promise<string> {
  const uuid = await sendInvoice(
    italy,
    sampleXml(standardSample, { number, recipientCode: 'HOLD001' }),
  );
  const marking = () => markingOf(italy, uuid);
  await expect.poll(marking, { timeout: 30_000 }).toBe('sent');
  const rejected = await italy.api.post(`/api/it/simulate/customer-notification/NS/${uuid}`, {
    headers: italy.headers,
    data: { error_code: errorCode },
  });
  expect(rejected.status(), await rejected.text()).toBe(202);
  await expect.poll(marking, { timeout: 30_000 }).toBe('rejected');
  return uuid;
}

test.beforeAll(async () => {
  const italy = await personaApi('italy');
  const created = await italy.api.post('/api/common/users/me/accounts', {
    headers: italy.headers,
    data: {
      email: subEmail,
      fiscal_id: 'RSSMRA80A01H501U',
      fullname: 'Roles E2E',
      password: demoPassword,
      roles: { it: ['ROLE_INVOICING'] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // A sub-account acts for the registries linked to it only: linked to every one of italy@'s.
  const registries = await get<{ fiscal_id: string }[]>(
    italy,
    '/api/it/business-registry-configurations?itemsPerPage=100',
  );
  for (const { fiscal_id } of registries) {
    const linked = await italy.api.post(
      `/api/it/business-registry-configurations/${fiscal_id}/sub-accounts`,
      { headers: italy.headers, data: { email: subEmail } },
    );
    expect(linked.status(), await linked.text()).toBe(201);
  }
  invoices.fixable = await rejectedInvoice(italy, `${stamp}-FIX1`, '00305');
  invoices.notFixable = await rejectedInvoice(italy, `${stamp}-NOFIX2`, '00100');
  // The server agrees with the rule: only the 003xx rejection is fixable.
  const fixInfo = (uuid: string) =>
    get<{ is_fixable: boolean }>(italy, `/api/it/invoices/${uuid}/fix-info`);
  expect((await fixInfo(invoices.fixable)).is_fixable).toBe(true);
  expect((await fixInfo(invoices.notFixable)).is_fixable).toBe(false);
  await italy.dispose();
});

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

function dialogUrl(uuid: string, tab: string): string {
  return `/customer-invoice?invoiceDate[after]=&invoiceDate[before]=&dialogId=invoice&dialog_uuid=${uuid}&dialog_tab=${tab}`;
}

test('a supplier-only account has received invoices and no sent ones', async ({ page }) => {
  await loginAs(page, 'supplier-only');
  await expect(navigation(page).getByRole('link', { name: 'Invoices received' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Invoices sent' })).toHaveCount(0);

  await navigation(page).getByRole('link', { name: 'Invoices received' }).click();
  await expect(page).toHaveURL(/\/supplier-invoice(\?[^/]*)?$/);
  await expect(page.getByRole('heading', { name: 'Supplier invoices' })).toBeVisible();

  // Typed by hand, the sent invoices' address goes home.
  await page.goto('/customer-invoice');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toHaveCount(0);
});

test('a customer-only account has sent invoices and no received ones', async ({ page }) => {
  await loginAs(page, 'customer-only');
  await expect(navigation(page).getByRole('link', { name: 'Invoices sent' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Invoices received' })).toHaveCount(0);

  await navigation(page).getByRole('link', { name: 'Invoices sent' }).click();
  await expect(page).toHaveURL(/\/customer-invoice(\?[^/]*)?$/);
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toBeVisible();

  await page.goto('/supplier-invoice');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Supplier invoices' })).toHaveCount(0);
});

test('a stripe account without ROLE_CREATE_INVOICE cannot create or import sent invoices', async ({
  page,
}) => {
  // Received invoices are not part of the rule: their import stays (and its code is loaded).
  await loginAs(page, 'stripe', { path: '/supplier-invoice' });
  await expect(page.getByRole('heading', { name: 'Supplier invoices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import invoice' })).toBeVisible({
    timeout: 15_000,
  });

  await navigation(page).getByRole('link', { name: 'Invoices sent' }).click();
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toBeVisible();
  await waitForIdle(page);
  await expect(page.getByRole('table', { name: 'Customer invoices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New invoice' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import invoice' })).toHaveCount(0);

  // Nor is the pre-sale actions page offered to a stripe account.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Pre-sale actions' })).toHaveCount(0);
});

test('fixing needs ROLE_FIX_INVOICE: the fix screen sends others back to the list', async ({
  page,
}) => {
  // ALPHA SRL, which holds the role, gets the form.
  await loginAs(page, 'italy', { path: `/customer-invoice/${invoices.fixable}/fix` });
  await expect(page.getByRole('heading', { name: `Fix invoice ${stamp}-FIX1` })).toBeVisible();

  // Its sub-account sees the same rejected invoice, but neither the fix link nor the screen.
  await loginAsEmail(page, subEmail, { path: dialogUrl(invoices.fixable, 'info') });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Customer invoice ${stamp}-FIX1`);
  await expect(dialog.getByRole('button', { name: 'Set as solved' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Fix invoice' })).toHaveCount(0);

  await page.goto(`/customer-invoice/${invoices.fixable}/fix`);
  await expect(page).toHaveURL(/\/customer-invoice(\?[^/]*)?$/);
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Fix invoice/ })).toHaveCount(0);
});

test('a rejection the fix rule does not cover is not fixable, even with the role', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: dialogUrl(invoices.notFixable, 'info') });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Customer invoice ${stamp}-NOFIX2`);
  await expect(dialog.getByText('Rejected').first()).toBeVisible();
  await expect(dialog.getByText('00100').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Fix invoice' })).toHaveCount(0);

  await page.goto(`/customer-invoice/${invoices.notFixable}/fix`);
  await expect(page).toHaveURL(/\/customer-invoice(\?[^/]*)?$/);
  await expect(page.getByRole('heading', { name: /^Fix invoice/ })).toHaveCount(0);
});

test('the actions tab needs ROLE_CONFIG and is hidden while switched to another user', async ({
  page,
}) => {
  const tabs = (scope: Page) => scope.getByRole('dialog').getByRole('tab');
  await loginAs(page, 'italy', { path: dialogUrl(invoices.fixable, 'actions') });
  await expect(tabs(page)).toHaveText([
    'Info',
    'Attachments',
    'Preservation',
    'JSON',
    'XML',
    'Preview',
    'Actions',
  ]);
  await expect(tabs(page).filter({ hasText: 'Actions' })).toHaveAttribute('aria-selected', 'true');

  // Without ROLE_CONFIG: no tab, and the address asking for it opens on info.
  await loginAsEmail(page, subEmail, { path: dialogUrl(invoices.fixable, 'actions') });
  await expect(tabs(page).first()).toHaveText('Info');
  await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs(page).filter({ hasText: 'Actions' })).toHaveCount(0);

  // An administrator acting as ALPHA SRL gets ALPHA's roles, but still no actions.
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch user' }).click();
  const switchDialog = page.getByRole('dialog', { name: 'Switch user' });
  await switchDialog.getByLabel('Username (email)').fill(personaEmail('italy'));
  await switchDialog.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByText(`Acting as ${personaEmail('italy')}`)).toBeVisible();
  await page.goto(dialogUrl(invoices.fixable, 'actions'));
  await waitForIdle(page);
  await expect(page.getByRole('dialog')).toContainText(`Customer invoice ${stamp}-FIX1`);
  await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs(page).filter({ hasText: 'Preview' })).toBeVisible();
  await expect(tabs(page).filter({ hasText: 'Actions' })).toHaveCount(0);
});

test('dashboard statistics need ROLE_SHOW_STATS', async ({ page }) => {
  await loginAs(page, 'italy');
  await expect(page.getByRole('heading', { name: 'Yearly statistics' })).toBeVisible();

  // The sub-account without the role: no dashboard entry in its menu, no statistics.
  await loginAsEmail(page, subEmail, { path: '/dashboard' });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Invoices sent' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Yearly statistics' })).toHaveCount(0);
});

test('ROLE_NO_COSTS shows the statistics without their costs', async ({ page }) => {
  await loginAs(page, 'italy');
  await expect(page.getByRole('heading', { name: 'Yearly statistics' })).toBeVisible();
  await expect(page.getByText('Cost of invoices sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Credit' })).toBeVisible();

  await loginAs(page, 'nocosts');
  await expect(page.getByRole('heading', { name: 'Yearly statistics' })).toBeVisible();
  await expect(page.getByText('Cost of invoices sent')).toHaveCount(0);
  await expect(page.getByText('Cost of invoices received')).toHaveCount(0);
  await expect(page.getByText('Costs per month')).toHaveCount(0);
  // Nor the credit and consumption cards (account spec 2.8).
  await expect(page.getByRole('heading', { name: 'Credit' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Consumption' })).toHaveCount(0);
});
