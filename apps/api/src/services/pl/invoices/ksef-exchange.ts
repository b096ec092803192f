import { z } from 'zod';
import { ksefToJson } from '@fiscus/ksef';
import type { PlInvoiceRow, PlLegalEntityRow } from '../../../db/schema/index.ts';
import { plInvoices } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import {
  KsefError,
  type KsefCredentials,
  type KsefGateway,
} from '../../../gateways/ksef/ksef-gateway.ts';
import { PlLegalEntitiesRepository } from '../legal-entities/legal-entities.repository.ts';
import { announcePl, plInvoicePayload } from '../webhooks/pl-announce.ts';
import { attachmentText, invoiceFacts } from './invoice-facts.ts';
import { PlInvoicesRepository } from './invoices.repository.ts';
import { offlineDeadline, pastCutoff } from './offline-mode.ts';

export const PL_SEND_JOB = 'pl.ksef-send';
export const PL_POLL_JOB = 'pl.ksef-poll';
export const PL_SYNC_JOB = 'pl.ksef-sync';
export const PL_SYNC_ALL_JOB = 'pl.ksef-sync-all';

const invoicePayload = z.object({ invoiceUuid: z.uuid() });
const entityPayload = z.object({ legalEntityUuid: z.uuid() });

/** How long KSeF being unavailable is retried between attempts. */
const UNAVAILABLE_RETRY_MS = 60_000;
const SYNC_OVERLAP_MS = 5 * 60_000;
/** A new entity reads what KSeF holds for it from this far back. */
const FIRST_SYNC_DAYS = 90;

export type KsefExchangeOptions = {
  db: Database;
  jobs: JobQueue;
  ksef: KsefGateway;
  mailer: Mailer;
  publicUrl: string;
  /** When KSeF gives numbers and UPOs (the sandbox's timings): the polls follow them. */
  numberDelayMs: number;
  upoDelayMs: number;
  /** HH:mm, Europe/Warsaw: after it, an invoice of today KSeF has not received goes offline. */
  offlineCutoff: string;
  clock?: () => Date;
};

const isUnavailable = (error: unknown) =>
  error instanceof KsefError && (error.httpStatus >= 500 || error.httpStatus === 429);

/**
 * The provider's side of KSeF, as jobs on the worker: send an invoice accepted by the API (its
 * legal entity's KSeF token, an online session, the invoice encrypted), follow it to its KSeF
 * number and UPO, and read invoices issued to each active legal entity (its incoming ones),
 * announcing each step to the entity's webhooks. Every step moves an invoice on only from the
 * status it expects, so a retried job writes nothing twice.
 */
export class KsefExchange {
  constructor(private readonly options: KsefExchangeOptions) {}

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  registerJobs(worker: JobWorker): void {
    worker.register(PL_SEND_JOB, (payload) => this.send(invoicePayload.parse(payload).invoiceUuid));
    worker.register(PL_POLL_JOB, (payload) => this.poll(invoicePayload.parse(payload).invoiceUuid));
    worker.register(PL_SYNC_JOB, async (payload) => {
      await this.sync(entityPayload.parse(payload).legalEntityUuid);
    });
    worker.register(PL_SYNC_ALL_JOB, () => this.syncAll());
  }

  async scheduleSync(): Promise<void> {
    await this.options.jobs.schedule(PL_SYNC_ALL_JOB, '*/5 * * * *', {});
  }

  /** Queues an invoice's sending, in the transaction that stored it. */
  async enqueueSend(db: Database, invoiceUuid: string): Promise<void> {
    await this.options.jobs.enqueue(PL_SEND_JOB, { invoiceUuid }, { db, maxAttempts: 5 });
  }

  private async later(job: string, payload: object, delayMs: number): Promise<void> {
    await this.options.jobs.enqueue(job, payload, {
      ...(delayMs > 0 ? { runAt: new Date(Date.now() + delayMs) } : {}),
      maxAttempts: 5,
    });
  }

