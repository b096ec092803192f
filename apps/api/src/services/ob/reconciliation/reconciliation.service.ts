import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { Matcher, type BankEntry, type EntryMatch, type MatchReason } from '@fiscus/reconcile';
import { readCamt } from '@fiscus/reconcile/camt';
import {
  violationCodes,
  type ObMatch,
  type ObMatchCandidate,
  type ObMatchConfirm,
  type ObStatementImport,
} from '@fiscus/contracts';
import {
  obAccounts,
  obBusinessRegistries,
  obInvoicePayments,
  obTransactions,
  type ObTransactionRow,
} from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { fromCents, toCents } from '../../../platform/money.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import type { ObAccountsService } from '../accounts/accounts.service.ts';
import { assertOpenBankingUser, registriesInScope } from '../ob-access.ts';
import type { ObRegistriesService } from '../registries/registries.service.ts';
import { openInvoicesOfOwner, refreshInvoicesPaid, type OwnerInvoice } from './open-invoices.ts';

/** Transactions older than this are not matched again by themselves. */
const MATCH_DAYS = 180;
/** A camt file accepted by the import (a year of a busy account's statements fits). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

const reasonOut = (reason: MatchReason): ObMatch['reasons'][number] => {
  const { code, ...rest } = reason;
  const value = Object.values(rest)
    .map((part) => (Array.isArray(part) ? part.join(', ') : String(part)))
    .join(' · ');
  return value ? { code, value } : { code };
};

/** A stored transaction as the matcher reads a bank entry. */
function entryOf(row: ObTransactionRow, accountIban: string | null): BankEntry {
  const cents = toCents(row.amount);
  return {
    ref: row.uuid,
    bookingDate: row.postingDate ?? row.madeOn,
    valueDate: row.madeOn,
    amount: fromCents(cents < 0n ? -cents : cents),
    currency: row.currencyCode,
    direction: cents < 0n ? 'debit' : 'credit',
    status: row.status === 'posted' ? 'BOOK' : 'PDNG',
    ...(row.payer ? { counterpartyName: row.payer } : {}),
    ...(row.counterpartyIban ? { counterpartyIban: row.counterpartyIban } : {}),
    ...(accountIban ? { accountIban } : {}),
    remittance: [row.remittance, row.description].filter(Boolean).join(' '),
    ...(row.endToEndId ? { endToEndId: row.endToEndId } : {}),
  };
}

/**
 * Incoming money matched to the open Italian customer invoices of the account owner (issue 36,
 * beyond the spec), with `@fiscus/reconcile`: by amount and currency, the IBAN of the invoice's
 * payment details, and the invoice number or payment code in the remittance text. A sure match
 * marks the invoices paid with the transaction (`ob_invoice_payments`); a doubtful one waits with
 * its candidates for a person to confirm one or reject it. Bank statements of accounts whose bank
 * is not connected come in as camt.053/camt.054 files and are matched the same way.
 */
