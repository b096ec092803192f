/**
 * The dashboard agrees with itself (issue 31): the credit card's sent and received counts are
 * the invoices the yearly statistics count, and the 12 months' consumption is what the
 * statistics' months cost; one source (the stored invoices) for both.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  personaApi,
  screenshot,
  switchLanguage,
  test,
  waitForIdle,
} from './fixtures';

type Period = {
  customer_invoices: { count: number; cost: string };
  supplier_invoice: { count: number; cost: string };
};
type YearStats = { stats: Period; months: (Period & { month: number })[] };

/** The number a dashboard tile shows (en-US grouping). */
async function numberIn(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).innerText()).replace(/[^\d.]/g, ''));
}

test('the credit card counts what the statistics count; the 12 months cost what their months cost', async ({
  page,
}) => {
  const italy = await personaApi('italy');
  const statsOf = async (year: number) => {
    const response = await italy.api.get(`/api/it/invoices/stats/${year}`, {
      headers: italy.headers,
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as YearStats;
  };
  // Other journeys may send invoices meanwhile: read the screen and the statistics together.
  await loginAs(page, 'italy', { path: '/dashboard' });
  await expect(async () => {
    await page.reload();
    await waitForIdle(page);
    const now = new Date();
    const year = now.getFullYear();
    const [current, previous] = [await statsOf(year), await statsOf(year - 1)];
    // italy@'s only pre-sale is its first: it pays for every invoice stored (a year of demo).
    const sent = await numberIn(page, 'credit-invoices-sent');
    const received = await numberIn(page, 'credit-invoices-received');
    expect(sent).toBe(
      current.stats.customer_invoices.count + previous.stats.customer_invoices.count,
    );
    expect(received).toBe(
      current.stats.supplier_invoice.count + previous.stats.supplier_invoice.count,
    );
    if (previous.stats.customer_invoices.count + previous.stats.supplier_invoice.count === 0) {
      // Everything is this year's: the card and the yearly statistics on screen say the same.
      expect(await numberIn(page, 'stats-customer-count')).toBe(sent);
      expect(await numberIn(page, 'stats-supplier-count')).toBe(received);
    }
    // The last 12 months (this one included) cost what the statistics' months cost.
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    let expected = 0;
    for (let back = 0; back < 12; back += 1) {
      const at = new Date(year, now.getMonth() - back, 1);
      const stats = at.getFullYear() === year ? current : previous;
      const month = stats.months.find((entry) => entry.month === at.getMonth() + 1);
      if (!month) continue;
      expected += cents(month.customer_invoices.cost) + cents(month.supplier_invoice.cost);
    }
    // 'Last 12 months: €65.50': the amount after the colon.
    const total = (await page.getByTestId('consumption-total').innerText())
      .replace(/^.*:/, '')
      .replace(/[^\d.]/g, '');
    expect(cents(total)).toBe(expected);
  }).toPass({ timeout: 60_000 });
  await italy.dispose();
});

test('a sub-account linked to no company is told so on its dashboard, in it and pl, instead of empty cards', async ({
  page,
}) => {
  await loginAs(page, 'italy-unlinked', { path: '/dashboard', language: 'it' });
  await waitForIdle(page);
  const notice = page.getByTestId('dashboard-unlinked');
  await expect(notice).toContainText(
    'Questo sotto-account non è ancora collegato a nessuna azienda',
  );
  await expect(notice).toContainText("Chiedi al titolare dell'account (italy@demo.fiscus.test)");
  await expect(page.getByTestId('credit-invoices-sent')).toHaveCount(0);
  await expect(page.getByTestId('stats-customer-count')).toHaveCount(0);
  await screenshot(page, 'dashboard-unlinked');

  await switchLanguage(page, 'pl');
  await expect(notice).toContainText('To subkonto nie jest jeszcze powiązane z żadną firmą');
  await expect(notice).toContainText('Poproś właściciela konta (italy@demo.fiscus.test)');
  await screenshot(page, 'dashboard-unlinked');
  await switchLanguage(page, 'en');

  // Linked to ALPHA SERVIZI SRL: its cards and statistics, no notice.
  await loginAs(page, 'italy-branch', { path: '/dashboard' });
  await waitForIdle(page);
  await expect(page.getByTestId('stats-customer-count')).toBeVisible();
  await expect(page.getByTestId('dashboard-unlinked')).toHaveCount(0);
});
