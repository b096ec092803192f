/**
 * Issue 20, the invoice details dialog as a user reads it: a recipient identified by its fiscal
 * code is labelled so (not as a VAT number); a rejected invoice set as solved shows as archived
 * in the dialog and in the list; the preservation messages are in the user's language; the tab
 * bar stays in place whatever the tab; at 390 px no value breaks mid-word. The invoices are built
 * through the API for this run (its own customer name), so the spec depends on no other.
 * Screenshots in it, en and pl.
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  loginAs,
  markingOf,
  personaApi,
  type PersonaApi,
  runStamp,
  sampleXml,
  screenshotEveryLanguage,
  sendInvoice,
  standardSample,
  test,
  waitForIdle,
} from './fixtures';
import { wordsBrokenMidWord } from './layout-checks';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = runStamp('DD');
const customerName = `CLIENTE ${stamp}`;

/** This run's invoices: one delivered and preserved, one rejected (a fixable NS). */
const invoices = { preserved: '', rejected: '' };

/** The customer list showing this run's invoices only, whatever their dates. */
const LIST = `/customer-invoice?invoiceDate[after]=&invoiceDate[before]=&recipient.businessName=${encodeURIComponent(stamp)}`;

function dialogUrl(uuid: string, tab: string): string {
  return `${LIST}&dialogId=invoice&dialog_uuid=${uuid}&dialog_tab=${tab}`;
}

async function preservedStatus(italy: PersonaApi, uuid: string): Promise<string> {
  const response = await italy.api.get(`/api/it/invoices/${uuid}/preserved-document`, {
    headers: { ...italy.headers, Accept: 'application/json' },
  });
  if (!response.ok()) return `HTTP ${response.status()}`;
  return ((await response.json()) as { status: string }).status;
}

test.beforeAll(async () => {
  const italy = await personaApi('italy');
  // The official sample's customer has a fiscal code (CodiceFiscale) and no VAT number.
  invoices.preserved = await sendInvoice(
    italy,
    sampleXml(standardSample, { number: `${stamp}-1`, customerName }),
  );
  // SDI answers a file once: the second goes to a HOLD… code, so SDI keeps it until the NS.
  invoices.rejected = await sendInvoice(
    italy,
    sampleXml(standardSample, { number: `${stamp}-2`, customerName }).replace(
      '<CodiceDestinatario>ABC1234</CodiceDestinatario>',
      '<CodiceDestinatario>HOLD001</CodiceDestinatario>',
    ),
  );
  await expect
    .poll(() => markingOf(italy, invoices.preserved), { timeout: 30_000 })
    .toBe('delivered');
  await expect.poll(() => markingOf(italy, invoices.rejected), { timeout: 30_000 }).toBe('sent');
  // SDI rejects the second with a code the fix rule accepts, so it may be set as solved.
  const rejected = await italy.api.post(
    `/api/it/simulate/customer-notification/NS/${invoices.rejected}`,
    { headers: italy.headers, data: { error_code: '00305' } },
  );
  expect(rejected.status(), await rejected.text()).toBe(202);
  await expect
    .poll(() => markingOf(italy, invoices.rejected), { timeout: 30_000 })
    .toBe('rejected');
  // The first goes to preservation and runs through the provider's steps to 'stored'.
  const preserve = await italy.api.post(`/api/it/invoices/${invoices.preserved}/preserve`, {
    headers: italy.headers,
  });
  expect(preserve.ok(), await preserve.text()).toBe(true);
  await expect
    .poll(() => preservedStatus(italy, invoices.preserved), { timeout: 60_000 })
    .toBe('stored');
  await italy.dispose();
});

/** The value (`dd`) next to a label (`dt`) of the dialog's field lists. */
function detailsDialog(page: Page): Locator {
  // The details dialog, not a confirmation opened over it.
  return page.getByRole('dialog').filter({ has: page.getByRole('tablist') });
}

function valueOf(dialog: Locator, label: string | RegExp): Locator {
  return dialog.locator('dt').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
}

test('a recipient identified by its fiscal code is labelled as a fiscal code', async ({ page }) => {
  await loginAs(page, 'italy', { path: dialogUrl(invoices.preserved, 'info') });
  const dialog = detailsDialog(page);
  await expect(dialog).toContainText(`${stamp}-1`);
  await expect(dialog.locator('dt').filter({ hasText: /^Recipient fiscal code$/ })).toBeVisible();
  await expect(valueOf(dialog, /^Recipient fiscal code$/)).toHaveText('09876543210');
  await expect(dialog.locator('dt').filter({ hasText: /^Recipient VAT number$/ })).toHaveCount(0);
  await screenshotEveryLanguage(page, 'it-details-fiscal-code', async (reloaded) => {
    await expect(reloaded.getByRole('dialog').locator('dt').first()).toBeVisible();
  });
  // In Italian and Polish too, once the language is switched (the last set was English).
  for (const [language, label] of [
    ['it', 'Codice fiscale destinatario'],
    ['pl', 'Kod podatkowy odbiorcy'],
  ] as const) {
    await loginAs(page, 'italy', { path: dialogUrl(invoices.preserved, 'info'), language });
    await expect(valueOf(detailsDialog(page), label)).toHaveText('09876543210');
  }
});

