import type { FastifyBaseLogger } from 'fastify';
import type {
  AdeDocument,
  AdeReceiptsGateway,
} from '../../../gateways/ade-receipts/ade-receipts-gateway.ts';
import { AdeUnavailableError } from '../../../gateways/ade-receipts/ade-receipts-gateway.ts';
import { romeClock } from '../../../gateways/ade-receipts/rome-clock.ts';
import type { TaxPortalCredentialsReader } from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Job } from '../../../platform/jobs/job.ts';
import type { EnqueueOptions } from '../../../platform/jobs/job-queue.ts';
import type { ItReceiptRow } from '../../../db/schema/index.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { wholeBusiness } from '../../../platform/tenancy.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import { toReceipt } from './receipt-rows.ts';
import type { ReceiptsRepository } from './receipts.repository.ts';

/** Sends one receipt to the Agenzia; retried while the service cannot be reached. */
export const RECEIPT_SEND_JOB = 'it.receipt-send';
export type ReceiptSendPayload = { uuid: string };

/** Tries before a receipt the service never answered fails (within its day in any case). */
export const RECEIPT_SEND_ATTEMPTS = 6;

export function sendJobOptions(retryDelayMs: number): EnqueueOptions {
  return { maxAttempts: RECEIPT_SEND_ATTEMPTS, backoffMs: Math.max(retryDelayMs, 1000) };
}

function isPayload(value: unknown): value is ReceiptSendPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { uuid?: unknown }).uuid === 'string'
  );
}

export type ReceiptSenderDeps = {
  repository: ReceiptsRepository;
  gateway: AdeReceiptsGateway;
  credentials: TaxPortalCredentialsReader;
  /** The `receipt` and `receipt-error` webhooks go out through the queue. */
  jobs: JobQueue;
  /** Failure alerts to the registry's receipts_alert_recipients. */
  mailer: Mailer;
  /** Base of the console's links in alert mails (PUBLIC_URL). */
  publicUrl: string;
  logger: FastifyBaseLogger;
  clock?: () => Date;
};

/**
 * The send job (provider section 4 "Lifecycle"): new or retry → submitted → ready when the
 * Agenzia accepts (document number, transaction ids; a void marks its sale voided; the `receipt`
 * webhook), failed when it refuses, when the retries run out, or when the receipt's Italian day
 * has ended unsent (the `receipt-error` webhook and an alert mail to the registry's receipts
 * alert recipients). Runs at least once: a receipt already past `submitted` is left as it is.
 */
export class ReceiptSender {
  constructor(private readonly deps: ReceiptSenderDeps) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  async handle(payload: unknown, job: Job): Promise<void> {
    if (!isPayload(payload)) return;
    const receipt = await this.deps.repository.findByUuid(payload.uuid);
    if (!receipt || !['new', 'retry', 'submitted'].includes(receipt.status)) return;
    const now = this.now();
    if (romeClock(receipt.createdAt).day !== romeClock(now).day) {
      return this.fail(
        receipt,
        'DAY_CLOSED',
        'The receipt was not transmitted by 23:59 of its day.',
      );
    }
    const credentials = await this.deps.credentials.credentialsOf(
      receipt.ownerId,
      receipt.fiscalId,
    );
    if (!credentials) {
      return this.fail(
        receipt,
        'INVALID_CREDENTIALS',
        `No Fisconline credentials are stored for ${receipt.fiscalId}: store them in the business registry's tax drawer tab.`,
      );
    }
    // This try (a runner that counts none, the demo history's, is on its first).
    const attempt = job.attempts || 1;
    await this.deps.repository.setStatus(receipt.uuid, { status: 'submitted', attempts: attempt });
    const document = await this.document(receipt, credentials, attempt);
    let outcome;
    try {
      outcome = await this.deps.gateway.send(document, now);
    } catch (error) {
      if (!(error instanceof AdeUnavailableError)) throw error;
      if (attempt >= (job.maxAttempts || 1)) {
        return this.fail(receipt, error.code, `${error.message} The retries ran out.`);
      }
      await this.deps.repository.setStatus(receipt.uuid, {
        status: 'retry',
        errorCode: error.code,
        errorMessage: error.message,
      });
      // pg-boss tries again after its backoff.
      throw error;
    }
    if (!outcome.accepted) return this.fail(receipt, outcome.code, outcome.message);
    await this.deps.repository.setItemIds(receipt.uuid, outcome.itemIds);
    await this.deps.repository.setStatus(receipt.uuid, {
      status: 'ready',
      documentNumber: outcome.documentNumber,
      documentDate: outcome.documentDate,
      transactionId: outcome.transactionId,
      errorCode: null,
      errorMessage: null,
    });
    if (receipt.type === 'void' && receipt.saleUuid) {
      await this.deps.repository.setStatus(receipt.saleUuid, { status: 'voided' });
    }
    await this.announce(receipt, 'receipt');
  }

