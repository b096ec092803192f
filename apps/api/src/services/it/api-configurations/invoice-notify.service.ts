import { and, asc, eq } from 'drizzle-orm';
import type { ItInvoiceRow } from '../../../db/schema/index.ts';
import { itInvoices, itNotifications } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/problem-errors.ts';
import type { WebhookDelivery } from '../../../platform/webhooks/webhook-delivery.ts';
import { toInvoiceItem, toNotificationItem } from '../invoices/invoices.service.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { actsForInvoice } from '../invoice-scope.ts';
import { assertCanConfigureWebhooks } from './configuration-access.ts';

/**
 * Fiscal ids (no country prefix) of the account's own company in an invoice: the seller of a
 * customer invoice, the buyer of a supplier invoice. Registry-restricted webhooks match on them.
 */
export function ownCompanyFiscalIds(invoice: ItInvoiceRow): string[] {
  const ids =
    invoice.type === 0
      ? [invoice.senderVat, invoice.senderFiscalId]
      : [invoice.recipientVat, invoice.recipientFiscalId];
  return [
    ...new Set(
      ids.filter((id): id is string => !!id).map((id) => id.replace(/^[A-Z]{2}(?=\d{11}$)/, '')),
    ),
  ];
}

/** How many deliveries were queued (0: no webhook listens to the event) and for which event. */
export type NotifyResult = {
  deliveries: number;
  event: 'customer-invoice' | 'supplier-invoice' | 'customer-notification';
};

/** "Send data to webhooks" on demand (invoice details' actions tab). */
export class InvoiceNotifyService {
  constructor(
    private readonly db: Database,
    private readonly delivery: WebhookDelivery,
  ) {}

  /** The invoice itself to the customer-invoice or supplier-invoice webhooks. */
  async notifyInvoice(actor: Actor, uuid: string): Promise<NotifyResult> {
    assertCanConfigureWebhooks(actor);
    const invoice = await this.findInvoice(actingScopeOf(actor), uuid);
    const event = invoice.type === 0 ? 'customer-invoice' : 'supplier-invoice';
    const deliveries = await this.delivery.fanOut({
      ownerId: invoice.ownerId,
      event,
      payload: toInvoiceItem(invoice),
      fiscalIds: ownCompanyFiscalIds(invoice),
    });
    return { deliveries, event };
  }

  /** Each SDI notification of the invoice to the customer-notification webhooks. */
  async notifyNotifications(actor: Actor, uuid: string): Promise<NotifyResult> {
    assertCanConfigureWebhooks(actor);
    const invoice = await this.findInvoice(actingScopeOf(actor), uuid);
    const notifications = await this.db
      .select()
      .from(itNotifications)
      .where(eq(itNotifications.invoiceUuid, invoice.uuid))
      .orderBy(asc(itNotifications.createdAt));
    let deliveries = 0;
    for (const notification of notifications) {
      deliveries += await this.delivery.fanOut({
        ownerId: invoice.ownerId,
        event: 'customer-notification',
        payload: toNotificationItem(notification),
        fiscalIds: ownCompanyFiscalIds(invoice),
      });
    }
    return { deliveries, event: 'customer-notification' };
  }

  /** The invoice, of a company the scope acts for (a sub-account's linked ones), or 404. */
  private async findInvoice(scope: ActingScope, uuid: string): Promise<ItInvoiceRow> {
    const [row] = isUuid(uuid)
      ? await this.db
          .select()
          .from(itInvoices)
          .where(
            and(
              eq(itInvoices.ownerId, scope.ownerId),
              actsForInvoice(this.db, scope),
              eq(itInvoices.uuid, uuid),
            ),
          )
      : [];
    if (!row) throw notFound('Invoice not found.');
    return row;
  }
}