test('a rejected invoice set as solved shows as archived, in the dialog and the list', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: dialogUrl(invoices.rejected, 'info') });
  const dialog = detailsDialog(page);
  await expect(dialog).toContainText(`${stamp}-2`);
  await expect(valueOf(dialog, /^Marking$/)).toHaveText('Rejected');
  await dialog.getByRole('button', { name: 'Set as solved' }).click();
  const confirm = page.getByRole('dialog', { name: 'Set this invoice as solved?' });
  await confirm.getByRole('button', { name: 'Set as solved' }).click();
  await expect(page.getByText('Invoice set as solved')).toBeVisible();
  await expect(valueOf(dialog, /^Marking$/)).toHaveText('Rejected (archived)');
  await expect(dialog.getByRole('button', { name: 'Set as solved' })).toHaveCount(0);

  // The list says it too, and the other invoice stays as it is.
  await page.goto(LIST);
  await waitForIdle(page);
  const rows = page
    .getByRole('table', { name: 'Customer invoices' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${stamp}-2` })).toContainText('Rejected (archived)');
  await expect(rows.filter({ hasText: `${stamp}-1` })).not.toContainText('Rejected');
  await screenshotEveryLanguage(page, 'it-details-rejected-archived-list');
  await expect(rows.filter({ hasText: `${stamp}-2` })).toContainText('Rejected (archived)');

  await page.goto(dialogUrl(invoices.rejected, 'info'));
  await waitForIdle(page);
  await expect(valueOf(detailsDialog(page), /^Marking$/)).toHaveText('Rejected (archived)');
  await screenshotEveryLanguage(page, 'it-details-rejected-archived');
});

test('the preservation messages are in the user language', async ({ page }) => {
  const english = [
    'Document sent to the preservation system',
    'Metadata index sent',
    'Stored: deposit receipt received',
  ];
  for (const [language, message] of [
    ['it', 'Conservato: ricevuta di deposito ricevuta'],
    ['pl', 'Zarchiwizowano: otrzymano potwierdzenie złożenia'],
    ['en', 'Stored: deposit receipt received'],
  ] as const) {
    await loginAs(page, 'italy', { path: dialogUrl(invoices.preserved, 'preservation'), language });
    const panel = detailsDialog(page).getByRole('tabpanel');
    await expect(panel.locator('dd').last()).toHaveText(message);
    if (language !== 'en') {
      for (const text of english) await expect(panel).not.toContainText(text);
    }
  }
  await screenshotEveryLanguage(page, 'it-details-preservation', async (reloaded) => {
    await expect(reloaded.getByRole('dialog').getByRole('tabpanel').locator('dd')).not.toHaveCount(
      0,
    );
  });
});

/** The tab list's top edge, once the chosen tab's content has loaded. */
async function tabBarTop(page: Page, dialog: Locator): Promise<number> {
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(300);
  const box = await dialog.getByRole('tablist').boundingBox();
  if (!box) throw new Error('no tab list');
  return Math.round(box.y);
}

test('the tab bar stays in place whatever the tab', async ({ page }) => {
  for (const uuid of Object.values(invoices)) {
    await loginAs(page, 'italy', { path: dialogUrl(uuid, 'info') });
    const dialog = detailsDialog(page);
    const tabs = dialog.getByRole('tab');
    const count = await tabs.count();
    expect(count, 'info, attachments, preservation, json, xml, preview').toBeGreaterThanOrEqual(6);
    const tops: string[] = [`info ${await tabBarTop(page, dialog)}`];
    // Every tab, then back to the first: the bar never moves.
    for (const index of [...Array.from({ length: count }, (_, entry) => entry).slice(1), 0]) {
      const tab = tabs.nth(index);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      tops.push(`${await tab.innerText()} ${await tabBarTop(page, dialog)}`);
    }
    const distinct = new Set(tops.map((entry) => entry.split(' ').at(-1)));
    expect(distinct.size, tops.join(', ')).toBe(1);
  }
});

test('at 390 px the values do not break mid-word', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const views = [
    [invoices.preserved, 'info'],
    [invoices.preserved, 'preservation'],
    [invoices.rejected, 'info'],
  ] as const;
  for (const language of ['en', 'it', 'pl'] as const) {
    for (const [uuid, tab] of views) {
      await loginAs(page, 'italy', { path: dialogUrl(uuid, tab), language });
      const dialog = detailsDialog(page);
      await expect(dialog.getByRole('tabpanel').locator('dd').first()).toBeVisible();
      const where = `${tab} of ${uuid} in ${language}`;
      expect(await wordsBrokenMidWord(dialog), where).toEqual([]);
      // Nothing sticks out sideways either.
      const overflow = await dialog.evaluate((paper) => paper.scrollWidth - paper.clientWidth);
      expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
  await loginAs(page, 'italy', { path: dialogUrl(invoices.preserved, 'info') });
  await screenshotEveryLanguage(page, 'it-details-390', async (reloaded) => {
    await expect(reloaded.getByRole('dialog').locator('dd').first()).toBeVisible();
  });
});
