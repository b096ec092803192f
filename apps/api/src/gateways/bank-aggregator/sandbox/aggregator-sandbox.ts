import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  obSandboxAccounts,
  obSandboxConnections,
  obSandboxCustomers,
  obSandboxPayments,
  obSandboxSessions,
  obSandboxTransactions,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { fromCents, toCents } from '../../../platform/money.ts';
import { romeClock } from '../../ade-receipts/rome-clock.ts';
import {
  AggregatorError,
  type AggregatorAccount,
  type AggregatorCallbacks,
  type AggregatorConnection,
  type AggregatorEvent,
  type AggregatorPayment,
  type AggregatorPaymentStatus,
  type BankAggregator,
  type ConnectErrorClass,
  type FeedEntry,
  type HostedFlowRequest,
  type PaymentRequest,
} from '../bank-aggregator.ts';
import {
  ACCOUNT_TEMPLATES,
  italianAccount,
  SANDBOX_BANKS,
  SANDBOX_OTP,
  SANDBOX_PASSWORD,
  sandboxBank,
  type SandboxBank,
} from './banks.ts';
import { generateDay, seededRandom } from './feed.ts';

/** Where the hosted pages live (the sandbox's HTTP face, `routes.ts`). */
export const SANDBOX_PAGES_PATH = '/api/ob-sandbox';

const SESSION_MINUTES = 60;
/** How far back a new connection's accounts have a history. */
export const HISTORY_DAYS = 180;
/** A payment request can be paid for a week. */
const PAYMENT_DAYS = 7;
/** Sandbox consents the consent page offers (days); 90 is the PSD2 rule, the others for tests. */
export const CONSENT_DAY_CHOICES = [90, 21, 11, 1] as const;
/** Most days one read makes up at once (a connection left alone for years). */
const MAX_DAYS_PER_READ = 400;

export type SessionStep = 'bank' | 'login' | 'otp' | 'accounts' | 'consent' | 'done' | 'failed';

interface SessionState {
  step?: SessionStep;
  /** A payment page's payee. */
  payee?: string;
  bank?: string;
  accounts?: string[];
  login?: string;
}

export type SandboxSession = typeof obSandboxSessions.$inferSelect & { state: SessionState };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The aggregator sandbox: customers, hosted flows, connections to the simulated banks, their
 * accounts and feeds, payment requests. Its state is in PostgreSQL (`ob_sandbox_*`), so several
 * API and worker processes share one sandbox. It calls back through `callbacks` when a flow ends
 * or a payment moves, as a real aggregator posts to the provider's callback URL.
 */
export class AggregatorSandbox implements BankAggregator {
  private callbacks: AggregatorCallbacks = { notify: async () => undefined };

