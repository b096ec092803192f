import { plWebhookEventKey, type PlWebhookType } from '@fiscus/contracts';
import type { PlInvoiceRow, PlLegalEntityRow } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';

/**
 * Announces a Polish event to the legal entity's webhooks of that type (its owner's, event key
 * `pl:{legalEntityUuid}:{type}`), in the caller's transaction when `db` is one. The payloads are
 * the provider's (provider section 6), each naming its `webhookType`.
 */
export async function announcePl(
  jobs: JobQueue,
  db: Database,
  entity: Pick<PlLegalEntityRow, 'uuid' | 'ownerId'>,
  type: PlWebhookType,
  payload: Record<string, unknown>,
): Promise<void> {
  await publishWebhookEvent(
    jobs,
    {
      ownerId: entity.ownerId,
      event: plWebhookEventKey(entity.uuid, type),
      payload: { legalEntityUuid: entity.uuid, ...payload, webhookType: type },
    },
    { db },
  );
}

/** The provider's invoice payload (its incoming-invoice example, provider section 6). */
export function plInvoicePayload(invoice: PlInvoiceRow) {
  return {
    invoiceUuid: invoice.uuid,
    subjectType: invoice.direction === 'incoming' ? 'Subject2' : 'Subject1',
    status: invoice.status,
    processingCode: invoice.errorCode === null ? 200 : Number(invoice.errorCode) || 400,
    ksefReferenceNumber: invoice.ksefReferenceNumber,
    acquisitionTimestamp: invoice.acquisitionTimestamp?.toISOString() ?? null,
    hash: invoice.invoiceHash,
    invoicingMode: invoice.mode === 'offline' ? 'Offline' : 'Online',
    invoiceNumber: invoice.invoiceNumber,
  };
}