export class ObReconciliationService {
  constructor(
    private readonly deps: {
      db: Database;
      registries: ObRegistriesService;
      accounts: ObAccountsService;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  /** The account's booked incoming transactions not yet settled, matched now. */
  async matchAccount(accountUuid: string): Promise<{ matched: number; suggested: number }> {
    const [account] = await this.deps.db
      .select({ account: obAccounts, ownerId: obBusinessRegistries.ownerId })
      .from(obAccounts)
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obAccounts.registryUuid))
      .where(eq(obAccounts.uuid, accountUuid));
    if (!account) return { matched: 0, suggested: 0 };
    const since = new Date(this.now().getTime() - MATCH_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const rows = await this.deps.db
      .select()
      .from(obTransactions)
      .where(
        and(
          eq(obTransactions.accountUuid, accountUuid),
          isNull(obTransactions.match),
          eq(obTransactions.status, 'posted'),
          eq(obTransactions.duplicated, false),
          sql`${obTransactions.amount} > 0`,
          gte(obTransactions.madeOn, since),
        ),
      )
      .orderBy(obTransactions.madeOn);
    if (rows.length === 0) return { matched: 0, suggested: 0 };
    const invoices = await openInvoicesOfOwner(this.deps.db, account.ownerId, this.now());
    if (invoices.length === 0) return { matched: 0, suggested: 0 };
    const matcher = new Matcher(invoices);
    const numbers = new Map(invoices.map((invoice) => [invoice.id, invoice]));
    let matched = 0;
    let suggested = 0;
    for (const row of rows) {
      const entry = entryOf(row, account.account.iban);
      const result = matcher.match(entry);
      if (result.auto && result.allocations.length > 0) {
        matcher.apply(result, entry);
        await this.settle(row, this.matchOf('matched', result, numbers), null);
        matched += 1;
      } else if (
        result.allocations.length > 0 ||
        result.reasons.some((r) => r.code === 'ambiguous')
      ) {
        await this.deps.db
          .update(obTransactions)
          .set({ match: this.matchOf('suggested', result, numbers) })
          .where(and(eq(obTransactions.uuid, row.uuid), isNull(obTransactions.match)));
        suggested += 1;
      }
    }
    return { matched, suggested };
  }

  private matchOf(
    state: ObMatch['state'],
    result: Pick<EntryMatch, 'confidence' | 'reasons' | 'allocations'>,
    invoices: Map<string, OwnerInvoice>,
  ): ObMatch {
    return {
      state,
      confidence: result.confidence,
      reasons: result.reasons.map(reasonOut),
      invoices: result.allocations.map((allocation) => ({
        uuid: allocation.invoiceId,
        number: allocation.number,
        amount: fromCents(toCents(allocation.amount)),
        date: invoices.get(allocation.invoiceId)?.date ?? '',
      })),
    };
  }

  /** The invoices paid with the transaction, in one transaction with its match. */
  private async settle(
    row: ObTransactionRow,
    match: ObMatch,
    confirmedBy: string | null,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const previous = await tx
        .delete(obInvoicePayments)
        .where(eq(obInvoicePayments.transactionUuid, row.uuid))
        .returning({ uuid: obInvoicePayments.invoiceUuid });
      const rows = match.invoices
        .filter((invoice) => toCents(invoice.amount) > 0n)
        .map((invoice) => ({
          invoiceUuid: invoice.uuid,
          transactionUuid: row.uuid,
          amount: invoice.amount,
          confirmedBy,
          createdAt: this.now(),
        }));
      if (rows.length > 0) await tx.insert(obInvoicePayments).values(rows);
      await tx
        .update(obTransactions)
        .set({ match, updatedAt: this.now() })
        .where(eq(obTransactions.uuid, row.uuid));
      await refreshInvoicesPaid(tx, [
        ...previous.map((invoice) => invoice.uuid),
        ...rows.map((invoice) => invoice.invoiceUuid),
      ]);
    });
  }

  private async transactionOf(actor: Actor, transactionId: string) {
    assertOpenBankingUser(actor);
    const [row] = await this.deps.db
      .select({
        transaction: obTransactions,
        iban: obAccounts.iban,
        ownerId: obBusinessRegistries.ownerId,
      })
      .from(obTransactions)
      .innerJoin(obAccounts, eq(obAccounts.uuid, obTransactions.accountUuid))
      .innerJoin(obBusinessRegistries, eq(obBusinessRegistries.uuid, obTransactions.registryUuid))
      .where(and(eq(obTransactions.uuid, transactionId), registriesInScope(actor)));
    if (!row) throw notFound('Transaction not found.');
    return row;
  }

  /** The open invoices a transaction may pay, best first (the matcher's view, then same amounts). */
  async candidates(actor: Actor, transactionId: string): Promise<CollectionPage<ObMatchCandidate>> {
    const { transaction, iban, ownerId } = await this.transactionOf(actor, transactionId);
    const invoices = await openInvoicesOfOwner(this.deps.db, ownerId, this.now());
    const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
    const entry = entryOf(transaction, iban);
    const result = new Matcher(invoices).match(entry);
    const ranked: ObMatchCandidate[] = [];
    const seen = new Set<string>();
    const add = (invoice: OwnerInvoice | undefined, confidence: number, reasons: MatchReason[]) => {
      if (!invoice || seen.has(invoice.id)) return;
      seen.add(invoice.id);
      ranked.push({
        uuid: invoice.id,
        number: invoice.number,
        date: invoice.date,
        openAmount: invoice.amount,
        currencyCode: invoice.currency,
        buyerName: invoice.buyerName,
        confidence,
        reasons: reasons.map(reasonOut),
      });
    };
    for (const allocation of result.allocations)
      add(byId.get(allocation.invoiceId), result.confidence, result.reasons);
    const ambiguous = result.reasons.find((reason) => reason.code === 'ambiguous');
    if (ambiguous && ambiguous.code === 'ambiguous') {
      for (const number of ambiguous.candidates)
        add(
          invoices.find((invoice) => invoice.number === number),
          result.confidence,
          result.reasons,
        );
    }
    // Then every open invoice of the same amount, then the newest.
    const amount = toCents(entry.amount);
    for (const invoice of invoices)
      if (toCents(invoice.amount) === amount) add(invoice, 0.3, [{ code: 'amount-exact' }]);
    for (const invoice of [...invoices].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 20))
      add(invoice, 0.05, []);
    const items = ranked.slice(0, 30);
    return { items, total: items.length, page: 1, itemsPerPage: 30 };
  }

  /** A person settles what the transaction pays. */
  async confirm(actor: Actor, transactionId: string, body: ObMatchConfirm) {
    const { transaction, ownerId } = await this.transactionOf(actor, transactionId);
    const amount = toCents(transaction.amount);
    const violations = [];
    if (amount <= 0n || transaction.duplicated)
      violations.push(
        violation('transactionId', 'Only incoming money pays invoices.', violationCodes.invalid),
      );
    const uuids = body.invoices.map((invoice) => invoice.uuid);
    if (new Set(uuids).size !== uuids.length)
      violations.push(violation('invoices', 'An invoice is listed twice.', violationCodes.invalid));
    const open = await openInvoicesOfOwner(this.deps.db, ownerId, this.now(), uuids);
    // What this transaction had already given them counts as open again.
    const mine = await this.deps.db
      .select()
      .from(obInvoicePayments)
      .where(eq(obInvoicePayments.transactionUuid, transactionId));
    const byId = new Map(open.map((invoice) => [invoice.id, invoice]));
    let total = 0n;
    body.invoices.forEach((choice, index) => {
      const invoice = byId.get(choice.uuid);
      const given = toCents(String(choice.amount));
      total += given;
      if (!invoice) {
        violations.push(
          violation(
            `invoices[${index}].uuid`,
            'No open customer invoice of this account has this id.',
            violationCodes.invalid,
          ),
        );
        return;
      }
      const before = mine.find((row) => row.invoiceUuid === choice.uuid);
      const room = toCents(invoice.amount) + (before ? toCents(before.amount) : 0n);
      if (given <= 0n || given > room)
        violations.push(
          violation(
            `invoices[${index}].amount`,
            `Between 0.01 and ${fromCents(room)}.`,
            violationCodes.invalid,
          ),
        );
    });
    if (total > amount)
      violations.push(
        violation(
          'invoices',
          `More than the transaction's ${fromCents(amount)}.`,
          violationCodes.invalid,
        ),
      );
    if (violations.length > 0) throw unprocessable(violations);
    await this.settle(
      transaction,
      {
        state: 'matched',
        confidence: 1,
        reasons: [{ code: 'manual' }],
        invoices: body.invoices.map((choice) => ({
          uuid: choice.uuid,
          number: byId.get(choice.uuid)!.number,
          amount: fromCents(toCents(String(choice.amount))),
          date: byId.get(choice.uuid)!.date,
        })),
      },
      actor.user.id,
    );
    return this.transactionView(transactionId);
  }

  /** A person rejects the suggestion: nothing is paid, the matcher leaves it alone. */
  async reject(actor: Actor, transactionId: string) {
    const { transaction } = await this.transactionOf(actor, transactionId);
    await this.deps.db.transaction(async (tx) => {
      const freed = await tx
        .delete(obInvoicePayments)
        .where(eq(obInvoicePayments.transactionUuid, transactionId))
        .returning({ uuid: obInvoicePayments.invoiceUuid });
      await refreshInvoicesPaid(
        tx,
        freed.map((invoice) => invoice.uuid),
      );
      const previous = (transaction.match ?? null) as ObMatch | null;
      await tx
        .update(obTransactions)
        .set({
          match: {
            state: 'rejected',
            confidence: previous?.confidence ?? 0,
            reasons: [{ code: 'manual' }],
            invoices: [],
          } satisfies ObMatch,
        })
        .where(eq(obTransactions.uuid, transactionId));
    });
    return this.transactionView(transactionId);
  }

  private async transactionView(transactionId: string) {
    const [row] = await this.deps.db
      .select()
      .from(obTransactions)
      .where(eq(obTransactions.uuid, transactionId));
    return row!;
  }

  /**
   * A camt.053 statement or camt.054 notification of one account: schema-checked and read by
   * `@fiscus/reconcile/camt` (a refused file is a 422 with its code and reason, nothing stored),
   * its entries stored as the account's transactions (an entry already held, by its reference or
   * end-to-end id, is counted, not stored twice), the incoming ones matched.
   */
  async importStatement(
    actor: Actor,
    fiscalId: string,
    accountUuid: string | undefined,
    file: Buffer,
  ): Promise<ObStatementImport> {
    const registry = await this.deps.registries.rowOf(actor, fiscalId);
    const chosen = accountUuid ? await this.deps.accounts.rowOf(actor, accountUuid) : undefined;
    if (chosen && chosen.registryUuid !== registry.uuid) throw notFound('Account not found.');
    const read = readCamt(file, { maxBytes: STATEMENT_MAX_BYTES });
    if (!read.ok) {
      const { refusal } = read;
      throw unprocessable([
        violation(
          'file',
          `${refusal.message}${refusal.line ? ` (line ${refusal.line})` : ''}`,
          violationCodes.invalid,
        ),
      ]);
    }
    const ibanOf = (report: { iban?: string }) => report.iban?.replaceAll(' ', '').toUpperCase();
    let account = chosen;
    let accountCreated = false;
    if (!account) {
      // No account named: the file's own account, found by its IBAN or made as a new account of
      // the registry whose bank is not connected (its statements are its transactions).
      const iban = read.document.reports.map(ibanOf).find(Boolean);
      if (!iban)
        throw unprocessable([
          violation(
            'file',
            'The statement names no IBAN: choose its account.',
            violationCodes.invalid,
          ),
        ]);
      [account] = await this.deps.db
        .select()
        .from(obAccounts)
        .where(and(eq(obAccounts.registryUuid, registry.uuid), eq(obAccounts.iban, iban)))
        .limit(1);
      if (!account) {
        const report = read.document.reports.find((one) => ibanOf(one) === iban)!;
        [account] = await this.deps.db
          .insert(obAccounts)
          .values({
            registryUuid: registry.uuid,
            connectionUuid: null,
            aggregatorAccountId: `statement:${registry.uuid}:${iban}`,
            name: `${registry.businessName} ${iban.slice(-4)}`,
            iban,
            nature: 'account',
            currencyCode: report.currency ?? 'EUR',
            balance: '0.00',
            createdAt: this.now(),
            updatedAt: this.now(),
          })
          .returning();
        accountCreated = true;
      }
    }
    if (!account) throw new Error('the statement’s account was not stored');
    const target = account;
    const reports = read.document.reports.filter(
      (report) => !ibanOf(report) || !target.iban || ibanOf(report) === target.iban,
    );
    if (reports.length === 0)
      throw unprocessable([
        violation(
          'file',
          `The statement is of another account, not ${target.iban ?? target.name}.`,
          violationCodes.invalid,
        ),
      ]);
    const entries = reports.flatMap((report) => report.entries);
    const refs = entries.map((entry) => entry.ref);
    const ends = entries.flatMap((entry) => (entry.endToEndId ? [entry.endToEndId] : []));
    const known = await this.deps.db
      .select({ bankId: obTransactions.bankId, endToEndId: obTransactions.endToEndId })
      .from(obTransactions)
      .where(
        and(
          eq(obTransactions.accountUuid, target.uuid),
          sql`(${obTransactions.bankId} in ${refs.length ? refs : ['']} or ${obTransactions.endToEndId} in ${ends.length ? ends : ['']})`,
        ),
      );
    const knownRefs = new Set(known.map((row) => row.bankId));
    const knownEnds = new Set(known.map((row) => row.endToEndId));
    const now = this.now();
    const fresh = entries.filter(
      (entry) =>
        !knownRefs.has(entry.ref) && !(entry.endToEndId && knownEnds.has(entry.endToEndId)),
    );
    const rows = fresh.map((entry) => ({
      registryUuid: registry.uuid,
      accountUuid: target.uuid,
      source: 'camt',
      bankId: entry.ref,
      madeOn: entry.valueDate ?? entry.bookingDate,
      postingDate: entry.status === 'PDNG' ? null : entry.bookingDate,
      amount: fromCents(
        entry.direction === 'debit' ? -toCents(entry.amount) : toCents(entry.amount),
      ),
      currencyCode: entry.currency,
      description: (entry.remittance || entry.counterpartyName || entry.ref).slice(0, 500),
      category: entry.direction === 'credit' ? 'incoming_payment' : 'uncategorized',
      status: entry.status === 'PDNG' ? 'pending' : 'posted',
      payer: entry.direction === 'credit' ? (entry.counterpartyName ?? null) : null,
      payee: entry.direction === 'debit' ? (entry.counterpartyName ?? null) : null,
      counterpartyIban: entry.counterpartyIban ?? null,
      endToEndId: entry.endToEndId ?? null,
      remittance: entry.remittance || null,
      createdAt: now,
      updatedAt: now,
    }));
    for (let index = 0; index < rows.length; index += 500)
      await this.deps.db.insert(obTransactions).values(rows.slice(index, index + 500));
    if (!target.connectionUuid) {
      // Without a bank, the account's balance is what its statements booked.
      const [sum] = await this.deps.db
        .select({ total: sql<string | null>`sum(${obTransactions.amount})` })
        .from(obTransactions)
        .where(
          and(
            eq(obTransactions.accountUuid, target.uuid),
            eq(obTransactions.status, 'posted'),
            eq(obTransactions.duplicated, false),
          ),
        );
      await this.deps.db
        .update(obAccounts)
        .set({ balance: fromCents(toCents(sum?.total ?? '0')), lastSyncAt: now, updatedAt: now })
        .where(eq(obAccounts.uuid, target.uuid));
    }
    const { matched, suggested } = await this.matchAccount(target.uuid);
    return {
      accountUuid: target.uuid,
      accountCreated,
      entries: entries.length,
      added: rows.length,
      alreadyKnown: entries.length - rows.length,
      matched,
      suggested,
    };
  }

  /** What transactions paid of these invoices (the invoice list's paid column). */
  async paymentsOf(invoiceUuids: string[]) {
    if (invoiceUuids.length === 0) return [];
    return this.deps.db
      .select({
        invoiceUuid: obInvoicePayments.invoiceUuid,
        amount: obInvoicePayments.amount,
        madeOn: obTransactions.madeOn,
        transactionUuid: obTransactions.uuid,
        payer: obTransactions.payer,
      })
      .from(obInvoicePayments)
      .innerJoin(obTransactions, eq(obTransactions.uuid, obInvoicePayments.transactionUuid))
      .where(inArray(obInvoicePayments.invoiceUuid, invoiceUuids))
      .orderBy(desc(obTransactions.madeOn));
  }
}