  private async credentials(
    uuid: string,
  ): Promise<{ entity: PlLegalEntityRow; credentials: KsefCredentials } | undefined> {
    const entity = await new PlLegalEntitiesRepository(this.options.db).byUuid(uuid);
    if (!entity || entity.status !== 200 || !entity.ksefToken) return undefined;
    return { entity, credentials: { nip: entity.nip, ksefToken: entity.ksefToken } };
  }

  /** `pl.ksef-send`: the invoice to KSeF, online, or offline once past the cut-off. */
  async send(invoiceUuid: string): Promise<void> {
    const repository = new PlInvoicesRepository(this.options.db);
    const invoice = await repository.byUuid(invoiceUuid);
    if (!invoice || invoice.status !== 'valid') return;
    const acting = await this.credentials(invoice.legalEntityUuid);
    if (!acting) {
      await this.settle(invoice, 'error', {
        errorCode: 'LEGAL_ENTITY_INACTIVE',
        errorMessage:
          'The legal entity is no longer onboarded to KSeF (blocked or without a token).',
      });
      return;
    }
    const facts = invoiceFacts(ksefToJson(invoice.xml).json);
    try {
      const sent = await this.options.ksef.sendInvoice(acting.credentials, invoice.xml, {
        offlineMode: invoice.mode === 'offline',
        formCode: { systemCode: facts.systemCode, schemaVersion: facts.schemaVersion },
      });
      const row = await repository.advance(invoice.uuid, ['valid'], {
        status: 'sent',
        sessionReference: sent.sessionReference,
        invoiceReference: sent.invoiceReference,
        errorCode: null,
        errorMessage: null,
      });
      if (row) await this.later(PL_POLL_JOB, { invoiceUuid }, this.options.numberDelayMs);
    } catch (error) {
      if (isUnavailable(error)) {
        await this.unavailable(invoice, error as KsefError);
        return;
      }
      if (!(error instanceof KsefError)) throw error;
      await this.settle(invoice, 'rejected', {
        errorCode: String(error.code),
        errorMessage: [error.description, ...error.details].join(' — '),
      });
    }
  }

  /**
   * KSeF did not answer (5xx, 429): tried again in a minute. Past the cut-off the invoice is
   * issued offline (its sending deadline the next business day) and keeps being sent as such.
   */
  private async unavailable(invoice: PlInvoiceRow, error: KsefError): Promise<void> {
    const now = this.now();
    const values: Partial<PlInvoiceRow> = {
      errorCode: String(error.code),
      errorMessage: `KSeF unavailable: ${error.description}`,
    };
    if (
      invoice.mode === 'online' &&
      pastCutoff(invoice.invoiceDate, now, this.options.offlineCutoff)
    ) {
      values.mode = 'offline';
      values.offlineDeadline = offlineDeadline(invoice.invoiceDate, now);
    }
    await new PlInvoicesRepository(this.options.db).advance(invoice.uuid, ['valid'], values);
    await this.later(PL_SEND_JOB, { invoiceUuid: invoice.uuid }, UNAVAILABLE_RETRY_MS);
  }

