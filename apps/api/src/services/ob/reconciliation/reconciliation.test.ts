import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { writeCamt } from '@fiscus/reconcile/synthetic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obInvoicePayments, obTransactions } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { drainJobs, sendXml } from '../../it/it-test-kit.ts';
import { connectThrough, members, pathOf, postForm, violationPaths } from '../ob-test-kit.ts';

const repoRoot = resolve(import.meta.dirname, '../../../../../..');
/** The official FPR01 sample: SOCIETA' ALPHA SRL invoices DITTA BETA. */
const SAMPLE = readFileSync(
  resolve(repoRoot, '../shared/spec/fatturapa/samples/official/v1.2.2/IT01234567890_FPR01.xml'),
  'utf8',
);
const ROLES = {
  it: ['ROLE_INVOICING'],
  ob: ['ROLE_USER'],
  common: ['ROLE_USER'],
};
const FISCAL_ID = '01234567890';

/** The sample with its own number and amount to pay. */
const invoice = (number: string, amount: string) =>
  SAMPLE.replace('<Numero>123</Numero>', `<Numero>${number}</Numero>`).replace(
    '<ImportoPagamento>6.10</ImportoPagamento>',
    `<ImportoPagamento>${amount}</ImportoPagamento>`,
  );

type Transaction = {
  transactionId: string;
  amount: string;
  match: {
    state: string;
    invoices: { number: string; amount: string }[];
    reasons: { code: string }[];
  } | null;
};

