import type { WebhookEvent } from '@fiscus/contracts';
import { webhookEvents } from '@fiscus/contracts';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

export type { WebhookEvent };
export { webhookEvents };

/** Job that fans one event out to the owner's matching api-configurations. */
export const WEBHOOK_DISPATCH_JOB = 'webhooks.dispatch';
/** Job that POSTs one event to one api-configuration (retried until a 2xx). */
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
/**
 * The job worker's lane for both webhook jobs: a receiver that answers slowly holds one of its
 * slots (until the delivery's deadline), never a slot of SDI, preservation or mail work.
 */
export const WEBHOOK_LANE = 'webhooks';

/**
 * One business event to announce to the owner's webhooks.
 *
 * `payload` is the JSON the real provider sends as the request body, unchanged:
 * - `customer-invoice`, `supplier-invoice`, `invoice-status-quarantena`,
 *   `invoice-status-invoice-error`: the invoice as `GET /api/it/invoices/{uuid}` returns it
 *   (snake_case: `uuid`, `type`, `marking`, `sender`, `recipient`, `payload`, `notice`, …).
 * - `customer-notification`: the notification as `GET /api/it/notifications/{uuid}` returns it
 *   (`uuid`, `invoice_uuid`, `type` RC/MC/NS/NE/DT/AT, `file_name`, `message` = the SDI receipt as
 *   snake_case JSON, `created_at`, `downloaded`).
 * - `legal-storage-*`: the preserved document (`uuid`, `status`, `status_history`, …).
 * - `receipt`, `receipt-error`, `sistemats-receipt-ready`: the smart-receipt / expense resource.
 * - `peppol-{it,be}:outgoing-document`, `…:incoming-document`: the provider's Peppol payload
 *   (`success`, `document_id`, `document_type`, `request_at`, `response_at`, and `error_code`,
 *   `error_message` when it failed).
 */
export type WebhookEventMessage = {
  /** Account that owns the data (users.id); only this account's configurations are notified. */
  ownerId: string;
  /** An Italian event, or a Peppol one keyed by its domain (`peppolWebhookEventKey`). */
  event: string;
  payload: unknown;
  /**
   * Fiscal ids (VAT number or codice fiscale, no country prefix) the event concerns, e.g. the
   * invoice's sender for customer events and recipient for supplier events. A configuration linked
   * to business registry configurations only fires when one of its fiscal ids is listed here;
   * a configuration without links fires for every fiscal id.
   */
  fiscalIds?: string[];
  /** `X-DisableEndpoints: true` on the originating request: record nothing, deliver nothing. */
  disableEndpoints?: boolean;
};

/**
 * Announces an event to the owner's webhooks. Durable: the fan-out runs as a `webhooks.dispatch`
 * job, so a crash between the business write and the delivery loses nothing. Pass the business
 * write's transaction as `db` and the event commits (or rolls back) with it. Resolves without
 * enqueuing anything when `disableEndpoints` is set.
 */
export async function publishWebhookEvent(
  jobs: JobQueue,
  event: WebhookEventMessage,
  options: { db?: Database } = {},
): Promise<void> {
  if (event.disableEndpoints) return;
  await jobs.enqueue(
    WEBHOOK_DISPATCH_JOB,
    {
      ownerId: event.ownerId,
      event: event.event,
      payload: event.payload,
      fiscalIds: event.fiscalIds ?? [],
    },
    // Fan-out only reads configurations and inserts rows; retry quickly if the database hiccups.
    { maxAttempts: 5, backoffMs: 1000, ...(options.db ? { db: options.db } : {}) },
  );
}
