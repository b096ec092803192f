/**
 * Open banking end to end (issue 36), against the real server and its aggregator sandbox:
 * openbanking@ creates a business registry, turns data reading on (the fee confirmed), connects a
 * bank through the hosted flow (failing once on a wrong password, then through the bank's
 * one-time code, accounts and GDPR consent), sees the accounts and their transactions, and
 * deletes the connection only once every account of it is disabled; an account whose bank is
 * not connected comes in with its first camt.053 statement; its connect webhook is delivered. italy@ asks a SEPA Instant payment for one of ALPHA SRL's open invoices, the payer
 * pays on the hosted page, and the invoice shows paid; a payment without reference waits for a
 * person to confirm the invoice it pays. The consent nearing its end shows its notice.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  personaApi,
  runStamp,
  screenshot,
  screenshotEveryLanguage,
  test,
} from './fixtures';
import { baseURL } from './playwright.config';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** A fiscal id of this run (eleven digits). */
const fiscalId = `9${String(Date.now()).slice(-10)}`;
const businessName = `Ottica ${runStamp('E2E')}`;

/** A camt.053.001.02 statement of a bank not connected (Poste), as `@fiscus/reconcile` writes one. */
const CAMT_053 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>MSG20261202</MsgId><CreDtTm>2026-12-02T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>MSG20261202-1</Id><CreDtTm>2026-12-02T18:00:00</CreDtTm><Acct><Id><IBAN>IT02L1234512345123456789012</IBAN></Id><Ccy>EUR</Ccy></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-02</Dt></Dt></Bal><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">43.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-02</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">45.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt><ValDt><Dt>2026-12-01</Dt></ValDt><AcctSvcrRef>POSTE-E2E-1</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>E2E-POSTE-1</EndToEndId></Refs><RltdPties><Dbtr><Nm>Studio Verdi</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Acconto ordine 12</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">1.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-12-02</Dt></BookgDt><ValDt><Dt>2026-12-02</Dt></ValDt><AcctSvcrRef>POSTE-E2E-2</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RmtInf><Ustrd>Commissione</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt>
</BkToCstmrStmt>
</Document>
`;

/** Follows a hosted page's link in the same tab (the console opens it in a new one). */
async function openLink(page: Page, dialogName: RegExp | string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const href = await dialog.getByRole('link', { name: 'Open' }).getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
}

test('a registry connects a bank (a wrong password first), reads its accounts, and deletes the connection', async ({
  page,
}) => {
  // A webhook hears the connect outcomes.
  const banking = await personaApi('openbanking');
  const hook = await banking.api.post('/api/ob/webhooks', {
    headers: banking.headers,
    data: { event: 'connect', targetUrl: `${baseURL}/api/dev/webhook-receiver` },
  });
  expect(hook.status()).toBe(201);
  const hookUuid = ((await hook.json()) as { uuid: string }).uuid;

  await loginAs(page, 'openbanking', { path: '/openbanking/business-registry' });
  await expect(page.getByRole('heading', { name: 'Business registry' })).toBeVisible();
  await page.getByRole('button', { name: 'New business registry' }).click();
  let dialog = page.getByRole('dialog', { name: 'New business registry' });
  await dialog.getByRole('textbox', { name: /Fiscal id/ }).fill('IT 12!');
  await dialog
    .getByRole('textbox', { name: /Email/ })
    .fill(`tesoreria-${fiscalId}@e2e.fiscus.test`);
  await dialog.getByRole('textbox', { name: /Business name/ }).fill(businessName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/only letters and digits/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Fiscal id/ }).fill(fiscalId);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: fiscalId });
  await expect(row).toBeVisible();

  // Data reading on, the annual fee confirmed.
  await page.getByTestId(`ob-data-reading-${fiscalId}`).click();
  dialog = page.getByRole('dialog', { name: 'Enable data reading' });
  await expect(dialog).toContainText('a year');
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId(`ob-data-reading-${fiscalId}`).getByRole('switch')).toBeChecked();

  // The hosted flow: a wrong password ends it, the console says why.
  await page.getByTestId(`ob-connect-${fiscalId}`).click();
  await openLink(page, 'Connect a bank');
  await page.getByRole('button', { name: 'Fakebank Simple' }).click();
  await page.getByLabel('User name').fill('mario');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The bank refused your credentials.');
  await screenshot(page, 'ob-connect-failed');
  await page.getByRole('link', { name: 'Back to Fiscus' }).click();
  await expect(page.getByText(/was not connected: the bank refused the credentials/)).toBeVisible();

  // Then through the bank's one-time code, its accounts and the consent.
  await page.getByTestId(`ob-connect-${fiscalId}`).click();
  await openLink(page, 'Connect a bank');
  await page.getByRole('button', { name: 'Fakebank SMS' }).click();
  await page.getByLabel('User name').fill('mario');
  await page.getByLabel('Password').fill('secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('One-time code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  await page.getByRole('button', { name: 'Continue' }).click();
  await screenshot(page, 'ob-connect-consent');
  await page.getByRole('button', { name: 'Give consent' }).click();
  await expect(page.getByRole('status')).toContainText('Your accounts are connected');
  await page.getByRole('link', { name: 'Back to Fiscus' }).click();
  await expect(page.getByText(/is connected: its accounts are being read/)).toBeVisible();

  // Its accounts, with their balances (the sync runs on the worker: refresh until they show).
  await expect(async () => {
    await page.reload();
    await page.getByTestId(`ob-expand-${fiscalId}`).click();
    await expect(page.getByRole('table', { name: /Accounts of/ }).getByRole('row')).toHaveCount(4, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  const accounts = page.getByRole('table', { name: /Accounts of/ });
  await expect(accounts).toContainText('Conto corrente business');
  await expect(accounts).toContainText(/IT\d\d[A-Z]99002/);
  await screenshot(page, 'ob-business-registry');

  // Its transactions.
  await page.goto(`/openbanking/transactions?fiscalId=${fiscalId}`);
  const transactions = page.getByRole('table', { name: /Transactions/ });
  await expect(transactions.getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, 'ob-transactions');

  // A connection goes only once every account of it is disabled.
  await page.goto('/openbanking/business-registry');
  await page.getByTestId(`ob-expand-${fiscalId}`).click();
  const accountRows = page.getByRole('table', { name: /Accounts of/ }).getByRole('row');
  await expect(accountRows).toHaveCount(4);
  const firstAccount = accountRows.nth(1);
  await expect(firstAccount.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  for (const index of [1, 2, 3]) {
    await accountRows.nth(index).getByRole('switch').click();
    await page
      .getByRole('dialog', { name: 'Disable account' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expect(accountRows.nth(index).getByRole('switch')).not.toBeChecked();
  }
  await firstAccount.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete account' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('3 accounts deleted')).toBeVisible();

  // An account whose bank is not connected comes in with its first camt.053 statement.
  await page.goto(`/openbanking/transactions?fiscalId=${fiscalId}&dialogId=import`);
  const importing = page.getByRole('dialog', { name: 'Import a bank statement' });
  await importing.getByRole('combobox', { name: /Account/ }).click();
  await page
    .getByRole('option', { name: 'The account named in the file (new if unknown)' })
    .click();
  await importing.getByLabel(/Statement file/).setInputFiles({
    name: 'estratto-poste.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(CAMT_053),
  });
  await importing.getByRole('button', { name: 'Import' }).click();
  await expect(importing.getByText('New account, read from its statements')).toBeVisible();
  await screenshot(page, 'ob-statement-imported');
  await importing.getByRole('button', { name: 'Close' }).click();
  await page.goto('/openbanking/business-registry');
  await page.getByTestId(`ob-expand-${fiscalId}`).click();
  const statementAccount = page
    .getByRole('table', { name: /Accounts of/ })
    .getByRole('row')
    .filter({ hasText: 'IT02L1234512345123456789012' });
  await expect(statementAccount).toContainText('Imported statements');
  await expect(statementAccount).toContainText('€43.50');
  await expect(statementAccount.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

  // The connect webhook heard both outcomes.
  const deliveries = await banking.api.get(`/api/ob/webhooks/${hookUuid}/deliveries`, {
    headers: banking.headers,
  });
  const log = (await deliveries.json()) as { status: string }[];
  expect(log.length).toBeGreaterThanOrEqual(2);
  await banking.api.delete(`/api/ob/webhooks/${hookUuid}`, { headers: banking.headers });
  await banking.dispose();
});

test('a SEPA Instant payment asked for an invoice, paid on the hosted page, marks the invoice paid', async ({
  page,
}) => {
  const italy = await personaApi('italy');
  const registries = (await (
    await italy.api.get('/api/ob/business-registry', { headers: italy.headers })
  ).json()) as { fiscalId: string }[];
  const alpha = registries[0]!.fiscalId;
  // An open invoice of ALPHA SRL from the demo history (older than a week: never one another
  // browser test is making right now) and what it asks to be paid.
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const open = (await (
    await italy.api.get(
      `/api/it/invoices?type=0&documentType=TD01&paid=false&marking=delivered&itemsPerPage=30&sender.fiscalId=${alpha}&invoiceDate[before]=${weekAgo}&order[invoiceDate]=desc`,
      { headers: italy.headers },
    )
  ).json()) as {
    uuid: string;
    invoiceNumber: string;
    invoiceDate: string;
    paid_amount: string | null;
  }[];
  const target = open.find((invoice) => invoice.paid_amount === null)!;
  const full = (await (
    await italy.api.get(`/api/it/invoices/${target.uuid}`, { headers: italy.headers })
  ).json()) as { payload: string };
  const body = (
    JSON.parse(full.payload) as {
      fattura_elettronica_body: {
        dati_pagamento?: { dettaglio_pagamento: { importo_pagamento: string }[] }[];
        dati_generali: { dati_generali_documento: { importo_totale_documento?: string } };
      }[];
    }
  ).fattura_elettronica_body[0]!;
  const details = (body.dati_pagamento ?? []).flatMap((payment) => payment.dettaglio_pagamento);
  const amount =
    details.length > 0
      ? details
          .reduce((sum, detail) => sum + Math.round(Number(detail.importo_pagamento) * 100), 0)
          .toString()
          .replace(/(\d\d)$/, '.$1')
      : body.dati_generali.dati_generali_documento.importo_totale_documento!;

  await loginAs(page, 'italy', { path: '/openbanking/business-registry' });
  await page.getByTestId(`ob-expand-${alpha}`).click();
  const accounts = page.getByRole('table', { name: /Accounts of/ });
  await accounts.getByRole('row').nth(1).getByRole('button', { name: 'Receive payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive payment' });
  await dialog.getByRole('combobox', { name: /System/ }).click();
  await page.getByRole('option', { name: 'SEPA Instant' }).click();
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('-5');
  await dialog
    .getByRole('textbox', { name: /Description/ })
    .fill(`Fattura ${target.invoiceNumber}`);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText(/above zero|Invalid value/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Amount/ }).fill(amount);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await screenshot(page, 'ob-receive-payment-link');
  await openLink(page, 'Receive payment');

  // The payer's page: the payee, the amount, the reason; paid.
  await expect(page.getByText(target.invoiceNumber)).toBeVisible();
  await page.getByLabel('Your name or company').fill('Cliente Pagante S.r.l.');
  await page.getByLabel('Your IBAN').fill('IT60X0542811101000000123456');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toContainText('Your bank has sent the transfer.');

  // The money lands on the account and pays the invoice (the worker's sync and the matcher).
  await expect(async () => {
    const invoice = (await (
      await italy.api.get(`/api/it/invoices/${target.uuid}`, { headers: italy.headers })
    ).json()) as { paid: boolean };
    expect(invoice.paid).toBe(true);
  }).toPass({ timeout: 60_000 });
  await page.goto(`/openbanking/transactions?fiscalId=${alpha}`);
  const row = page
    .getByRole('table', { name: /Transactions/ })
    .getByRole('row')
    .filter({ hasText: 'CLIENTE PAGANTE' })
    .first();
  await expect(row).toContainText(target.invoiceNumber);
  // The list: that day, that number (the number waits for a date), paid ones only.
  await page.goto(
    `/customer-invoice?invoiceDate%5Bafter%5D=${target.invoiceDate}&invoiceDate%5Bbefore%5D=${target.invoiceDate}&invoiceNumber=${encodeURIComponent(target.invoiceNumber)}&paid=true`,
  );
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: target.invoiceNumber })
      .getByText('Paid', { exact: true })
      .first(),
  ).toBeVisible();
  await italy.dispose();
});

test("a payment requested from an open invoice's details carries its number and what it still owes", async ({
  page,
}) => {
  const italy = await personaApi('italy');
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const open = (await (
    await italy.api.get(
      `/api/it/invoices?type=0&documentType=TD01&paid=false&marking=delivered&itemsPerPage=30&invoiceDate[before]=${weekAgo}`,
      { headers: italy.headers },
    )
  ).json()) as { uuid: string; invoiceNumber: string; paid_amount: string | null }[];
  const invoice = open.find((row) => row.paid_amount === null)!;
  await loginAs(page, 'italy', {
    path: `/customer-invoice?invoiceDate%5Bafter%5D=&invoiceDate%5Bbefore%5D=&dialogId=invoice&dialog_uuid=${invoice.uuid}&dialog_tab=info`,
  });
  await page.getByRole('button', { name: 'Request payment' }).click();
  const dialog = page.getByRole('dialog', {
    name: `Request payment of invoice ${invoice.invoiceNumber}`,
  });
  await expect(dialog.getByRole('textbox', { name: /Description/ })).toHaveValue(
    `Fattura ${invoice.invoiceNumber}`,
  );
  await expect(dialog.getByRole('textbox', { name: /Amount/ })).not.toHaveValue('');
  await expect(dialog.getByRole('combobox', { name: /Account to be paid on/ })).toContainText('IT');
  await screenshot(page, 'ob-invoice-payment-request');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const href = await dialog.getByRole('link', { name: 'Open' }).getAttribute('href');
  await page.goto(href!);
  await expect(page.getByText(invoice.invoiceNumber)).toBeVisible();
  await italy.dispose();
});

test('a payment without reference waits for a person to confirm the invoice it pays', async ({
  page,
}) => {
  await loginAs(page, 'italy', { path: '/openbanking/business-registry' });
  const italy = await personaApi('italy');
  const [registry] = (await (
    await italy.api.get('/api/ob/business-registry', { headers: italy.headers })
  ).json()) as { fiscalId: string }[];
  // A transaction of the demo history the matcher could not settle alone: its day in the filters.
  const waitingRows = (
    (await (
      await italy.api.get(
        `/api/ob/business-registry/${registry!.fiscalId}/transactions?itemsPerPage=100&category=customer_payment&madeOn[after]=2025-01-01`,
        { headers: italy.headers },
      )
    ).json()) as { transactionId: string; madeOn: string; match: { state: string } | null }[]
  ).filter((row) => row.match?.state === 'suggested');
  expect(waitingRows.length).toBeGreaterThan(0);
  const day = waitingRows[0]!.madeOn;
  await page.goto(
    `/openbanking/transactions?fiscalId=${registry!.fiscalId}&madeOn%5Bafter%5D=${day}&madeOn%5Bbefore%5D=${day}`,
  );
  const waiting = page.getByTestId(`ob-match-${waitingRows[0]!.transactionId}`);
  await expect(waiting).toBeVisible();
  await waiting.click();
  const dialog = page.getByRole('dialog', { name: 'Which invoice does it pay?' });
  await expect(dialog.getByRole('button', { name: /^Confirm invoice/ }).first()).toBeVisible();
  await screenshot(page, 'ob-confirm-match');
  await dialog
    .getByRole('button', { name: /^Confirm invoice/ })
    .first()
    .click();
  await expect(dialog).toBeHidden();
  // Settled: the row now names the invoice it pays, and the API says so.
  await expect(waiting).toHaveCount(0);
  const settled = (await (
    await italy.api.get(
      `/api/ob/business-registry/${registry!.fiscalId}/transactions?itemsPerPage=100&madeOn[after]=${day}&madeOn[before]=${day}`,
      { headers: italy.headers },
    )
  ).json()) as { transactionId: string; match: { state: string } | null }[];
  expect(
    settled.find((row) => row.transactionId === waitingRows[0]!.transactionId)?.match?.state,
  ).toBe('matched');
  await italy.dispose();
});

test("a consent nearing its end shows when it ends, and its notice went to the registry's mail", async ({
  page,
}) => {
  await loginAs(page, 'openbanking', { path: '/openbanking/business-registry' });
  await page.getByTestId('ob-expand-03456789015').click();
  const accounts = page.getByRole('table', { name: /Accounts of/ });
  await accounts.getByRole('row').nth(1).getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: /Account/ });
  await expect(details).toContainText('Consent expires');
  await screenshot(page, 'ob-account-details');
  const admin = await personaApi('admin');
  const outbox = (await (
    await admin.api.get('/api/dev/outbox', { headers: admin.headers })
  ).json()) as {
    to: string;
    subject: string;
  }[];
  expect(
    outbox.some(
      (mail) =>
        mail.to === 'tesoreria@officina-digitale.demo.fiscus.test' &&
        mail.subject.includes('Rinnova il consenso'),
    ),
  ).toBe(true);
  await admin.dispose();
  await page.keyboard.press('Escape');

  // The area's screens in every language, on the demo history.
  await page.goto('/openbanking/business-registry');
  await expect(page.getByRole('row').filter({ hasText: '03456789015' })).toBeVisible();
  await screenshotEveryLanguage(page, 'ob-business-registries');
  await page.goto('/openbanking/payments?fiscalId=03456789015&madeOn%5Bafter%5D=2026-01-01');
  await expect(
    page
      .getByRole('table', { name: /Payments/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await screenshotEveryLanguage(page, 'ob-payments');
  await page.goto('/openbanking/transactions?fiscalId=03456789015');
  await expect(
    page
      .getByRole('table', { name: /Transactions/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await screenshotEveryLanguage(page, 'ob-transactions-list');
  await page.goto('/openbanking/webhooks');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await screenshotEveryLanguage(page, 'ob-webhooks');
});