  /** `pl.ksef-poll`: the KSeF number, then the UPO; or KSeF's refusal. */
  async poll(invoiceUuid: string): Promise<void> {
    const repository = new PlInvoicesRepository(this.options.db);
    const invoice = await repository.byUuid(invoiceUuid);
    if (!invoice || !['sent', 'delivered'].includes(invoice.status)) return;
    if (!invoice.sessionReference || !invoice.invoiceReference) return;
    const acting = await this.credentials(invoice.legalEntityUuid);
    if (!acting) return;
    const state = await this.options.ksef.invoiceState(acting.credentials, {
      sessionReference: invoice.sessionReference,
      invoiceReference: invoice.invoiceReference,
    });
    if (state.state === 'processing') {
      await this.later(PL_POLL_JOB, { invoiceUuid }, this.pollInterval(this.options.numberDelayMs));
      return;
    }
    if (state.state === 'rejected') {
      await this.settle(invoice, 'rejected', {
        errorCode: String(state.code),
        errorMessage: [state.description, ...state.details].join(' — '),
      });
      return;
    }
    let current: PlInvoiceRow = invoice;
    if (invoice.status === 'sent') {
      const delivered = await this.settle(invoice, 'delivered', {
        ksefReferenceNumber: state.ksefNumber,
        acquisitionTimestamp: state.acquisitionDate,
        errorCode: null,
        errorMessage: null,
      });
      if (!delivered) return;
      current = delivered;
      await this.notifyReceivers(invoice);
    }
    if (state.upo === undefined) {
      await this.later(PL_POLL_JOB, { invoiceUuid }, this.pollInterval(this.options.upoDelayMs));
      return;
    }
    await this.options.db.transaction(async (tx) => {
      const confirmed = await new PlInvoicesRepository(tx).advance(current.uuid, ['delivered'], {
        status: 'confirmed',
        upo: state.upo ?? null,
      });
      if (confirmed) {
        await announcePl(
          this.options.jobs,
          tx,
          acting.entity,
          'legal-entity-invoice-upo',
          plInvoicePayload(confirmed),
        );
      }
    });
  }

  /** A quarter of KSeF's delay, from a second to a minute: never a loop on a slow KSeF. */
  private pollInterval(delayMs: number): number {
    return Math.min(60_000, Math.max(1000, Math.round(delayMs / 4)));
  }

  /** Moves the invoice to `status` and tells the sender's webhooks, in one transaction. */
  private async settle(
    invoice: PlInvoiceRow,
    status: 'delivered' | 'rejected' | 'error',
    values: Partial<PlInvoiceRow>,
  ): Promise<PlInvoiceRow | undefined> {
    return this.options.db.transaction(async (tx) => {
      const row = await new PlInvoicesRepository(tx).advance(
        invoice.uuid,
        status === 'delivered' ? ['sent'] : ['valid', 'sent'],
        { status, ...values },
      );
      if (row) {
        await announcePl(
          this.options.jobs,
          tx,
          { uuid: row.legalEntityUuid, ownerId: row.ownerId },
          'legal-entity-invoice-sender',
          plInvoicePayload(row),
        );
      }
      return row;
    });
  }

  /** The buyer's legal entities on this instance read their new invoice now, not in 5 minutes. */
  private async notifyReceivers(invoice: PlInvoiceRow): Promise<void> {
    if (!invoice.invoiceRecipientNip) return;
    const receivers = await new PlLegalEntitiesRepository(this.options.db).activeReceivers(
      invoice.invoiceRecipientNip,
    );
    for (const receiver of receivers) {
      await this.options.jobs.enqueue(
        PL_SYNC_JOB,
        { legalEntityUuid: receiver.uuid },
        { maxAttempts: 3, singletonKey: receiver.uuid },
      );
    }
  }

  /**
   * `pl.ksef-sync-all` (every 5 minutes): each active entity reads its incoming invoices, and
   * an invoice whose next step was lost (a worker stopped mid-way) is picked up again.
   */
  async syncAll(): Promise<void> {
    await this.sweep();
    const entities = await new PlLegalEntitiesRepository(this.options.db).allActiveReceivers();
    for (const entity of entities) {
      await this.options.jobs.enqueue(
        PL_SYNC_JOB,
        { legalEntityUuid: entity.uuid },
        { maxAttempts: 3, singletonKey: entity.uuid },
      );
    }
  }

  /** Invoices left waiting: sent again (valid) or followed again (sent, delivered). */
  private async sweep(): Promise<void> {
    const now = this.now().getTime();
    const stale = await new PlInvoicesRepository(this.options.db).stale(
      new Date(now - 2 * 60_000),
      500,
    );
    for (const invoice of stale) {
      const job = invoice.status === 'valid' ? PL_SEND_JOB : PL_POLL_JOB;
      await this.options.jobs.enqueue(
        job,
        { invoiceUuid: invoice.uuid },
        { maxAttempts: 3, singletonKey: `${job}:${invoice.uuid}` },
      );
    }
  }

