import { toNotificationJson } from '@fiscus/sdi-messages';
import type { ItInvoiceRow } from '../../../db/schema/index.ts';
import type {
  SdiBuyer,
  SdiExchangeStore,
  SdiFile,
  SdiFollowUp,
  SdiOutcome,
  SdiStep,
} from '../../../gateways/sdi/sdi-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { WebhookEvent } from '../../../platform/webhooks/events.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import {
  IN_SDI_CHECKS_MARKING,
  markingAfterNotification,
  TO_TRANSMIT_MARKINGS,
} from './invoice-lifecycle.ts';
import { InvoicesRepository } from './invoices.repository.ts';
import { toInvoiceItem, toNotificationItem } from './invoice-item.ts';
import { NotificationsRepository } from './notifications.repository.ts';

export type InvoiceExchangeOptions = {
  db: Database;
  jobs: JobQueue;
  /** Which account of this instance receives a delivered invoice as a supplier invoice. */
  findRecipientAccount: (buyer: SdiBuyer) => Promise<string | undefined>;
  /** When notifications and supplier copies are stored; the database's clock unless given. */
  clock?: () => Date;
};

/** The repositories of one transaction. */
type Tx = { db: Database; invoices: InvoicesRepository; notifications: NotificationsRepository };

/**
 * The application's side of the exchange with SDI: what the gateway reports (the channel failed,
 * SDI received the file, SDI sent a message) becomes markings, notifications, supplier copies for
 * recipients of this instance and webhooks. Each outcome, its webhooks and the gateway's next
 * step commit in one transaction, under a lock of the invoice, and only while the invoice is
 * where the reporting step expects it: a retried step writes nothing twice.
 */
export class InvoiceExchangeService implements SdiExchangeStore {
  private readonly notifications: NotificationsRepository;
  private readonly invoices: InvoicesRepository;

  constructor(private readonly options: InvoiceExchangeOptions) {
    this.invoices = new InvoicesRepository(options.db);
    this.notifications = new NotificationsRepository(options.db);
  }

  async find(fileId: string): Promise<SdiFile | undefined> {
    const row = await this.invoices.findByUuid(fileId);
    if (!row || row.type !== 0) return undefined;
    return toSdiFile(row, await this.notifications.typesOf(row.uuid));
  }

  async record(
    fileId: string,
    step: SdiStep,
    outcome: SdiOutcome,
    followUps: SdiFollowUp[] = [],
  ): Promise<boolean> {
    // Read before the transaction: an embedded database has one connection, which it holds.
    const deliveredTo =
      step === 'checks' && outcome.kind === 'message' && outcome.message.type === 'RC'
        ? await this.recipientAccountOf(fileId)
        : undefined;
    return this.options.db.transaction(async (db) => {
      const tx: Tx = {
        db,
        invoices: new InvoicesRepository(db),
        notifications: new NotificationsRepository(db),
      };
      const invoice = await tx.invoices.findForUpdate(fileId);
      if (!invoice || !(await this.expects(tx, invoice, step, outcome))) return false;
      await this.apply(tx, invoice, outcome);
      if (deliveredTo) await this.receive(tx, invoice, deliveredTo);
      for (const next of followUps) {
        await this.options.jobs.enqueue(next.job, next.payload, {
          runAt: next.runAt,
          maxAttempts: next.maxAttempts,
          db,
        });
      }
      return true;
    });
  }

  private async recipientAccountOf(fileId: string): Promise<string | undefined> {
    const invoice = await this.invoices.findByUuid(fileId);
    return invoice ? this.options.findRecipientAccount(invoice) : undefined;
  }

  /** Whether the invoice is where `step` found it (the step's outcome still applies). */
  private async expects(
    tx: Tx,
    invoice: ItInvoiceRow,
    step: SdiStep,
    outcome: SdiOutcome,
  ): Promise<boolean> {
    switch (step) {
      case 'transmission':
        return (
          TO_TRANSMIT_MARKINGS.includes(invoice.marking) &&
          (!('attempt' in outcome) || outcome.attempt === invoice.transmissionAttempts + 1)
        );
      case 'checks':
        return invoice.marking === IN_SDI_CHECKS_MARKING;
      case 'pa-terms':
        if (outcome.kind !== 'message' || invoice.transmissionFormat !== 'FPA12') return false;
        if (outcome.message.type === 'DT') return invoice.marking === 'delivered-pa';
        return (
          outcome.message.type === 'AT' &&
          invoice.marking === 'not-delivered' &&
          (await tx.notifications.count(invoice.uuid, 'AT')) === 0
        );
      case 'scripted':
        return true;
    }
  }

