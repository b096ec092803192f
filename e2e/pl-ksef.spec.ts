/**
 * Poland, KSeF end to end (issue 35), as poland@ against the real server and its sandbox KSeF:
 * a legal entity created and onboarded on the public page (mode 1, the signature file signed with
 * a sandbox test certificate), a second one connected with a KSeF token (mode 2); a webhook for
 * the first one's UPOs; the Ministry's FA(3) example 1 sent as the first one's invoice, seen
 * confirmed with its KSeF number and UPO, and arriving as the second one's incoming invoice; the
 * public invoice page refusing a wrong code and opening with the mailed one; the demo batch run to
 * confirmed; the webhook's delivery seen in its log. Each run uses NIPs of its own.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  apiToken,
  expect,
  loginAs,
  runStamp,
  screenshot,
  screenshotEveryLanguage,
  test,
} from './fixtures';

test.describe.configure({ mode: 'serial', timeout: Number(process.env.PL_E2E_TIMEOUT ?? 300_000) });

const EXAMPLE = readFileSync(
  join(
    dirname(fileURLToPath(import.meta.url)),
    '../../shared/spec/ksef/samples/fa3-official-mf/FA_3_Przykład_1.xml',
  ),
  'utf8',
);

/** A NIP of this run: nine random digits and their mod-11 check digit. */
function freshNip(): string {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  for (;;) {
    const digits = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const check =
      weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
    if (check !== 10) return `${digits}${check}`;
  }
}

const seller = { nip: freshNip(), name: `ABC AGD ${runStamp('E2E')}` };
const buyer = { nip: freshNip(), name: `Jan Kowalski ${runStamp('E2E')}` };
const invoiceNumber = runStamp('FV/E2E/');
let invoiceUuid = '';

