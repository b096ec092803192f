/**
 * A sub-account acts only for the business registry configurations linked to it (issue 31). The
 * demo gives italy@ two companies with a history each, ALPHA SRL (01234567897) and ALPHA SERVIZI
 * SRL (02468135799), and two sub-accounts: italy-branch@, linked to ALPHA SERVIZI SRL alone, and
 * italy-unlinked@, linked to none (README's demo logins). Each looks at the customer invoice list:
 * the first sees ALPHA SERVIZI SRL's invoices and none of ALPHA SRL's, the second sees nothing.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, personaApi, test, waitForIdle } from './fixtures';

/** Every invoice, whatever its date (the lists show the last month by default). */
const ALL_DATES = 'invoiceDate[after]=&invoiceDate[before]=';
const LIST = `/customer-invoice?${ALL_DATES}`;

/** The invoice rows of the list (each has its selection checkbox; the empty list's row has none). */
function rows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Customer invoices' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .filter({ has: page.getByRole('checkbox') });
}

/** The total of a list, read from its pagination ("1–17 of 17"). */
async function totalOf(page: Page): Promise<number> {
  const label = page.getByText(/^\d+–\d+ of \d+$/);
  await expect(label).toBeVisible();
  return Number(((await label.textContent()) ?? '').replace(/^.* of /, ''));
}

const ALPHA = '01234567897';
const ALPHA_SERVIZI = '02468135799';

/** The customer invoices of one company, as the business owner lists them through the API. */
async function ownerInvoicesOf(fiscalId: string): Promise<{ invoiceNumber: string | null }[]> {
  const italy = await personaApi('italy');
  try {
    const response = await italy.api.get(
      `/api/it/invoices?type=0&sender.fiscalId=${fiscalId}&itemsPerPage=100`,
      { headers: italy.headers },
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as { invoiceNumber: string | null }[];
  } finally {
    await italy.dispose();
  }
}

test('a sub-account linked to ALPHA SERVIZI SRL lists its invoices only', async ({ page }) => {
  // The owner sees both companies' invoices: ALPHA SRL's are numbered FV…, ALPHA SERVIZI's AS….
  const alpha = await ownerInvoicesOf(ALPHA);
  const branchCount = (await ownerInvoicesOf(ALPHA_SERVIZI)).length;
  expect(alpha.length).toBeGreaterThan(50);
  expect(branchCount).toBeGreaterThan(5);

  await loginAs(page, 'italy-branch', { path: LIST });
  const list = rows(page);
  await expect(list.first()).toBeVisible();
  expect(await totalOf(page)).toBe(branchCount);
  // Every row's supplier is ALPHA SERVIZI SRL; no invoice of ALPHA SRL's is there.
  const count = await list.count();
  expect(count).toBeGreaterThan(5);
  await expect(list.filter({ hasText: 'ALPHA SERVIZI SRL' })).toHaveCount(count);
  await expect(list.filter({ hasText: /FV\d{4}-\d{4}/ })).toHaveCount(0);
  await expect(list.filter({ hasText: /AS\d{4}-\d{4}/ })).toHaveCount(count);

  // Looked for by ALPHA SRL's fiscal id (the owner finds its invoices so, above): none.
  await page.goto(`${LIST}&sender.fiscalId=${ALPHA}`);
  await waitForIdle(page);
  await expect(page.getByText('No records found')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('a sub-account linked to no registry lists no invoice', async ({ page }) => {
  await loginAs(page, 'italy-unlinked', { path: LIST });
  await expect(page.getByRole('heading', { name: 'Customer invoices' })).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});