  private async apply(tx: Tx, invoice: ItInvoiceRow, outcome: SdiOutcome): Promise<void> {
    switch (outcome.kind) {
      case 'transport-failed': {
        const updated = await tx.invoices.update(invoice.uuid, {
          marking: outcome.final ? 'invoice-error' : 'quarantena',
          transmissionAttempts: outcome.attempt,
          notice: outcome.notice,
        });
        if (!updated) return;
        if (outcome.final) await this.publishInvoice(tx, 'invoice-status-invoice-error', updated);
        // The webhook fires on entering quarantena, not on every further failed attempt.
        else if (invoice.marking !== 'quarantena')
          await this.publishInvoice(tx, 'invoice-status-quarantena', updated);
        return;
      }
      case 'received':
        await tx.invoices.update(invoice.uuid, {
          marking: IN_SDI_CHECKS_MARKING,
          sdiFileId: outcome.sdiFileId,
          sdiFileName: outcome.sdiFileName,
          ...(outcome.attempt === undefined
            ? {}
            : { transmissionAttempts: outcome.attempt, notice: null }),
        });
        return;
      case 'transport-failure-scripted':
        await tx.invoices.update(invoice.uuid, { simulateTransportFailure: true });
        return;
      case 'message':
        await this.storeNotification(tx, invoice, outcome);
        return;
    }
  }

  /** Stores one SDI message, moves the invoice's marking and announces the notification. */
  private async storeNotification(
    tx: Tx,
    invoice: ItInvoiceRow,
    outcome: Extract<SdiOutcome, { kind: 'message' }>,
  ): Promise<void> {
    const { message } = outcome;
    const notification = await tx.notifications.insert({
      invoiceUuid: invoice.uuid,
      ownerId: invoice.ownerId,
      type: message.type,
      fileName: message.fileName,
      xml: message.xml,
      message: toNotificationJson(message.xml),
      ...this.stamp(),
    });
    const marking = markingAfterNotification(
      message.type,
      invoice.transmissionFormat,
      outcome.esito,
    );
    if (marking) await tx.invoices.update(invoice.uuid, { marking });
    await publishWebhookEvent(
      this.options.jobs,
      {
        ownerId: invoice.ownerId,
        event: 'customer-notification',
        payload: toNotificationItem(notification),
        fiscalIds: ownFiscalIds(invoice),
        disableEndpoints: invoice.disableEndpoints,
      },
      { db: tx.db },
    );
  }

  /** The delivered invoice arrives in the recipient account as a supplier invoice. */
  private async receive(tx: Tx, invoice: ItInvoiceRow, ownerId: string): Promise<void> {
    const { uuid: _uuid, createdAt: _createdAt, updatedAt: _updatedAt, ...copy } = invoice;
    const received = await tx.invoices.insert({
      ...copy,
      marking: 'received',
      ownerId,
      type: 1,
      downloaded: false,
      downloadedAt: null,
      fixOfUuid: null,
      fixedByUuid: null,
      archived: false,
      notice: null,
      sourceUuid: invoice.uuid,
      ...this.stamp(),
    });
    await this.publishInvoice(tx, 'supplier-invoice', received);
  }

  private stamp(): { createdAt?: Date } {
    return this.options.clock ? { createdAt: this.options.clock() } : {};
  }

  /** Announces an invoice event to the owner's webhooks (none with X-DisableEndpoints). */
  private async publishInvoice(tx: Tx, event: WebhookEvent, invoice: ItInvoiceRow) {
    await publishWebhookEvent(
      this.options.jobs,
      {
        ownerId: invoice.ownerId,
        event,
        payload: toInvoiceItem(invoice),
        fiscalIds: ownFiscalIds(invoice),
        disableEndpoints: invoice.disableEndpoints,
      },
      { db: tx.db },
    );
  }
}

/** The invoice as SDI handles it. */
function toSdiFile(row: ItInvoiceRow, messages: string[]): SdiFile {
  return {
    id: row.uuid,
    xml: row.xml,
    payload: row.payload,
    format: row.transmissionFormat,
    receivedAt: row.createdAt,
    sdiFileId: row.sdiFileId,
    sdiFileName: row.sdiFileName,
    senderVat: row.senderVat,
    recipientCode: row.recipientCode,
    recipientName: row.recipientName,
    recipientVat: row.recipientVat,
    recipientFiscalId: row.recipientFiscalId,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    transmissionAttempts: row.transmissionAttempts,
    simulateTransportFailure: row.simulateTransportFailure,
    messages: messages as SdiFile['messages'],
  };
}

/** The account's own company in the invoice (no country prefix): seller if sent, buyer if received. */
function ownFiscalIds(invoice: ItInvoiceRow): string[] {
  const ids =
    invoice.type === 0
      ? [invoice.senderVat, invoice.senderFiscalId]
      : [invoice.recipientVat, invoice.recipientFiscalId];
  return [
    ...new Set(
      ids
        .filter((id): id is string => Boolean(id))
        .map((id) => id.replace(/^[A-Z]{2}(?=\d{11}$)/, '')),
    ),
  ];
}