  private async fail(receipt: ItReceiptRow, code: string, message: string): Promise<void> {
    this.deps.logger.info({ receipt: receipt.uuid, code }, 'receipt failed');
    await this.deps.repository.setStatus(receipt.uuid, {
      status: 'failed',
      errorCode: code,
      errorMessage: message,
    });
    await this.announce(receipt, 'receipt-error');
    await this.alert(receipt, code, message);
  }

  /** The receipt as it is now to the owner's webhooks listening to `event`. */
  private async announce(receipt: ItReceiptRow, event: 'receipt' | 'receipt-error'): Promise<void> {
    const now = await this.deps.repository.findOwned(wholeBusiness(receipt.ownerId), receipt.uuid);
    if (!now) return;
    await publishWebhookEvent(this.deps.jobs, {
      ownerId: receipt.ownerId,
      event,
      payload: toReceipt(now),
      fiscalIds: [receipt.fiscalId],
    });
  }

  /** One mail to each alert recipient of the registry (none set: no mail). */
  private async alert(receipt: ItReceiptRow, code: string, message: string): Promise<void> {
    const registry = await this.deps.repository.registry(receipt.ownerId, receipt.fiscalId);
    const recipients = registry?.alertRecipients ?? [];
    const link = `${this.deps.publicUrl}/smart-receipts-${receipt.type}?dialogId=receipt&dialog_uuid=${receipt.uuid}`;
    for (const to of recipients) {
      await this.deps.mailer.send({
        to,
        subject: `Smart receipt not sent for ${receipt.fiscalId}: ${code}`,
        text: [
          `The ${receipt.type} receipt of ${receipt.fiscalId} created ${receipt.createdAt.toISOString()} (total ${receipt.totalAmount}) failed.`,
          `${code}: ${message}`,
          `Open it in the console: ${link}`,
        ].join('\n\n'),
      });
    }
  }

  private async document(
    receipt: ItReceiptRow,
    credentials: AdeDocument['credentials'],
    attempt: number,
  ): Promise<AdeDocument> {
    const items = await this.deps.repository.itemsOf(receipt.uuid);
    const sale = receipt.saleUuid
      ? await this.deps.repository.findByUuid(receipt.saleUuid)
      : undefined;
    return {
      kind: receipt.type as AdeDocument['kind'],
      fiscalId: receipt.fiscalId,
      credentials,
      acquiredAt: receipt.createdAt,
      lotteryCode: receipt.lotteryCode,
      lines: items.map((item) => ({
        description: item.description,
        quantity: item.quantity,
        vatRateCode: item.vatRateCode,
        complimentary: item.complimentary,
        grossUnitPrice: item.grossUnitPrice,
        grossDiscount: item.grossDiscount,
        totalAmount: item.totalAmount,
        netTaxableAmount: item.netTaxableAmount,
        vatAmount: item.vatAmount,
      })),
      totalAmount: receipt.totalAmount,
      totalTaxableAmount: receipt.totalTaxableAmount,
      totalVatAmount: receipt.totalVatAmount,
      payments: {
        cash: receipt.cashPaymentAmount,
        electronic: receipt.electronicPaymentAmount,
        ticketRestaurant: receipt.ticketRestaurantPaymentAmount,
        ticketRestaurantQuantity: receipt.ticketRestaurantQuantity,
        servicesUncollected: receipt.servicesUncollectedAmount,
        goodsUncollected: receipt.goodsUncollectedAmount,
        discount: receipt.discount,
      },
      reference:
        sale?.documentNumber && sale.documentDate
          ? { documentNumber: sale.documentNumber, documentDate: sale.documentDate }
          : null,
      attempt,
    };
  }
}
