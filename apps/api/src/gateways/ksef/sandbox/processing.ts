/*
 * KSeF's asynchronous work, done lazily: nothing runs in the background; whoever reads (a status,
 * a query, a download) first settles what has fallen due by the clock. Every change is a
 * conditional UPDATE (`WHERE status_code = 100`, `WHERE upo IS NULL`…), so several processes
 * settling the same invoice at once give one result; accepting an invoice also takes a
 * transaction-scoped advisory lock on its seller, so that two copies of one invoice number are
 * never both accepted.
 *
 * An invoice received is processing (100) until `numberDueAt`; then it is judged, in KSeF's
 * order (`docs/faktury/weryfikacja-faktury.md`): the file against the session's form and the
 * rules KSeF applies (`validateKsef`, 450 with the findings), a scripted rejection, the seller
 * against the session's context (410), the seller's invoice number and kind already accepted
 * (440, duplicate); else it is accepted (200) with its KSeF number, made of the seller's NIP and
 * the Warsaw day of acquisition, and its acquisition and permanent-storage dates. Its UPO is due
 * `upoDelayMs` after acquisition. A closed session's UPO is due `upoDelayMs` after closing, once
 * no invoice of it is processing.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { makeKsefNumber, validateKsef, type KsefFinding } from '@fiscus/ksef';
import { ksefSandboxInvoices, ksefSandboxSessions } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { FormCode } from '../wire/api-types.ts';
import type { SandboxAuth } from './auth.ts';
import {
  INVOICE_ACCEPTED,
  INVOICE_PROCESSING,
  SESSION_STATUS,
  invoiceStatusDescription,
} from './codes.ts';
import { plusMs, type SandboxDeps } from './context.ts';
import { invoiceFacts, type InvoiceFacts } from './invoice-facts.ts';
import { scriptedRejection } from './scripted.ts';
import { upoOf } from './upo.ts';
import { warsawDay, warsawIsoDay } from './warsaw.ts';

export type InvoiceRow = typeof ksefSandboxInvoices.$inferSelect;
export type SessionRow = typeof ksefSandboxSessions.$inferSelect;

/** How many due invoices one read settles at most (the rest: the next read). */
const SETTLE_BATCH = 100;
/** The findings listed in a 450's details at most. */
const MAX_DETAILS = 50;

type Verdict =
  { accept: true; facts: InvoiceFacts } | { accept: false; code: number; details: string[] };

function findingText(finding: KsefFinding): string {
  return finding.path ? `${finding.path}: ${finding.messagePl}` : finding.messagePl;
}

/** The session's form as `validateKsef` names it. */
function formOfSession(formCode: FormCode): 'FA(3)' | 'FA(2)' {
  return formCode.systemCode === 'FA (2)' ? 'FA(2)' : 'FA(3)';
}

/** The verdict on an invoice that falls due `at`, before the duplicate check. */
function judge(invoice: InvoiceRow, session: SessionRow, at: Date): Verdict {
  const form = formOfSession(session.formCode as FormCode);
  const validation = validateKsef(invoice.xml, {
    acceptedOn: warsawIsoDay(at),
    ...(form === 'FA(3)' ? { requireForm: 'FA(3)' as const } : {}),
  });
  const refusing = validation.findings.filter((finding) => finding.layer !== 'advisory');
  if (!validation.valid) {
    return { accept: false, code: 450, details: refusing.slice(0, MAX_DETAILS).map(findingText) };
  }
  if (validation.form !== form) {
    return {
      accept: false,
      code: 450,
      details: [`Faktura ${validation.form ?? '?'} przesłana w sesji otwartej dla ${form}.`],
    };
  }
  const facts = invoiceFacts(invoice.xml);
  if (!facts?.sellerNip) {
    return { accept: false, code: 450, details: ['Nie można odczytać NIP sprzedawcy (Podmiot1).'] };
  }
  const scripted = scriptedRejection(facts.invoiceNumber);
  if (scripted !== undefined) {
    return {
      accept: false,
      code: scripted,
      details: [`Sandbox: odrzucenie zaplanowane numerem faktury ${facts.invoiceNumber ?? ''}.`],
    };
  }
  if (facts.sellerNip !== session.contextNip) {
    return {
      accept: false,
      code: 410,
      details: [
        `Brak uprawnień do wystawienia faktury sprzedawcy o NIP ${facts.sellerNip} w kontekście NIP ${session.contextNip}.`,
      ],
    };
  }
  return { accept: true, facts };
}

