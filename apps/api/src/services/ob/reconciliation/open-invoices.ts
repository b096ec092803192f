import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { FatturaElettronica } from '@fiscus/fatturapa';
import type { OpenInvoice } from '@fiscus/reconcile';
import { openInvoicesOf } from '@fiscus/reconcile/fatturapa';
import { itInvoices, obInvoicePayments, obTransactions } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { fromCents, toCents } from '../../../platform/money.ts';

/** Customer invoices SDI did not refuse are the ones a customer may pay. */
const NOT_PAYABLE = [
  'invoice-error',
  'rejected',
  'rejected-pa',
  'draft',
  'draft-blocked',
  'quarantena',
];
/** How far back an invoice still waits for its money. */
const OPEN_MONTHS = 24;

export interface OwnerInvoice extends OpenInvoice {
  /** The invoice's total to pay, before what was already paid of it. */
  total: string;
  paid: string;
}

/**
 * The owner's customer invoices still to be paid, as the matcher reads them (`@fiscus/reconcile`
 * from each invoice's FatturaPA body: number, date, amount to pay, buyer, the IBAN and payment
 * codes of its payment details), less what transactions already paid of them. An invoice paid in
 * full is left out; `include` keeps some in whatever they owe (to show what a transaction paid).
 */
export async function openInvoicesOfOwner(
  db: Database,
  ownerId: string,
  now: Date,
  include: readonly string[] = [],
): Promise<OwnerInvoice[]> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - OPEN_MONTHS);
  const rows = await db
    .select({ uuid: itInvoices.uuid, payload: itInvoices.payload })
    .from(itInvoices)
    .where(
      and(
        eq(itInvoices.ownerId, ownerId),
        eq(itInvoices.type, 0),
        notInArray(itInvoices.marking, NOT_PAYABLE),
        gte(itInvoices.createdAt, since),
      ),
    );
  const paid = rows.length
    ? await db
        .select({
          uuid: obInvoicePayments.invoiceUuid,
          total: sql<string>`sum(${obInvoicePayments.amount})`,
        })
        .from(obInvoicePayments)
        .where(
          inArray(
            obInvoicePayments.invoiceUuid,
            rows.map((row) => row.uuid),
          ),
        )
        .groupBy(obInvoicePayments.invoiceUuid)
    : [];
  const paidOf = new Map(paid.map((row) => [row.uuid, toCents(row.total)]));
  const open: OwnerInvoice[] = [];
  for (const row of rows) {
    let read;
    try {
      read = openInvoicesOf(row.payload as FatturaElettronica, row.uuid);
    } catch {
      continue;
    }
    // A batch of several bodies is paid body by body: each its own open invoice.
    for (const invoice of read.invoices) {
      const already = paidOf.get(row.uuid) ?? 0n;
      const left = toCents(invoice.amount) - already;
      if (left <= 0n && !include.includes(row.uuid)) continue;
      open.push({
        ...invoice,
        id: row.uuid,
        amount: fromCents(left > 0n ? left : 0n),
        total: invoice.amount,
        paid: fromCents(already),
      });
    }
  }
  return open;
}

/**
 * The invoices' paid state from what transactions gave them: `paid` once it reaches what each
 * asks, with the day of the latest transaction (`it_invoices.paid`, `paid_amount`, `paid_at`,
 * the invoice list's paid filter and column). In the caller's transaction when `db` is one.
 */
export async function refreshInvoicesPaid(
  db: Database,
  invoiceUuids: readonly string[],
): Promise<void> {
  const uuids = [...new Set(invoiceUuids)];
  if (uuids.length === 0) return;
  const invoices = await db
    .select({ uuid: itInvoices.uuid, payload: itInvoices.payload })
    .from(itInvoices)
    .where(inArray(itInvoices.uuid, uuids));
  const given = await db
    .select({
      uuid: obInvoicePayments.invoiceUuid,
      total: sql<string>`sum(${obInvoicePayments.amount})`,
      last: sql<string>`max(${obTransactions.madeOn})`,
    })
    .from(obInvoicePayments)
    .innerJoin(obTransactions, eq(obTransactions.uuid, obInvoicePayments.transactionUuid))
    .where(inArray(obInvoicePayments.invoiceUuid, uuids))
    .groupBy(obInvoicePayments.invoiceUuid);
  const byInvoice = new Map(given.map((row) => [row.uuid, row]));
  for (const invoice of invoices) {
    let asked = 0n;
    try {
      for (const body of openInvoicesOf(invoice.payload as FatturaElettronica, invoice.uuid)
        .invoices)
        asked += toCents(body.amount);
    } catch {
      continue;
    }
    const payments = byInvoice.get(invoice.uuid);
    const paidCents = payments ? toCents(payments.total) : 0n;
    const paid = asked > 0n && paidCents >= asked;
    await db
      .update(itInvoices)
      .set({
        paid,
        paidAmount: paidCents > 0n ? fromCents(paidCents) : null,
        paidAt: paid && payments ? new Date(`${payments.last}T12:00:00Z`) : null,
      })
      .where(eq(itInvoices.uuid, invoice.uuid));
  }
}

/** The invoices the transactions of these accounts paid (to refresh once they are gone). */
export async function invoicesPaidFrom(
  db: Database,
  where: { accountUuids?: readonly string[]; registryUuid?: string },
): Promise<string[]> {
  const condition = where.registryUuid
    ? eq(obTransactions.registryUuid, where.registryUuid)
    : inArray(obTransactions.accountUuid, [...(where.accountUuids ?? [])]);
  if (!where.registryUuid && (where.accountUuids ?? []).length === 0) return [];
  const rows = await db
    .selectDistinct({ uuid: obInvoicePayments.invoiceUuid })
    .from(obInvoicePayments)
    .innerJoin(obTransactions, eq(obTransactions.uuid, obInvoicePayments.transactionUuid))
    .where(condition);
  return rows.map((row) => row.uuid);
}