async function createEntity(page: Page, entity: { nip: string; name: string }) {
  await page.getByRole('button', { name: 'New legal entity' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(entity.name);
  await dialog.getByLabel('NIP').fill(entity.nip);
  await dialog.getByLabel('E-mail').fill(`ksef-${entity.nip}@e2e.fiscus.test`);
  await dialog.getByLabel('Address line 1').fill('ul. Kwiatowa 1 m. 2');
  await dialog.getByLabel('Address line 2').fill('lokal 2');
  await dialog.getByLabel('Postcode').fill('00-001');
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Warszawa');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: entity.nip });
  await expect(row).toContainText('Pending');
  return row;
}

test('a legal entity onboarded on the public page (mode 1) and one with a KSeF token (mode 2)', async ({
  page,
}) => {
  await loginAs(page, 'poland', { path: '/gov-pl/legal-entities' });
  await expect(page.getByRole('heading', { name: 'Legal entities' })).toBeVisible();
  // The demo history: Kowalski and Nowak active, one entity onboarding, one disabled.
  await expect(page.getByRole('row').filter({ hasText: 'Zielony Ogród' })).toContainText(
    'Initialized',
  );
  await expect(page.getByRole('row').filter({ hasText: 'Stara Firma' })).toContainText('Disabled');
  await screenshotEveryLanguage(page, 'pl-legal-entities');

  // A wrong check digit is refused on its field.
  await page.getByRole('button', { name: 'New legal entity' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('NIP')
    .fill(`${seller.nip.slice(0, 9)}${(Number(seller.nip[9]) + 1) % 10}`);
  await dialog.getByLabel('Name').fill('Wrong NIP');
  await dialog.getByLabel('E-mail').fill('wrong@e2e.fiscus.test');
  await dialog.getByLabel('Address line 1').fill('ul. A 1');
  await dialog.getByLabel('Address line 2').fill('-');
  await dialog.getByLabel('Postcode').fill('00-001');
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Warszawa');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('NIP')).toHaveAccessibleDescription(
    'This NIP is not valid (its check digit does not match).',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Mode 1: the link, then the public page in Polish, signed with the sandbox test certificate.
  const sellerRow = await createEntity(page, seller);
  await sellerRow.getByRole('button', { name: 'Start onboarding' }).click();
  const link = await page.getByRole('dialog').getByRole('textbox').inputValue();
  expect(link).toMatch(/\/onboarding\/[0-9a-f-]{36}\/\S+$/);
  await screenshot(page, 'pl-onboarding-link');
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Autoryzacja w KSeF' })).toBeVisible();
  await expect(page.getByText(seller.name)).toBeVisible();
  await screenshot(page, 'pl-onboarding-intro');
  await page.getByRole('button', { name: 'Rozpocznij' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz plik do podpisu' }).click();
  expect((await download).suggestedFilename()).toBe('signature_file.xml');
  // The ten-minute countdown runs (mm:ss).
  await expect(page.getByText(/\b(?:09|10):\d\d\b/)).toBeVisible();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('button', { name: 'Podpisz testowym certyfikatem' }).click();
  await expect(page.getByRole('button', { name: 'Pobierz signed_file.xml' })).toBeVisible();
  await screenshot(page, 'pl-onboarding-signed');
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('button', { name: 'Prześlij' }).click();
  await expect(page.getByText('Autoryzacja zakończona')).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'pl-onboarding-done');

  await loginAs(page, 'poland', { path: '/gov-pl/legal-entities' });
  await expect(page.getByRole('row').filter({ hasText: seller.nip })).toContainText('Active');

  // Mode 2: a KSeF token (a sandbox one, as the taxpayer's KSeF app makes them).
  const buyerRow = await createEntity(page, buyer);
  await buyerRow.getByRole('button', { name: 'Connect with a KSeF token' }).click();
  const tokenDialog = page.getByRole('dialog');
  await tokenDialog.getByRole('textbox').fill('not-a-ksef-token');
  await tokenDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(tokenDialog.getByRole('textbox')).toHaveAccessibleDescription(
    /KSeF did not accept this authorisation token/,
  );
  await tokenDialog.getByRole('button', { name: 'Get a sandbox token' }).click();
  await expect(tokenDialog.getByRole('textbox')).not.toHaveValue('not-a-ksef-token');
  await tokenDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(tokenDialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: buyer.nip })).toContainText('Active');
});

test('the official FA(3) example sent, confirmed with its KSeF number and UPO, received by the buyer', async ({
  page,
}) => {
  await loginAs(page, 'poland', { path: '/gov-pl/webhooks' });
  // A webhook for the seller's UPOs, on the sandbox's own receiver.
  await page.getByRole('button', { name: 'New webhook' }).click();
  const webhook = page.getByRole('dialog');
  await webhook.getByLabel('Legal entity').fill(seller.nip);
  await page.getByRole('option', { name: new RegExp(seller.name) }).click();
  await webhook.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Sent invoice confirmed (UPO)' }).click();
  await webhook.getByLabel('URL').fill(`${new URL(page.url()).origin}/api/dev/webhook-receiver`);
  await webhook.getByRole('button', { name: 'Save' }).click();
  await expect(webhook).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: seller.name })).toBeVisible();

  // The Ministry's example 1, its parties this run's entities and its number this run's.
  const xml = EXAMPLE.replace('<NIP>9999999999</NIP>', `<NIP>${seller.nip}</NIP>`)
    .replace('<NIP>1111111111</NIP>', `<NIP>${buyer.nip}</NIP>`)
    .replace('<P_2>FV2026/02/150</P_2>', `<P_2>${invoiceNumber}</P_2>`);
  const token = await apiToken(page, 'poland');
  const sent = await page.request.post('/api/pl/invoices', {
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    data: xml,
  });
  expect(sent.status(), await sent.text()).toBe(202);
  invoiceUuid = ((await sent.json()) as { uuid: string }).uuid;

  await page.goto(`/gov-pl/outgoing-invoices?invoiceNumber=${encodeURIComponent(invoiceNumber)}`);
  const row = page.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(async () => {
    await page
      .getByRole('button', { name: /refresh/i })
      .first()
      .click();
    await expect(row).toContainText('Confirmed', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(`${seller.nip}-`);
  await expect(row).toContainText('PLN');
  await screenshotEveryLanguage(page, 'pl-outgoing-invoices');
  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(/\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}/);
  const upo = page.waitForEvent('download');
  await details.getByRole('button', { name: /UPO/ }).click();
  const upoText = readFileSync((await (await upo).path()) ?? '', 'utf8');
  expect(upoText).toContain(invoiceNumber);
  await screenshot(page, 'pl-invoice-details');
  await details.getByRole('button', { name: /close/i }).first().click();

  // The buyer's legal entity has it as incoming.
  await page.goto(`/gov-pl/incoming-invoices?invoiceNumber=${encodeURIComponent(invoiceNumber)}`);
  const incoming = page.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(async () => {
    await page
      .getByRole('button', { name: /refresh/i })
      .first()
      .click();
    await expect(incoming).toContainText('Received', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await screenshotEveryLanguage(page, 'pl-incoming-invoices');

  // The UPO webhook reached its receiver: its delivery is in the log.
  await page.goto('/gov-pl/webhooks');
  await page
    .getByRole('row')
    .filter({ hasText: seller.name })
    .getByRole('button', { name: 'Delivery log' })
    .click();
  await expect(async () => {
    await expect(page.getByRole('dialog')).toContainText('Delivered', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await screenshot(page, 'pl-webhook-deliveries');
});

test('the public page opens the invoice with the mailed code only', async ({ page, browser }) => {
  const admin = await apiToken(page, 'admin');
  const visitor = await browser.newPage();
  await visitor.goto(`/gov-pl/public-invoices/${invoiceUuid}`);
  await visitor.getByRole('button', { name: /Wyślij mi kod|Send me an access code/ }).click();
  await expect(visitor.getByText(/j\*\*\*@kowalski\.pl/)).toBeVisible();
  const mailedCode = async () => {
    const outbox = await page.request.get(
      `/api/dev/outbox?to=${encodeURIComponent('jan@kowalski.pl')}`,
      {
        headers: { Accept: 'application/json', Authorization: `Bearer ${admin}` },
      },
    );
    const mails = (await outbox.json()) as { subject: string; text: string }[];
    const mail = mails.find((entry) => entry.subject.includes(invoiceNumber));
    return /: (\d{8})/.exec(mail?.text ?? '')?.[1];
  };
  await expect.poll(mailedCode, { message: 'the access code in the outbox' }).toBeTruthy();
  const code = (await mailedCode())!;
  const field = visitor.getByRole('textbox');
  await field.fill(code === '00000000' ? '11111111' : '00000000');
  await visitor.getByRole('button', { name: /Otwórz fakturę|Open invoice/ }).click();
  await expect(
    visitor.getByText(/Ten kod dostępu jest nieprawidłowy|This access code is not valid/),
  ).toBeVisible();
  await screenshot(visitor, 'pl-public-invoice-wrong-code');
  await field.fill(code);
  await visitor.getByRole('button', { name: /Otwórz fakturę|Open invoice/ }).click();
  const frame = visitor.frameLocator('iframe');
  await expect(frame.getByText(invoiceNumber).first()).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByRole('button', { name: /UPO/ })).toBeVisible();
  // Not `waitForIdle`: the frame's document keeps the network from ever being idle for long.
  await screenshot(visitor, 'pl-public-invoice');
  await visitor.close();
});

test('the demo batch runs to confirmed', async ({ page }) => {
  await loginAs(page, 'poland', { path: '/pl/invoices/demo' });
  await page.getByLabel('NIP 1 (seller)').fill(seller.nip);
  await page.getByLabel('NIP 2 (buyer)').fill(buyer.nip);
  await page.getByLabel('Number of invoices').fill('2');
  await page.getByRole('button', { name: 'Generate' }).click();
  const rows = page.getByRole('row').filter({ hasText: 'DEMO/' });
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  // The page looks again every 10 seconds until KSeF has confirmed both.
  await expect(rows.filter({ hasText: 'Confirmed' })).toHaveCount(2, { timeout: 60_000 });
  await screenshotEveryLanguage(page, 'pl-demo');
});