  /**
   * `pl.ksef-sync`: the invoices KSeF stored for the entity's NIP as buyer since its last
   * sync, each kept once (its KSeF number), announced and mailed to the entity.
   */
  async sync(legalEntityUuid: string): Promise<number> {
    const acting = await this.credentials(legalEntityUuid);
    if (!acting || !acting.entity.incomingInvoiceEnabled) return 0;
    const { entity, credentials } = acting;
    const now = this.now();
    const since =
      entity.lastSyncAt ?? new Date(entity.createdAt.getTime() - FIRST_SYNC_DAYS * 86_400_000);
    // Five minutes back: an invoice KSeF stored while the last sync ran is not skipped (one
    // already kept is dropped by its KSeF number).
    const found = await this.options.ksef.incomingSince(
      credentials,
      new Date(since.getTime() - SYNC_OVERLAP_MS),
    );
    const received: PlInvoiceRow[] = [];
    let last = since;
    for (const incoming of found) {
      const xml = await this.options.ksef.downloadInvoice(credentials, incoming.ksefNumber);
      const json = ksefToJson(xml).json;
      const facts = invoiceFacts(json);
      const row = await this.options.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(plInvoices)
          .values({
            ownerId: entity.ownerId,
            legalEntityUuid: entity.uuid,
            direction: 'incoming',
            invoiceNumber: facts.invoiceNumber || incoming.invoiceNumber,
            invoiceDate: facts.invoiceDate,
            invoiceType: facts.invoiceType,
            invoiceVersion: facts.systemCode,
            senderName: facts.sellerName ?? incoming.sellerName,
            invoiceCreatorNip: facts.sellerNip ?? incoming.sellerNip,
            recipientName: facts.buyerName,
            invoiceRecipientNip: facts.buyerNip ?? incoming.buyerNip,
            grossAmount: facts.grossAmount,
            currencyCode: facts.currencyCode,
            status: 'received',
            ksefReferenceNumber: incoming.ksefNumber,
            acquisitionTimestamp: incoming.acquisitionDate,
            invoiceHash: incoming.invoiceHash,
            xml,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) return undefined;
        const attachment = attachmentText(json);
        if (attachment) {
          await new PlInvoicesRepository(tx).addAttachment(
            inserted.uuid,
            'zalacznik.txt',
            attachment,
          );
        }
        await announcePl(
          this.options.jobs,
          tx,
          entity,
          'legal-entity-invoice-receiver',
          plInvoicePayload(inserted),
        );
        return inserted;
      });
      if (row) received.push(row);
      if (incoming.permanentStorageDate > last) last = incoming.permanentStorageDate;
    }
    await new PlLegalEntitiesRepository(this.options.db).setFields(entity.uuid, {
      lastSyncAt: last > since ? last : now,
      ...(received.length > 0 ? { lastReceiveAt: now } : {}),
    });
    if (received.length > 0) {
      await announcePl(this.options.jobs, this.options.db, entity, 'legal-entity-invoice-sync', {
        nip: entity.nip,
        received: received.length,
      });
      await this.mailReceived(entity, received);
    }
    return received.length;
  }

  private async mailReceived(entity: PlLegalEntityRow, invoices: PlInvoiceRow[]): Promise<void> {
    const lines = invoices.map(
      (invoice) =>
        `- ${invoice.invoiceNumber} (${invoice.senderName ?? invoice.invoiceCreatorNip}), KSeF ${invoice.ksefReferenceNumber ?? ''}: ${this.options.publicUrl}/gov-pl/invoices/${invoice.uuid}`,
    );
    await this.options.mailer.send({
      to: entity.email,
      subject:
        invoices.length === 1
          ? `Nowa faktura w KSeF / New KSeF invoice: ${invoices[0]?.invoiceNumber ?? ''}`
          : `Nowe faktury w KSeF (${invoices.length}) / New KSeF invoices (${invoices.length})`,
      text: [
        `${entity.name} (NIP ${entity.nip})`,
        '',
        'Nowe faktury otrzymane przez KSeF / New invoices received through KSeF:',
        ...lines,
      ].join('\n'),
    });
  }
}