describe('incoming money pays the Italian customer invoices it matches', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const now = new Date('2026-11-02T09:00:00Z');
  const invoices = new Map<string, string>();
  let account: { uuid: string; iban: string };

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    token = (await t.createUser({ roles: ROLES })).token;
    otherToken = (await t.createUser({ roles: ROLES })).token;
    for (const [number, amount] of [
      ['FT2026/101', '100.00'],
      ['FT2026/102', '250.00'],
      ['FT2026/103', '250.00'],
      ['FT2026/104', '80.00'],
    ] as const) {
      const sent = await sendXml(t, token, invoice(number, amount));
      expect(sent.statusCode, sent.body).toBe(202);
      invoices.set(number, (sent.json() as { uuid: string }).uuid);
    }
    await drainJobs(t);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.request({ method, url: `/api/ob${url}`, token, payload });
    await call('POST', '/business-registry', {
      fiscalId: FISCAL_ID,
      email: 'incassi@alpha.example',
      businessName: "SOCIETA' ALPHA SRL",
    });
    await call('PUT', `/business-registry/${FISCAL_ID}`, {
      businessName: "SOCIETA' ALPHA SRL",
      enabled: true,
    });
    const { connectUrl } = (
      await call('POST', `/business-registry/${FISCAL_ID}/connect`, {})
    ).json() as {
      connectUrl: string;
    };
    await connectThrough(t, connectUrl, { bank: 'fakebank_simple_xf', accounts: ['current'] });
    await drainJobs(t);
    [account] = members<{ uuid: string; iban: string }>(
      await t.request({
        method: 'GET',
        url: `/api/ob/business-registry/${FISCAL_ID}/accounts`,
        token,
      }),
    ) as [{ uuid: string; iban: string }];
  });
  afterAll(() => t.close());

  /** The invoice as the Italian invoice list shows it: paid, and how much. */
  const invoiceRow = async (number: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/it/invoices?type=0&invoiceNumber=${encodeURIComponent(number)}`,
      token,
    });
    const [row] = members<{ paid: boolean; paid_amount: string | null }>(response);
    return { paid: row!.paid, paid_amount: row!.paid_amount };
  };
  const paidOf = async (number: string) =>
    (
      await t.db
        .select()
        .from(obInvoicePayments)
        .where(eq(obInvoicePayments.invoiceUuid, invoices.get(number)!))
    ).map((row) => row.amount);

  it('a payment asked for an invoice carries its number and, paid, marks it paid by itself', async () => {
    const asked = await t.request({
      method: 'POST',
      url: '/api/ob/payments/receive/sepa-instant',
      token,
      payload: {
        accountUuid: account.uuid,
        amount: '100.00',
        currencyCode: 'EUR',
        description: 'Pagamento',
        invoiceUuid: invoices.get('FT2026/101'),
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const page = pathOf((asked.json() as { connectUrl: string }).connectUrl);
    expect((await t.request({ method: 'GET', url: page })).body).toContain('Fattura FT2026/101');
    await postForm(t, page, { payerName: 'DITTA BETA', payerIban: 'IT60X0542811101000000123456' });
    await drainJobs(t);
    expect(await paidOf('FT2026/101')).toEqual(['100.00']);
    expect(await invoiceRow('FT2026/101')).toEqual({ paid: true, paid_amount: '100.00' });
    expect(await invoiceRow('FT2026/104')).toEqual({ paid: false, paid_amount: null });
    const paidList = members<{ invoiceNumber: string }>(
      await t.request({ method: 'GET', url: '/api/it/invoices?type=0&paid=true', token }),
    );
    expect(paidList.map((row) => row.invoiceNumber)).toEqual(['FT2026/101']);
    // Another tenant's invoice cannot ride on a payment request.
    const foreign = await t.request({
      method: 'POST',
      url: '/api/ob/payments/receive/sepa',
      token: otherToken,
      payload: { accountUuid: account.uuid, amount: '1', currencyCode: 'EUR', description: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a camt.053 statement is read, its sure entries settle invoices, a doubtful one waits', async () => {
    const entries = [
      {
        ref: 'ACSV-0001',
        bookingDate: '2026-11-02',
        amount: '250.00',
        currency: 'EUR',
        direction: 'credit' as const,
        status: 'BOOK',
        counterpartyName: 'DITTA BETA',
        counterpartyIban: 'IT60X0542811101000000123456',
        accountIban: account.iban,
        remittance: 'Saldo fattura FT2026/102',
        endToEndId: 'E2E-CAMT-1',
      },
      {
        ref: 'ACSV-0002',
        bookingDate: '2026-11-02',
        amount: '250.00',
        currency: 'EUR',
        direction: 'credit' as const,
        status: 'BOOK',
        counterpartyName: 'Studio Verdi',
        accountIban: account.iban,
        remittance: 'Bonifico',
        endToEndId: 'E2E-CAMT-2',
      },
      {
        ref: 'ACSV-0003',
        bookingDate: '2026-11-02',
        amount: '12.50',
        currency: 'EUR',
        direction: 'debit' as const,
        status: 'BOOK',
        accountIban: account.iban,
        remittance: 'Commissioni',
      },
    ];
    const camt = writeCamt(entries);
    const send = (body: string, as = token, accountUuid = account.uuid) =>
      t.request({
        method: 'POST',
        url: `/api/ob/business-registry/${FISCAL_ID}/statements?account=${accountUuid}`,
        token: as,
        payload: body,
        headers: { 'content-type': 'application/xml' },
      });
    const imported = await send(camt);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      entries: 3,
      added: 3,
      alreadyKnown: 0,
      matched: 1,
      suggested: 1,
    });
    expect(await paidOf('FT2026/102')).toEqual(['250.00']);
    // The same file again stores nothing twice.
    expect((await send(camt)).json()).toMatchObject({ added: 0, alreadyKnown: 3 });

    const rows = await t.db
      .select()
      .from(obTransactions)
      .where(eq(obTransactions.bankId, 'ACSV-0002'));
    const doubtful = rows[0]!;
    const listed = members<Transaction>(
      await t.request({
        method: 'GET',
        url: `/api/ob/business-registry/${FISCAL_ID}/transactions?itemsPerPage=100&madeOn[after]=2026-11-01`,
        token,
      }),
    ).find((row) => row.transactionId === doubtful.uuid)!;
    expect(listed.match).toMatchObject({ state: 'suggested' });
    const candidates = members<{ uuid: string; number: string }>(
      await t.request({
        method: 'GET',
        url: `/api/ob/transactions/${doubtful.uuid}/candidates`,
        token,
      }),
    );
    expect(candidates[0]!.number).toBe('FT2026/103');
    expect(candidates.map((candidate) => candidate.number)).not.toContain('FT2026/102');

    // A person confirms it (more than the invoice owes, another tenant, twice: refused).
    const confirm = (payload: object, as = token) =>
      t.request({
        method: 'PUT',
        url: `/api/ob/transactions/${doubtful.uuid}/match`,
        token: as,
        payload,
      });
    expect(
      violationPaths(
        await confirm({ invoices: [{ uuid: invoices.get('FT2026/103'), amount: '250.01' }] }),
      ),
    ).toEqual(expect.arrayContaining(['invoices[0].amount']));
    expect(
      (
        await confirm(
          { invoices: [{ uuid: invoices.get('FT2026/103'), amount: '250' }] },
          otherToken,
        )
      ).statusCode,
    ).toBe(404);
    const confirmed = await confirm({
      invoices: [{ uuid: invoices.get('FT2026/103'), amount: '250' }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      match: {
        state: 'matched',
        reasons: [{ code: 'manual' }],
        invoices: [{ number: 'FT2026/103', amount: '250.00' }],
      },
    });
    expect(await paidOf('FT2026/103')).toEqual(['250.00']);
    // Rejected, the invoice is open again.
    const rejected = await t.request({
      method: 'DELETE',
      url: `/api/ob/transactions/${doubtful.uuid}/match`,
      token,
    });
    expect(rejected.json()).toMatchObject({ match: { state: 'rejected' } });
    expect(await paidOf('FT2026/103')).toEqual([]);
    expect(await invoiceRow('FT2026/103')).toEqual({ paid: false, paid_amount: null });
  });

  it('an account whose bank is not connected comes in with its first statement, and is read from them', async () => {
    const iban = 'IT02L1234512345123456789012';
    const statement = writeCamt([
      {
        ref: 'POSTE-0001',
        bookingDate: '2026-11-01',
        amount: '80.00',
        currency: 'EUR',
        direction: 'credit',
        status: 'BOOK',
        counterpartyName: 'DITTA BETA',
        accountIban: iban,
        remittance: 'Fattura FT2026/104',
      },
      {
        ref: 'POSTE-0002',
        bookingDate: '2026-11-01',
        amount: '2.50',
        currency: 'EUR',
        direction: 'debit',
        status: 'BOOK',
        accountIban: iban,
        remittance: 'Commissione bonifico',
      },
    ]);
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/ob/business-registry/${FISCAL_ID}/statements`,
        token,
        payload: statement,
        headers: { 'content-type': 'application/xml' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accountCreated: true, added: 2, matched: 1 });
    expect(await paidOf('FT2026/104')).toEqual(['80.00']);
    const again = await send();
    expect(again.json()).toMatchObject({ accountCreated: false, added: 0, alreadyKnown: 2 });
    const accounts = members<{
      uuid: string;
      iban: string;
      connectionId: string | null;
      providerName: string;
      balance: string;
    }>(
      await t.request({
        method: 'GET',
        url: `/api/ob/business-registry/${FISCAL_ID}/accounts`,
        token,
      }),
    );
    const manual = accounts.find((row) => row.iban === iban)!;
    expect(manual).toMatchObject({
      connectionId: null,
      providerName: 'camt statements',
      balance: '77.50',
    });
    // No bank behind it: no payment asked on it, no reconnect; it goes alone once disabled.
    const asked = await t.request({
      method: 'POST',
      url: '/api/ob/payments/receive/sepa',
      token,
      payload: { accountUuid: manual.uuid, amount: '1', currencyCode: 'EUR', description: 'x' },
    });
    expect(violationPaths(asked)).toEqual(['accountUuid']);
    expect(
      violationPaths(
        await t.request({ method: 'GET', url: `/api/ob/accounts/${manual.uuid}/reconnect`, token }),
      ),
    ).toEqual(['connectionId']);
    await t.request({
      method: 'PUT',
      url: `/api/ob/accounts/${manual.uuid}`,
      token,
      payload: { enabled: false },
    });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/ob/accounts/${manual.uuid}`,
      token,
    });
    expect(removed.json()).toEqual({ removedAccounts: [manual.uuid] });
    // What its statements paid is open again.
    expect(await invoiceRow('FT2026/104')).toEqual({ paid: false, paid_amount: null });
  });

  it('a bad statement is refused with its reason and changes nothing', async () => {
    const before = (await t.db.select().from(obTransactions)).length;
    const send = (body: string) =>
      t.request({
        method: 'POST',
        url: `/api/ob/business-registry/${FISCAL_ID}/statements?account=${account.uuid}`,
        token,
        payload: body,
        headers: { 'content-type': 'application/xml' },
      });
    const xxe = await send(
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>',
    );
    expect(xxe.statusCode).toBe(422);
    expect(violationPaths(xxe)).toEqual(['file']);
    const elsewhere = writeCamt([
      {
        ref: 'X1',
        bookingDate: '2026-11-02',
        amount: '1.00',
        currency: 'EUR',
        direction: 'credit',
        accountIban: 'IT60X0542811101000000123456',
        remittance: 'x',
      },
    ]);
    expect((await send(elsewhere)).json()).toMatchObject({
      violations: [{ propertyPath: 'file' }],
    });
    expect((await send('not xml')).statusCode).toBe(422);
    const own = elsewhere.replaceAll('IT60X0542811101000000123456', account.iban);
    expect((await send(own.replaceAll('>1.00<', '>1.005<'))).statusCode).toBe(422);
    expect(
      (await send(own.replace('<Amt', '<Amount').replace('</Amt>', '</Amount>'))).statusCode,
    ).toBe(422);
    expect((await t.db.select().from(obTransactions)).length).toBe(before);
  });
});