  constructor(
    private readonly deps: {
      db: Database;
      publicUrl: string;
      clock?: () => Date;
      /** Days a consent lasts when the consent page does not say (90). */
      consentDays?: number;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  private today(): string {
    return romeClock(this.now()).day;
  }

  listenWith(callbacks: AggregatorCallbacks): void {
    this.callbacks = callbacks;
  }

  private async notify(event: AggregatorEvent): Promise<void> {
    await this.callbacks.notify(event);
  }

  async customer(identifier: string): Promise<string> {
    const [made] = await this.deps.db
      .insert(obSandboxCustomers)
      .values({ identifier })
      .onConflictDoNothing({ target: obSandboxCustomers.identifier })
      .returning({ id: obSandboxCustomers.id });
    if (made) return made.id;
    const [found] = await this.deps.db
      .select({ id: obSandboxCustomers.id })
      .from(obSandboxCustomers)
      .where(eq(obSandboxCustomers.identifier, identifier));
    if (!found) throw new AggregatorError('unavailable', 'The customer could not be made.');
    return found.id;
  }

  private async session(
    kind: 'connect' | 'reconnect' | 'payment',
    request: HostedFlowRequest,
    extra: { connectionId?: string; paymentId?: string; state: SessionState; minutes?: number },
  ) {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + (extra.minutes ?? SESSION_MINUTES) * 60_000);
    await this.deps.db.insert(obSandboxSessions).values({
      tokenHash: hashToken(token),
      kind,
      customerId: request.customerId,
      connectionId: extra.connectionId ?? null,
      paymentId: extra.paymentId ?? null,
      locale: request.locale,
      country: request.country,
      returnUrl: request.returnUrl,
      state: extra.state,
      expiresAt,
      createdAt: this.now(),
    });
    const page = kind === 'payment' ? 'pay' : 'connect';
    return { url: `${this.deps.publicUrl}${SANDBOX_PAGES_PATH}/${page}/${token}`, expiresAt };
  }

  connectSession(request: HostedFlowRequest) {
    return this.session('connect', request, { state: { step: 'bank' } });
  }

  async reconnectSession(connectionId: string, request: HostedFlowRequest) {
    const connection = await this.connectionRow(connectionId);
    if (connection.customerId !== request.customerId)
      throw new AggregatorError('not-found', 'No such connection.');
    return this.session('reconnect', request, {
      connectionId,
      state: { step: 'login', bank: connection.providerCode },
    });
  }

  /** The session of a hosted page's link (null when unknown). */
  async sessionOf(token: string): Promise<SandboxSession | null> {
    if (!/^[\w-]{20,64}$/.test(token)) return null;
    const [row] = await this.deps.db
      .select()
      .from(obSandboxSessions)
      .where(eq(obSandboxSessions.tokenHash, hashToken(token)));
    return row ? { ...row, state: row.state as SessionState } : null;
  }

  isExpired(session: SandboxSession): boolean {
    return session.expiresAt.getTime() <= this.now().getTime();
  }

  private async moveTo(session: SandboxSession, state: SessionState): Promise<void> {
    await this.deps.db
      .update(obSandboxSessions)
      .set({ state: { ...session.state, ...state } })
      .where(eq(obSandboxSessions.id, session.id));
  }

  /** Ends a flow in failure with the aggregator's error class, and says so to the provider. */
  async fail(session: SandboxSession, errorClass: ConnectErrorClass): Promise<void> {
    const [ended] = await this.deps.db
      .update(obSandboxSessions)
      .set({ status: 'failed', errorClass, state: { ...session.state, step: 'failed' } })
      .where(and(eq(obSandboxSessions.id, session.id), eq(obSandboxSessions.status, 'open')))
      .returning({ id: obSandboxSessions.id });
    if (!ended) return;
    await this.notify({
      type: 'connect',
      kind: session.kind === 'reconnect' ? 'reconnect' : 'connect',
      customerId: session.customerId,
      connectionId: session.connectionId,
      success: false,
      errorClass,
      accountIds: [],
    });
  }

  banks(): readonly SandboxBank[] {
    return SANDBOX_BANKS;
  }

  async chooseBank(session: SandboxSession, code: string): Promise<boolean> {
    if (session.state.step !== 'bank' || !sandboxBank(code)) return false;
    await this.moveTo(session, { step: 'login', bank: code });
    return true;
  }

  /**
   * The bank's login: `secret` is every user's password; the user names `timeout` and `error`
   * rehearse a bank that does not answer and one that fails. A wrong password ends the flow in
   * InvalidCredentials, as the aggregators do (the user starts a new connect).
   */
  async login(session: SandboxSession, username: string, password: string): Promise<void> {
    const bank = sandboxBank(session.state.bank ?? '');
    if (session.state.step !== 'login' || !bank) return;
    const user = username.trim().toLowerCase();
    if (user === 'timeout') return this.fail(session, 'Timeout');
    if (user === 'error') return this.fail(session, 'ProviderError');
    if (!user || password !== SANDBOX_PASSWORD) return this.fail(session, 'InvalidCredentials');
    const next: SessionStep = bank.otp
      ? 'otp'
      : session.kind === 'reconnect'
        ? 'consent'
        : 'accounts';
    await this.moveTo(session, { step: next, login: user });
  }

  async otp(session: SandboxSession, code: string): Promise<void> {
    if (session.state.step !== 'otp') return;
    if (code.trim() !== SANDBOX_OTP) return this.fail(session, 'InvalidCredentials');
    await this.moveTo(session, { step: session.kind === 'reconnect' ? 'consent' : 'accounts' });
  }

  async pickAccounts(session: SandboxSession, keys: readonly string[]): Promise<boolean> {
    const known = new Set(ACCOUNT_TEMPLATES.map((template) => template.key));
    const picked = [...new Set(keys)].filter((key) => known.has(key));
    if (session.state.step !== 'accounts' || picked.length === 0) return false;
    await this.moveTo(session, { step: 'consent', accounts: picked });
    return true;
  }

  /**
   * The GDPR consent: refused, the flow ends in AccessDenied; given, the connection is made (or
   * its consent renewed) for `days`, and the provider is told which accounts it covers.
   */
  async consent(session: SandboxSession, given: boolean, days: number): Promise<void> {
    if (session.state.step !== 'consent') return;
    if (!given) return this.fail(session, 'AccessDenied');
    const bank = sandboxBank(session.state.bank ?? '');
    if (!bank) return this.fail(session, 'GenericError');
    const now = this.now();
    const lasting = (CONSENT_DAY_CHOICES as readonly number[]).includes(days)
      ? days
      : (this.deps.consentDays ?? 90);
    const consentExpiresAt = new Date(now.getTime() + lasting * 86_400_000);
    const result = await this.deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(obSandboxSessions)
        .set({ status: 'done', state: { ...session.state, step: 'done' } })
        .where(and(eq(obSandboxSessions.id, session.id), eq(obSandboxSessions.status, 'open')))
        .returning({ id: obSandboxSessions.id });
      if (!claimed) return null;
      if (session.kind === 'reconnect' && session.connectionId) {
        await tx
          .update(obSandboxConnections)
          .set({ consentGivenAt: now, consentExpiresAt, status: 'active', updatedAt: now })
          .where(eq(obSandboxConnections.id, session.connectionId));
        const accounts = await tx
          .select({ id: obSandboxAccounts.id })
          .from(obSandboxAccounts)
          .where(eq(obSandboxAccounts.connectionId, session.connectionId));
        return { connectionId: session.connectionId, accountIds: accounts.map((a) => a.id) };
      }
      const [connection] = await tx
        .insert(obSandboxConnections)
        .values({
          customerId: session.customerId,
          providerCode: bank.code,
          consentGivenAt: now,
          consentExpiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: obSandboxConnections.id });
      const connectionId = connection!.id;
      const start = addDays(romeClock(now).day, -HISTORY_DAYS);
      const templates = ACCOUNT_TEMPLATES.filter((template) =>
        (session.state.accounts ?? []).includes(template.key),
      );
      const made = await tx
        .insert(obSandboxAccounts)
        .values(
          templates.map((template) => {
            // One login's account number at the bank: the same at every reconnect.
            const number = String(
              Math.floor(
                seededRandom(`${session.customerId}:${bank.code}:${template.key}`)() * 1e9,
              ),
            );
            const account = template.hasIban ? italianAccount(bank.abi, '01600', number) : null;
            return {
              connectionId,
              bankAccountKey: template.key,
              name: template.name,
              nature: template.nature,
              currencyCode: template.currencyCode,
              iban: account?.iban ?? null,
              bban: account?.bban ?? null,
              swift: bank.bic,
              openingBalance: template.openingBalance,
              feedUntil: start,
              createdAt: now,
            };
          }),
        )
        .returning({ id: obSandboxAccounts.id });
      return { connectionId, accountIds: made.map((account) => account.id) };
    });
    if (!result) return;
    await this.notify({
      type: 'connect',
      kind: session.kind === 'reconnect' ? 'reconnect' : 'connect',
      customerId: session.customerId,
      connectionId: result.connectionId,
      success: true,
      errorClass: null,
      accountIds: result.accountIds,
    });
  }

  private async connectionRow(id: string) {
    const [row] = /^[0-9a-f-]{36}$/.test(id)
      ? await this.deps.db
          .select()
          .from(obSandboxConnections)
          .where(eq(obSandboxConnections.id, id))
      : [];
    if (!row || row.status === 'removed')
      throw new AggregatorError('not-found', 'No such connection.');
    return row;
  }

  async connection(connectionId: string): Promise<AggregatorConnection> {
    const row = await this.connectionRow(connectionId);
    const bank = sandboxBank(row.providerCode);
    return {
      id: row.id,
      providerCode: row.providerCode,
      providerName: bank?.name ?? row.providerCode,
      status: row.consentExpiresAt.getTime() > this.now().getTime() ? 'active' : 'inactive',
      consentExpiresAt: row.consentExpiresAt,
    };
  }

  async accounts(connectionId: string): Promise<AggregatorAccount[]> {
    await this.connectionRow(connectionId);
    const rows = await this.deps.db
      .select()
      .from(obSandboxAccounts)
      .where(eq(obSandboxAccounts.connectionId, connectionId))
      .orderBy(asc(obSandboxAccounts.createdAt), asc(obSandboxAccounts.bankAccountKey));
    const accounts: AggregatorAccount[] = [];
    for (const row of rows) {
      await this.advance(row.id);
      accounts.push({
        id: row.id,
        connectionId,
        name: row.name,
        nature: row.nature as AggregatorAccount['nature'],
        currencyCode: row.currencyCode,
        iban: row.iban,
        bban: row.bban,
        swift: row.swift,
        balance: await this.balance(row.id, row.openingBalance),
      });
    }
    return accounts;
  }

  private async balance(accountId: string, opening: string): Promise<string> {
    const [sum] = await this.deps.db
      .select({ total: sql<string | null>`sum(${obSandboxTransactions.amount})` })
      .from(obSandboxTransactions)
      .where(
        and(
          eq(obSandboxTransactions.accountId, accountId),
          eq(obSandboxTransactions.status, 'posted'),
          eq(obSandboxTransactions.echo, false),
        ),
      );
    return fromCents(toCents(opening) + toCents(sum?.total ?? '0'));
  }

  private async accountRow(accountId: string) {
    const [row] = /^[0-9a-f-]{36}$/.test(accountId)
      ? await this.deps.db
          .select()
          .from(obSandboxAccounts)
          .where(eq(obSandboxAccounts.id, accountId))
      : [];
    if (!row) throw new AggregatorError('not-found', 'No such account.');
    return row;
  }

  /**
   * Makes the account's feed up to today (one generated day at a time, under a row lock so two
   * processes never make a day twice) and books the holds whose time has come: the rebooking
   * bank gives a booked entry a new id and now and then reports a transfer twice.
   */
  private async advance(accountId: string): Promise<void> {
    const now = this.now();
    const today = romeClock(now).day;
    await this.deps.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(obSandboxAccounts)
        .where(eq(obSandboxAccounts.id, accountId))
        .for('update');
      if (!account) return;
      const [connection] = await tx
        .select()
        .from(obSandboxConnections)
        .where(eq(obSandboxConnections.id, account.connectionId));
      const bank = sandboxBank(connection?.providerCode ?? '');
      const rebooking = bank?.habit === 'rebooking';
      const [last] = await tx
        .select({ seq: sql<number | null>`max(${obSandboxTransactions.seq})` })
        .from(obSandboxTransactions)
        .where(eq(obSandboxTransactions.accountId, accountId));
      let seq = Number(last?.seq ?? 0);
      let day = account.feedUntil;
      const rows: (typeof obSandboxTransactions.$inferInsert)[] = [];
      for (let made = 0; day < today && made < MAX_DAYS_PER_READ; made += 1) {
        day = addDays(day, 1);
        for (const entry of generateDay(accountId, account.nature, day)) {
          seq += 1;
          // Recent transfers and every card purchase are pending until the next morning.
          const pending = entry.card || day >= addDays(today, -1);
          rows.push({
            accountId,
            bankId: `${rebooking ? 'PDNG' : 'TX'}-${seq}-${randomBytes(3).toString('hex')}`,
            seq,
            madeOn: day,
            postingDate: pending ? null : day,
            amount: fromCents(entry.amountCents),
            currencyCode: account.currencyCode,
            description: entry.description,
            category: entry.category,
            status: pending ? 'pending' : 'posted',
            payer: entry.payer,
            payee: entry.payee,
            counterpartyIban: entry.counterpartyIban,
            endToEndId: entry.endToEndId,
            remittance: entry.remittance,
            postsAt: pending ? new Date(`${addDays(day, 1)}T06:00:00Z`) : null,
            createdAt: now,
          });
        }
      }
      for (let index = 0; index < rows.length; index += 500) {
        await tx.insert(obSandboxTransactions).values(rows.slice(index, index + 500));
      }
      if (day !== account.feedUntil) {
        await tx
          .update(obSandboxAccounts)
          .set({ feedUntil: day })
          .where(eq(obSandboxAccounts.id, accountId));
      }
      const due = await tx
        .select()
        .from(obSandboxTransactions)
        .where(
          and(
            eq(obSandboxTransactions.accountId, accountId),
            eq(obSandboxTransactions.status, 'pending'),
            lte(obSandboxTransactions.postsAt, now),
          ),
        );
      for (const entry of due) {
        const random = seededRandom(`${entry.id}:book`);
        // A card hold may book for a little less (a tip taken off, a fuel pre-authorisation).
        const amount =
          entry.endToEndId === null && random() < 0.25
            ? fromCents(toCents(entry.amount) + BigInt(Math.floor(random() * 150)))
            : entry.amount;
        const bankId = rebooking
          ? `BOOK-${entry.seq}-${randomBytes(3).toString('hex')}`
          : entry.bankId;
        await tx
          .update(obSandboxTransactions)
          .set({ status: 'posted', postingDate: romeClock(now).day, amount, bankId, postsAt: null })
          .where(eq(obSandboxTransactions.id, entry.id));
        if (rebooking && entry.endToEndId && random() < 0.1) {
          seq += 1;
          await tx.insert(obSandboxTransactions).values({
            ...entry,
            id: randomUUID(),
            bankId: `DUP-${seq}-${randomBytes(3).toString('hex')}`,
            seq,
            status: 'posted',
            postingDate: romeClock(now).day,
            postsAt: null,
            echo: true,
            createdAt: now,
          });
        }
      }
    });
  }

  async transactions(accountId: string, fromDay: string): Promise<FeedEntry[]> {
    const account = await this.accountRow(accountId);
    const connection = await this.connectionRow(account.connectionId);
    if (connection.consentExpiresAt.getTime() <= this.now().getTime())
      throw new AggregatorError('consent-expired', 'The consent to read this account has expired.');
    await this.advance(accountId);
    const rows = await this.deps.db
      .select()
      .from(obSandboxTransactions)
      .where(
        and(
          eq(obSandboxTransactions.accountId, accountId),
          gte(obSandboxTransactions.madeOn, fromDay),
        ),
      )
      .orderBy(asc(obSandboxTransactions.seq));
    const entries = rows.map((row): FeedEntry => ({
      bankId: row.bankId,
      endToEndId: row.endToEndId,
      madeOn: row.madeOn,
      postingDate: row.postingDate,
      amount: row.amount,
      currencyCode: row.currencyCode,
      status: row.status as FeedEntry['status'],
      description: row.description,
      category: row.category,
      payer: row.payer,
      payee: row.payee,
      counterpartyIban: row.counterpartyIban,
      remittance: row.remittance,
    }));
    if (sandboxBank(connection.providerCode)?.habit === 'rebooking') {
      // This bank lists its entries in no particular order.
      for (let index = entries.length - 1; index > 0; index -= 1) {
        const other = Math.floor(Math.random() * (index + 1));
        [entries[index], entries[other]] = [entries[other]!, entries[index]!];
      }
    }
    return entries;
  }

  async removeConnection(connectionId: string): Promise<void> {
    await this.connectionRow(connectionId);
    await this.deps.db
      .update(obSandboxConnections)
      .set({ status: 'removed', updatedAt: this.now() })
      .where(eq(obSandboxConnections.id, connectionId));
  }

  async requestPayment(request: PaymentRequest) {
    const account = await this.accountRow(request.accountId);
    const connection = await this.connectionRow(account.connectionId);
    if (connection.customerId !== request.customerId)
      throw new AggregatorError('not-found', 'No such account.');
    if (!account.iban)
      throw new AggregatorError('invalid', 'The account has no IBAN to be paid on.');
    const now = this.now();
    const [payment] = await this.deps.db
      .insert(obSandboxPayments)
      .values({
        customerId: request.customerId,
        accountId: request.accountId,
        system: request.system,
        amount: request.amount,
        currencyCode: request.currencyCode,
        description: request.description,
        endToEndId: `RTP${now.getTime()}${randomBytes(4).toString('hex').toUpperCase()}`,
        expiresAt: new Date(now.getTime() + PAYMENT_DAYS * 86_400_000),
        createdAt: now,
      })
      .returning({ id: obSandboxPayments.id });
    const page = await this.session(
      'payment',
      {
        customerId: request.customerId,
        locale: request.locale,
        country: null,
        returnUrl: request.returnUrl,
      },
      {
        paymentId: payment!.id,
        state: { payee: request.payeeName },
        minutes: PAYMENT_DAYS * 24 * 60,
      },
    );
    return { id: payment!.id, url: page.url, expiresAt: page.expiresAt };
  }

  private async paymentRow(paymentId: string) {
    const [row] = /^[0-9a-f-]{36}$/.test(paymentId)
      ? await this.deps.db
          .select()
          .from(obSandboxPayments)
          .where(eq(obSandboxPayments.id, paymentId))
      : [];
    if (!row) throw new AggregatorError('not-found', 'No such payment.');
    return row;
  }

  async payment(paymentId: string): Promise<AggregatorPayment> {
    let row = await this.paymentRow(paymentId);
    if (row.status === 'created' && row.expiresAt.getTime() <= this.now().getTime()) {
      await this.settle(row.id, 'expired', {});
      row = await this.paymentRow(paymentId);
    }
    return {
      id: row.id,
      accountId: row.accountId,
      status: row.status as AggregatorPaymentStatus,
      payerName: row.payerName,
      payerIban: row.payerIban,
      endToEndId: row.endToEndId,
      paidAt: row.paidAt,
    };
  }

  /** The payment page's view of its request. */
  async paymentOfSession(session: SandboxSession) {
    const payment = await this.paymentRow(session.paymentId ?? '');
    const [account] = await this.deps.db
      .select()
      .from(obSandboxAccounts)
      .where(eq(obSandboxAccounts.id, payment.accountId));
    return { ...(await this.payment(payment.id)), row: payment, account: account! };
  }

  private async settle(
    paymentId: string,
    status: AggregatorPaymentStatus,
    fields: { payerName?: string; payerIban?: string },
  ): Promise<boolean> {
    const now = this.now();
    const [row] = await this.deps.db
      .update(obSandboxPayments)
      .set({ status, ...fields, ...(status === 'accepted' ? { paidAt: now } : {}) })
      .where(
        and(eq(obSandboxPayments.id, paymentId), inArray(obSandboxPayments.status, ['created'])),
      )
      .returning();
    if (!row) return false;
    if (status === 'accepted') {
      // The money on the payee's account: booked at once by SEPA Instant, the next morning by SEPA.
      await this.advance(row.accountId);
      const [last] = await this.deps.db
        .select({ seq: sql<number | null>`max(${obSandboxTransactions.seq})` })
        .from(obSandboxTransactions)
        .where(eq(obSandboxTransactions.accountId, row.accountId));
      const seq = Number(last?.seq ?? 0) + 1;
      const instant = row.system === 'sepa_instant';
      const today = romeClock(now).day;
      await this.deps.db.insert(obSandboxTransactions).values({
        accountId: row.accountId,
        bankId: `TX-${seq}-${randomBytes(3).toString('hex')}`,
        seq,
        madeOn: today,
        postingDate: instant ? today : null,
        amount: row.amount,
        currencyCode: row.currencyCode,
        description: `BONIFICO ${instant ? 'ISTANTANEO ' : ''}DA ${(fields.payerName ?? '').toUpperCase()}`,
        category: 'incoming_payment',
        status: instant ? 'posted' : 'pending',
        payer: fields.payerName ?? null,
        payee: null,
        counterpartyIban: fields.payerIban ?? null,
        endToEndId: row.endToEndId,
        remittance: row.description,
        postsAt: instant ? null : new Date(`${addDays(today, 1)}T06:00:00Z`),
        createdAt: now,
      });
    }
    await this.notify({ type: 'payment', customerId: row.customerId, paymentId: row.id, status });
    return true;
  }

  /**
   * Sandbox only: a transfer someone made to the account on a past day, booked (the sandbox's
   * "simulate an incoming payment", as aggregators' sandboxes offer): the demo history pays its
   * invoices so, and tests rehearse a payer who wrote the reference their own way.
   */
  async simulateIncomingTransfer(
    accountId: string,
    transfer: {
      madeOn: string;
      amount: string;
      payerName: string;
      payerIban: string;
      remittance: string;
    },
  ): Promise<void> {
    const account = await this.accountRow(accountId);
    await this.advance(accountId);
    const [last] = await this.deps.db
      .select({ seq: sql<number | null>`max(${obSandboxTransactions.seq})` })
      .from(obSandboxTransactions)
      .where(eq(obSandboxTransactions.accountId, accountId));
    const seq = Number(last?.seq ?? 0) + 1;
    await this.deps.db.insert(obSandboxTransactions).values({
      accountId,
      bankId: `TX-${seq}-${randomBytes(3).toString('hex')}`,
      seq,
      madeOn: transfer.madeOn,
      postingDate: transfer.madeOn,
      amount: fromCents(toCents(transfer.amount)),
      currencyCode: account.currencyCode,
      description: `BONIFICO DA ${transfer.payerName.toUpperCase()}`,
      category: 'customer_payment',
      status: 'posted',
      payer: transfer.payerName,
      payee: null,
      counterpartyIban: transfer.payerIban,
      endToEndId: `E2E${transfer.madeOn.replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`,
      remittance: transfer.remittance,
      createdAt: this.now(),
    });
  }

  /** The payer pays on the hosted page (name and IBAN of the payer's account). */
  async pay(session: SandboxSession, payerName: string, payerIban: string): Promise<boolean> {
    if (session.kind !== 'payment' || !session.paymentId) return false;
    const done = await this.settle(session.paymentId, 'accepted', { payerName, payerIban });
    if (done) {
      await this.deps.db
        .update(obSandboxSessions)
        .set({ status: 'done' })
        .where(eq(obSandboxSessions.id, session.id));
    }
    return done;
  }

  /** The payer's bank refuses (the page's "cancel at my bank"). */
  async refusePayment(session: SandboxSession): Promise<boolean> {
    if (session.kind !== 'payment' || !session.paymentId) return false;
    return this.settle(session.paymentId, 'rejected', {});
  }
}
