import { and, eq } from 'drizzle-orm';
import { isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumptions,
  obConnections,
  obSandboxAccounts,
  obSandboxTransactions,
  obTransactions,
  outboxMails,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { fromCents, toCents } from '../../platform/money.ts';
import { subAccountOf, type Login } from '../it/acting-scope-test-kit.ts';
import { drainJobs } from '../it/it-test-kit.ts';
import {
  connectThrough as connectThroughKit,
  members,
  pathOf,
  postForm,
  violationPaths,
  type ConnectSteps,
} from './ob-test-kit.ts';

const ROLES = { ob: ['ROLE_USER'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'] };
const FISCAL_ID = '12345678903';

type Account = {
  uuid: string;
  iban: string | null;
  nature: string;
  balance: string;
  enabled: boolean;
  consentExpiresAt: string;
  connectionId: string;
};
type Transaction = {
  transactionId: string;
  amount: string;
  status: string;
  duplicated: boolean;
  remittance?: string;
  description: string;
};

describe('open banking: registries, the hosted connect flow, accounts, transactions, payments', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let owner: Login;
  let now = new Date('2026-11-02T09:00:00Z');
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({}, { clock: () => now });
    const made = await t.createUser({ roles: ROLES });
    token = made.token;
    owner = { id: made.user.id, email: made.user.email, token };
    otherToken = (await t.createUser({ roles: ROLES })).token;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
  ) => t.request({ method, url: `/api/ob${url}`, token: as, ...(payload ? { payload } : {}) });
  const codes = violationPaths;
  const form = (url: string, fields: Record<string, string | string[]>) => postForm(t, url, fields);
  const connectThrough = (link: string, steps: ConnectSteps) => connectThroughKit(t, link, steps);

  let accounts: Account[] = [];

  it('a registry is made, refused bad input, and billed once data reading is on', async () => {
    expect(
      codes(
        await call('POST', '/business-registry', {
          fiscalId: 'IT 123!',
          email: 'x',
          businessName: '',
        }),
      ),
    ).toEqual(expect.arrayContaining(['fiscalId', 'email', 'businessName']));
    const noRole = await t.createUser({ roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] } });
    expect((await call('GET', '/business-registry', undefined, noRole.token)).statusCode).toBe(403);

    const made = await call('POST', '/business-registry', {
      fiscalId: FISCAL_ID,
      email: 'tesoreria@alpha.example',
      businessName: 'ALPHA SRL',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ fiscalId: FISCAL_ID, enabled: false, emailAlerts: true });
    // One fiscal id per account; one e-mail across registries (another tenant's too).
    const again = await call('POST', '/business-registry', {
      fiscalId: FISCAL_ID,
      email: 'TESORERIA@alpha.example',
      businessName: 'ALPHA SRL',
    });
    expect(codes(again)).toEqual(['fiscalId', 'email']);
    const elsewhere = await call(
      'POST',
      '/business-registry',
      { fiscalId: '99999999999', email: 'tesoreria@alpha.example', businessName: 'Other' },
      otherToken,
    );
    expect(codes(elsewhere)).toEqual(['email']);

    // Connecting needs data reading on; turning it on starts the subscription, billed once.
    expect(codes(await call('POST', `/business-registry/${FISCAL_ID}/connect`, {}))).toEqual([
      'enabled',
    ]);
    expect((await call('GET', `/business-registry/${FISCAL_ID}/subscription`)).statusCode).toBe(
      404,
    );
    const on = await call('PUT', `/business-registry/${FISCAL_ID}`, {
      businessName: 'ALPHA SRL',
      enabled: true,
    });
    expect(on.json()).toMatchObject({ enabled: true });
    const subscription = (await call('GET', `/business-registry/${FISCAL_ID}/subscription`)).json();
    expect(subscription).toMatchObject({ active: true, auto_renew: true, fee: '120.00' });
    await call('PUT', `/business-registry/${FISCAL_ID}`, {
      businessName: 'ALPHA SRL',
      enabled: false,
    });
    expect(
      (await call('GET', `/business-registry/${FISCAL_ID}/subscription`)).json(),
    ).toMatchObject({
      active: true,
      auto_renew: false,
    });
    await call('PUT', `/business-registry/${FISCAL_ID}`, {
      businessName: 'ALPHA SRL',
      enabled: true,
    });
    const billed = await t.db.select().from(consumptions);
    expect(billed.map((row) => row.total)).toEqual(['120.00']);
    // Another tenant does not see it; nor does a sub-account of the business, which makes none.
    expect(
      (await call('GET', `/business-registry/${FISCAL_ID}`, undefined, otherToken)).statusCode,
    ).toBe(404);
    const sub = await subAccountOf(t, owner, 'ob-branch', {
      ob: ['ROLE_USER'],
      common: ['ROLE_USER'],
    });
    expect(members(await call('GET', '/business-registry', undefined, sub.token))).toEqual([]);
    expect(
      (await call('GET', `/business-registry/${FISCAL_ID}`, undefined, sub.token)).statusCode,
    ).toBe(404);
    const byBranch = await call(
      'POST',
      '/business-registry',
      { fiscalId: '55555555555', email: 'branch@alpha.example', businessName: 'Branch' },
      sub.token,
    );
    expect(byBranch.statusCode).toBe(403);
  });

  it('the hosted flow fails on wrong credentials, then connects a bank; its webhooks are delivered', async () => {
    const hook = await call('POST', '/webhooks', {
      event: 'connect',
      targetUrl: `${receiver.url}/connect`,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const reconnectHook = await call('POST', '/webhooks', {
      event: 'reconnect',
      targetUrl: `${receiver.url}/reconnect`,
    });
    expect(reconnectHook.statusCode, reconnectHook.body).toBe(201);
    const first = (
      await call('POST', `/business-registry/${FISCAL_ID}/connect`, { locale: 'it' })
    ).json() as {
      connectUrl: string;
    };
    const failed = await connectThrough(first.connectUrl, {
      bank: 'fakebank_simple_xf',
      password: 'wrong',
    });
    expect(failed.body).toContain('La banca ha rifiutato le credenziali.');
    expect(failed.body).toContain('error=InvalidCredentials');
    await drainJobs(t);
    const second = (await call('POST', `/business-registry/${FISCAL_ID}/connect`, {})).json() as {
      connectUrl: string;
    };
    const done = await connectThrough(second.connectUrl, {
      bank: 'fakebank_rebooking_xf',
      accounts: ['current', 'card'],
      days: '21',
    });
    expect(done.body).toContain('connected=');
    await drainJobs(t);

    const bodies = receiver.requests
      .filter((request) => request.url === '/connect')
      .map((request) => JSON.parse(request.body.toString()) as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({
      fiscalId: FISCAL_ID,
      success: false,
      errorClass: 'InvalidCredentials',
    });
    expect(bodies[1]).toMatchObject({ fiscalId: FISCAL_ID, success: true });
    expect(receiver.requests[0]!.headers.signature).toEqual(expect.any(String));

    accounts = members<Account>(await call('GET', `/business-registry/${FISCAL_ID}/accounts`));
    expect(accounts.map((account) => account.nature).sort()).toEqual(['account', 'card']);
    expect((bodies[1]!.updatedAccounts as string[]).sort()).toEqual(
      accounts.map((a) => a.uuid).sort(),
    );
    const current = accounts.find((account) => account.nature === 'account')!;
    expect(isValidIBAN(current.iban ?? '')).toBe(true);
    expect(accounts.find((account) => account.nature === 'card')!.iban).toBeNull();
    expect(Date.parse(current.consentExpiresAt) - now.getTime()).toBe(21 * 86_400_000);
  });

  /** The stored balance of an account: its opening one plus its posted, not duplicated rows. */
  async function storedBalance(accountUuid: string, opening: string) {
    const rows = await t.db
      .select()
      .from(obTransactions)
      .where(eq(obTransactions.accountUuid, accountUuid));
    const posted = rows.filter((row) => row.status === 'posted' && !row.duplicated);
    return fromCents(posted.reduce((sum, row) => sum + toCents(row.amount), toCents(opening)));
  }

  it('transactions arrive, keep their identity over syncs, and the balances agree to the cent', async () => {
    const current = accounts.find((account) => account.nature === 'account')!;
    const listed = members<Transaction>(
      await call(
        'GET',
        `/business-registry/${FISCAL_ID}/transactions?itemsPerPage=100&account.uuid=${current.uuid}`,
      ),
    );
    expect(listed.length).toBeGreaterThan(50);
    expect(await storedBalance(current.uuid, '48250.00')).toBe(current.balance);

    // Days pass: the bank books the holds under new ids, lists in any order, reports twice.
    for (const days of [1, 2, 3]) {
      now = new Date(now.getTime() + days * 86_400_000);
      await t.app.openBanking.sync.syncAll();
      await drainJobs(t);
    }
    const [bankAccount] = await t.db
      .select()
      .from(obSandboxAccounts)
      .where(eq(obSandboxAccounts.iban, current.iban!));
    const bankRows = await t.db
      .select()
      .from(obSandboxTransactions)
      .where(
        and(
          eq(obSandboxTransactions.accountId, bankAccount!.id),
          eq(obSandboxTransactions.echo, false),
        ),
      );
    const stored = await t.db
      .select()
      .from(obTransactions)
      .where(
        and(eq(obTransactions.accountUuid, current.uuid), eq(obTransactions.duplicated, false)),
      );
    expect(stored).toHaveLength(bankRows.length);
    const account = (await call('GET', `/accounts/${current.uuid}`)).json() as Account;
    expect(await storedBalance(current.uuid, '48250.00')).toBe(account.balance);
    // Filters reach the list.
    const pending = members<Transaction>(
      await call(
        'GET',
        `/business-registry/${FISCAL_ID}/transactions?status=pending&itemsPerPage=100`,
      ),
    );
    expect(pending.every((row) => row.status === 'pending')).toBe(true);
    const categories = members<{ category: string }>(await call('GET', '/categories'));
    expect(categories.map((row) => row.category)).toContain('salary');
  });

  it('a consent about to end sends its reconnect notice once per level, and a reconnect renews it', async () => {
    // 21 days of consent, 6 days gone (the syncs above): 15 left, level 0 (20 days), sent once.
    await t.app.openBanking.sync.syncAll();
    await t.app.openBanking.sync.syncAll();
    await drainJobs(t);
    const notices = receiver.requests.filter((request) => request.url === '/reconnect');
    expect(notices).toHaveLength(1);
    const notice = JSON.parse(notices[0]!.body.toString()) as {
      noticeLevel: number;
      connectUrl: string;
    };
    expect(notice).toMatchObject({
      fiscalId: FISCAL_ID,
      noticeLevel: 0,
      providerName: 'Fakebank Rebooking',
    });
    const mails = await t.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'tesoreria@alpha.example'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Rinnova il consenso'),
    ]);

    const current = accounts.find((account) => account.nature === 'account')!;
    const { reconnectUrl } = (await call('GET', `/accounts/${current.uuid}/reconnect`)).json() as {
      reconnectUrl: string;
    };
    const renewed = await connectThrough(reconnectUrl, { days: '90' });
    expect(renewed.statusCode).toBe(200);
    await drainJobs(t);
    const [connection] = await t.db.select().from(obConnections);
    expect(connection!.lastNoticeLevel).toBeNull();
    expect(connection!.consentExpiresAt!.getTime() - now.getTime()).toBe(90 * 86_400_000);
  });

  it('a payment is asked, paid on the hosted page, and lands on the account', async () => {
    await call('POST', '/webhooks', { event: 'payment', targetUrl: `${receiver.url}/payment` });
    const current = accounts.find((account) => account.nature === 'account')!;
    const card = accounts.find((account) => account.nature === 'card')!;
    const ask = (body: object, system = 'sepa-instant', as = token) =>
      call('POST', `/payments/receive/${system}`, body, as);
    const good = {
      accountUuid: current.uuid,
      amount: '150.5',
      currencyCode: 'EUR',
      description: 'Fattura 12/2026',
    };
    expect(codes(await ask({ ...good, currencyCode: 'USD' }))).toEqual(['currencyCode']);
    expect(codes(await ask({ ...good, amount: '-3' }))).toEqual(['amount']);
    expect(codes(await ask({ ...good, amount: '1.234' }))).toEqual(['amount']);
    expect(codes(await ask({ ...good, accountUuid: card.uuid }))).toEqual(['accountUuid']);
    expect(codes(await ask({ ...good, amount: '100000.01' }))).toEqual(['amount']);
    expect((await ask(good, 'sepa-instant', otherToken)).statusCode).toBe(404);

    const asked = await ask(good);
    expect(asked.statusCode, asked.body).toBe(201);
    const { uuid, connectUrl } = asked.json() as { uuid: string; connectUrl: string };
    const page = pathOf(connectUrl);
    const shown = await t.request({ method: 'GET', url: page });
    expect(shown.body).toContain('ALPHA SRL');
    expect(shown.body).toContain(current.iban);
    expect((await form(page, { payerName: 'Rossi', payerIban: 'IT00X' })).statusCode).toBe(422);
    expect(
      (await form(page, { payerName: 'Rossi Impianti', payerIban: 'IT60X0542811101000000123456' }))
        .statusCode,
    ).toBe(303);
    await drainJobs(t);

    const payments = members<{ uuid: string; status: string; amount: string; payerName: string }>(
      await call('GET', `/business-registry/${FISCAL_ID}/payments`),
    );
    expect(payments.find((payment) => payment.uuid === uuid)).toMatchObject({
      status: 'accepted',
      amount: '150.50',
      payerName: 'Rossi Impianti',
    });
    const landed = (
      await t.db.select().from(obTransactions).where(eq(obTransactions.accountUuid, current.uuid))
    ).filter((row) => row.remittance === 'Fattura 12/2026');
    expect(landed.map((row) => [row.amount, row.status, row.counterpartyIban])).toEqual([
      ['150.50', 'posted', 'IT60X0542811101000000123456'],
    ]);
    const hook = receiver.requests.find((request) => request.url === '/payment');
    expect(JSON.parse(hook!.body.toString())).toMatchObject({
      fiscalId: FISCAL_ID,
      success: true,
      payment: { uuid, status: 'accepted', direction: 'inbound', amount: '150.50' },
    });
    // Paid once: the page now says so, and a second submit changes nothing.
    expect((await t.request({ method: 'GET', url: page })).body).toContain('role="status"');
  });

  it('accounts are deleted only with their connection, all disabled and without payments', async () => {
    const [current, card] = [
      accounts.find((account) => account.nature === 'account')!,
      accounts.find((account) => account.nature === 'card')!,
    ];
    expect(codes(await call('DELETE', `/accounts/${card.uuid}`))).toEqual(['enabled']);
    await call('PUT', `/accounts/${card.uuid}`, { enabled: false });
    expect(codes(await call('DELETE', `/accounts/${card.uuid}`))).toEqual(['enabled']);
    await call('PUT', `/accounts/${current.uuid}`, { enabled: false });
    // The current account has a payment: the connection stays.
    expect(codes(await call('DELETE', `/accounts/${card.uuid}`))).toEqual(['payments']);
    expect((await call('DELETE', `/accounts/${card.uuid}`, undefined, otherToken)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/accounts/${card.uuid}`, { enabled: true }, otherToken)).statusCode,
    ).toBe(404);
  });
});