export class InvoiceProcessing {
  constructor(
    private readonly deps: SandboxDeps,
    private readonly auth: SandboxAuth,
  ) {}

  private get db(): Database {
    return this.deps.db;
  }

  /** Settles the invoices whose processing time has passed (oldest first). */
  async settleDue(now: Date): Promise<number> {
    const due = await this.db
      .select()
      .from(ksefSandboxInvoices)
      .where(
        and(
          eq(ksefSandboxInvoices.statusCode, INVOICE_PROCESSING),
          lte(ksefSandboxInvoices.numberDueAt, now),
        ),
      )
      .orderBy(asc(ksefSandboxInvoices.numberDueAt))
      .limit(SETTLE_BATCH);
    let settled = 0;
    for (const invoice of due) {
      if (await this.settle(invoice, now)) settled += 1;
    }
    return settled;
  }

  /** Judges one due invoice; false when another process settled it first. */
  private async settle(invoice: InvoiceRow, now: Date): Promise<boolean> {
    const [session] = await this.db
      .select()
      .from(ksefSandboxSessions)
      .where(eq(ksefSandboxSessions.referenceNumber, invoice.sessionReference));
    if (!session) return false;
    const acquiredAt = invoice.numberDueAt < now ? invoice.numberDueAt : now;
    const verdict = judge(invoice, session, acquiredAt);
    if (!verdict.accept) return this.reject(invoice, verdict.code, verdict.details);
    const { facts } = verdict;
    const sellerNip = facts.sellerNip ?? '';
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ksef-sandbox-seller:${sellerNip}`}, 0))`,
      );
      const original = await this.acceptedDuplicate(tx, invoice, facts);
      if (original) {
        return this.reject(
          invoice,
          440,
          [
            `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber ?? ''} została już prawidłowo przesłana do systemu w sesji: ${original.sessionReference}`,
          ],
          tx,
        );
      }
      const ksefNumber = makeKsefNumber(
        sellerNip,
        warsawDay(acquiredAt),
        randomBytes(6).toString('hex').toUpperCase(),
      );
      const accepted = await tx
        .update(ksefSandboxInvoices)
        .set({
          statusCode: INVOICE_ACCEPTED,
          statusDescription: invoiceStatusDescription(INVOICE_ACCEPTED),
          statusDetails: [],
          ksefNumber,
          sellerNip,
          buyerNip: facts.buyer.type === 'Nip' ? facts.buyer.value : null,
          invoiceNumber: facts.invoiceNumber ?? null,
          acquisitionDate: acquiredAt,
          // Stored when settled: a query up to "now" after this read finds it.
          permanentStorageDate: now,
          upoDueAt: plusMs(acquiredAt, this.deps.timings.upoDelayMs),
        })
        .where(
          and(
            eq(ksefSandboxInvoices.referenceNumber, invoice.referenceNumber),
            eq(ksefSandboxInvoices.statusCode, INVOICE_PROCESSING),
          ),
        )
        .returning({ referenceNumber: ksefSandboxInvoices.referenceNumber });
      return accepted.length > 0;
    });
  }

  /** The seller's accepted invoice of the same number and kind (KSeF's duplicate criterion). */
  private async acceptedDuplicate(
    db: Database,
    invoice: InvoiceRow,
    facts: InvoiceFacts,
  ): Promise<InvoiceRow | undefined> {
    if (!facts.invoiceNumber || !facts.sellerNip) return undefined;
    const candidates = await db
      .select()
      .from(ksefSandboxInvoices)
      .where(
        and(
          eq(ksefSandboxInvoices.sellerNip, facts.sellerNip),
          eq(ksefSandboxInvoices.invoiceNumber, facts.invoiceNumber),
          eq(ksefSandboxInvoices.statusCode, INVOICE_ACCEPTED),
        ),
      );
    return candidates.find(
      (candidate) =>
        candidate.referenceNumber !== invoice.referenceNumber &&
        invoiceFacts(candidate.xml)?.kind === facts.kind,
    );
  }

  private async reject(
    invoice: InvoiceRow,
    code: number,
    details: string[],
    db: Database = this.db,
  ): Promise<boolean> {
    const rejected = await db
      .update(ksefSandboxInvoices)
      .set({
        statusCode: code,
        statusDescription: invoiceStatusDescription(code),
        statusDetails: details,
      })
      .where(
        and(
          eq(ksefSandboxInvoices.referenceNumber, invoice.referenceNumber),
          eq(ksefSandboxInvoices.statusCode, INVOICE_PROCESSING),
        ),
      )
      .returning({ referenceNumber: ksefSandboxInvoices.referenceNumber });
    return rejected.length > 0;
  }

  /** The invoice's own UPO, made once it is due; undefined before. */
  async invoiceUpo(invoice: InvoiceRow, now: Date): Promise<string | undefined> {
    if (invoice.statusCode !== INVOICE_ACCEPTED) return undefined;
    if (invoice.upo) return invoice.upo;
    if (!invoice.upoDueAt || invoice.upoDueAt > now) return undefined;
    const [session] = await this.db
      .select()
      .from(ksefSandboxSessions)
      .where(eq(ksefSandboxSessions.referenceNumber, invoice.sessionReference));
    if (!session) return undefined;
    const authentication = await this.auth.authenticationOf(session.authReference);
    const upo = upoOf(this.deps.environment, session, authentication, [invoice], { page: false });
    const [stored] = await this.db
      .update(ksefSandboxInvoices)
      .set({ upo })
      .where(
        and(
          eq(ksefSandboxInvoices.referenceNumber, invoice.referenceNumber),
          isNull(ksefSandboxInvoices.upo),
        ),
      )
      .returning({ upo: ksefSandboxInvoices.upo });
    if (stored?.upo) return stored.upo;
    // Another process made it first: its UPO is the one.
    const [again] = await this.db
      .select({ upo: ksefSandboxInvoices.upo })
      .from(ksefSandboxInvoices)
      .where(eq(ksefSandboxInvoices.referenceNumber, invoice.referenceNumber));
    return again?.upo ?? undefined;
  }

  /**
   * Brings a session up to date: an open session past its validity is closed (as KSeF closes
   * it); a closed one gets its UPO (200), or 440 (nothing sent) or 445 (nothing accepted), once
   * none of its invoices is processing and the UPO delay has passed (`force`: now).
   */
  async refreshSession(session: SessionRow, now: Date, force = false): Promise<SessionRow> {
    let current = session;
    if (current.statusCode === SESSION_STATUS.open[0] && current.validUntil <= now) {
      current = (await this.closeSession(current, current.validUntil)) ?? current;
    }
    if (current.statusCode !== SESSION_STATUS.closed[0] || !current.closedAt) return current;
    if (!force && plusMs(current.closedAt, this.deps.timings.upoDelayMs) > now) return current;
    const statuses = await this.db
      .select({ statusCode: ksefSandboxInvoices.statusCode })
      .from(ksefSandboxInvoices)
      .where(eq(ksefSandboxInvoices.sessionReference, current.referenceNumber));
    if (statuses.some((invoice) => invoice.statusCode === INVOICE_PROCESSING)) return current;
    const accepted = statuses.some((invoice) => invoice.statusCode === INVOICE_ACCEPTED)
      ? await this.db
          .select()
          .from(ksefSandboxInvoices)
          .where(
            and(
              eq(ksefSandboxInvoices.sessionReference, current.referenceNumber),
              eq(ksefSandboxInvoices.statusCode, INVOICE_ACCEPTED),
            ),
          )
          .orderBy(asc(ksefSandboxInvoices.ordinalNumber))
      : [];
    const [code, description] =
      statuses.length === 0
        ? SESSION_STATUS.cancelled
        : accepted.length === 0
          ? SESSION_STATUS.noValidInvoices
          : SESSION_STATUS.processed;
    const upo =
      accepted.length > 0
        ? upoOf(
            this.deps.environment,
            current,
            await this.auth.authenticationOf(current.authReference),
            accepted,
            { page: true },
          )
        : null;
    const [updated] = await this.db
      .update(ksefSandboxSessions)
      .set({ statusCode: code, statusDescription: description, upo })
      .where(
        and(
          eq(ksefSandboxSessions.referenceNumber, current.referenceNumber),
          eq(ksefSandboxSessions.statusCode, SESSION_STATUS.closed[0]),
        ),
      )
      .returning();
    return updated ?? (await this.session(current.referenceNumber)) ?? current;
  }

  /** Closes an open session (status 170); undefined when it was no longer open. */
  async closeSession(session: SessionRow, at: Date): Promise<SessionRow | undefined> {
    const [closed] = await this.db
      .update(ksefSandboxSessions)
      .set({
        statusCode: SESSION_STATUS.closed[0],
        statusDescription: SESSION_STATUS.closed[1],
        closedAt: at,
      })
      .where(
        and(
          eq(ksefSandboxSessions.referenceNumber, session.referenceNumber),
          eq(ksefSandboxSessions.statusCode, SESSION_STATUS.open[0]),
        ),
      )
      .returning();
    return closed;
  }

  async session(referenceNumber: string): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(ksefSandboxSessions)
      .where(eq(ksefSandboxSessions.referenceNumber, referenceNumber));
    return row;
  }

  /**
   * Sandbox only: every invoice the NIP sent that waits for its number or UPO gets it now
   * (slow ones included), and its sessions are closed with their UPOs. The number of invoices
   * that got a KSeF number or a UPO.
   */
  async archiveNow(nip: string, now: Date): Promise<number> {
    const sessions = await this.db
      .select()
      .from(ksefSandboxSessions)
      .where(eq(ksefSandboxSessions.contextNip, nip));
    const references = sessions.map((session) => session.referenceNumber);
    if (references.length === 0) return 0;
    const ofTheNip = and(
      inArray(ksefSandboxInvoices.sessionReference, references),
      eq(ksefSandboxInvoices.statusCode, INVOICE_PROCESSING),
    );
    const brought = await this.db
      .update(ksefSandboxInvoices)
      .set({ numberDueAt: now })
      .where(ofTheNip)
      .returning({ referenceNumber: ksefSandboxInvoices.referenceNumber });
    while ((await this.settleDue(now)) > 0) {
      // Each round settles a batch; the last one finds nothing left.
    }
    const changed = new Set<string>();
    if (brought.length > 0) {
      const numbered = await this.db
        .select({ referenceNumber: ksefSandboxInvoices.referenceNumber })
        .from(ksefSandboxInvoices)
        .where(
          and(
            inArray(
              ksefSandboxInvoices.referenceNumber,
              brought.map((row) => row.referenceNumber),
            ),
            eq(ksefSandboxInvoices.statusCode, INVOICE_ACCEPTED),
          ),
        );
      for (const row of numbered) changed.add(row.referenceNumber);
    }
    const waiting = await this.db
      .select()
      .from(ksefSandboxInvoices)
      .where(
        and(
          inArray(ksefSandboxInvoices.sessionReference, references),
          eq(ksefSandboxInvoices.statusCode, INVOICE_ACCEPTED),
          isNull(ksefSandboxInvoices.upo),
        ),
      );
    for (const invoice of waiting) {
      if (await this.invoiceUpo({ ...invoice, upoDueAt: now }, now)) {
        changed.add(invoice.referenceNumber);
      }
    }
    for (const session of sessions) {
      const closed =
        session.statusCode === SESSION_STATUS.open[0]
          ? ((await this.closeSession(session, now)) ?? session)
          : session;
      await this.refreshSession(closed, now, true);
    }
    return changed.size;
  }
}
