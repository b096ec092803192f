import { randomInt } from 'node:crypto';
import type { ScriptableSdiOutcome } from '@fiscus/contracts';
import { describeSdiOutcomeRefusal, sdiOutcomeRefusal } from '@fiscus/contracts';
import { parseInvoice } from '@fiscus/fatturapa';
import type { ScriptedOutcome, SdiGateway } from '../../../gateways/sdi/sdi-gateway.ts';
import type { Actor } from '../../../platform/auth.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { assertCanSend, assertDirection, invoiceOwnerOf } from '../invoice-access.ts';
import type { InvoiceKind } from '../invoices/invoice-intake.ts';
import { acceptInvoice } from '../invoices/invoice-intake.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import type { NotificationsRepository } from '../invoices/notifications.repository.ts';
import { storedInvoiceValues } from '../invoices/invoice-item.ts';
import { generatedInvoiceJson } from './generated-invoice.ts';

export type SimulatedType = ScriptableSdiOutcome;

export class SimulationService {
  constructor(
    private readonly repository: InvoicesRepository,
    private readonly sdi: SdiGateway,
    /** When supplier invoices arrive; the database's clock unless given (the demo history's). */
    private readonly clock?: () => Date,
    /** SDI's messages so far: scripted outcomes SDI could not send now are refused (422). */
    private readonly notifications?: NotificationsRepository,
  ) {}

  /** Scripts SDI's answer to one of the caller's customer invoices. */
  async notify(
    actor: Actor,
    uuid: string,
    type: SimulatedType,
    body: {
      error_code?: string | undefined;
      esito?: 'EC01' | 'EC02' | undefined;
      descrizione?: string | undefined;
    },
  ): Promise<void> {
    assertCanSend(actor);
    const invoice = await this.repository.findOwned(actingScopeOf(actor), uuid);
    if (!invoice || invoice.type !== 0) throw notFound(`Invoice ${uuid} not found.`);
    if (this.notifications) {
      const refusal = sdiOutcomeRefusal(type, {
        marking: invoice.marking,
        format: invoice.transmissionFormat,
        messages: await this.notifications.typesOf(invoice.uuid),
      });
      if (refusal) {
        throw unprocessable([
          violation(
            'type',
            `SDI cannot send ${type} for this invoice now: ${describeSdiOutcomeRefusal(type, refusal)}.`,
            'sdi_order',
          ),
        ]);
      }
    }
    const descrizione = body.descrizione ? { descrizione: body.descrizione } : {};
    let outcome: ScriptedOutcome;
    switch (type) {
      case 'NS':
        outcome = {
          type,
          ...descrizione,
          ...(body.error_code ? { errorCode: body.error_code } : {}),
        };
        break;
      case 'NE':
        outcome = { type, esito: body.esito ?? 'EC01', ...descrizione };
        break;
      case 'MC':
      case 'DT':
        outcome = { type, ...descrizione };
        break;
      default:
        outcome = { type };
    }
    await this.sdi.script(uuid, outcome);
  }

  /** A supplier invoice from outside the instance arrives for the caller (marking received). */
  async supplierInvoice(actor: Actor, xml: string | undefined): Promise<{ uuid: string }> {
    assertDirection(actor, 1);
    let body: unknown;
    let kind: InvoiceKind = 'standard';
    if (xml !== undefined) {
      const bytes = /^\s*</.test(xml)
        ? Buffer.from(xml, 'utf8')
        : Buffer.from(xml.replace(/\s+/g, ''), 'base64');
      const parsed = await parseInvoice(new Uint8Array(bytes));
      if (parsed.ok && parsed.format === 'FSM10') kind = 'simplified';
      body = bytes;
    } else {
      const vat = (actor.user.invoicingVatNumber ?? '09876543210').replace(/^[A-Z]{2}/, '');
      body = generatedInvoiceJson({
        buyerVat: vat,
        buyerName: actor.user.invoicingName ?? 'BETA',
        ...(actor.user.recipientCode ? { recipientCode: actor.user.recipientCode } : {}),
      });
    }
    const accepted = await acceptInvoice(body, kind);
    const values = storedInvoiceValues(accepted);
    // A supplier invoice is its recipient's company's: a sub-account's linked companies only.
    await this.repository.assertActsFor(actingScopeOf(actor), {
      fiscalId: values.recipientFiscalId,
      vat: values.recipientVat,
    });
    const row = await this.repository.insert({
      ownerId: invoiceOwnerOf(actor),
      type: 1,
      marking: 'received',
      ...values,
      sdiFileId: String(randomInt(100_000_000, 999_999_999)),
      sdiFileName: `IT${values.senderVat?.replace(/^IT/, '') ?? '00000000000'}_${randomInt(
        0,
        36 ** 5,
      )
        .toString(36)
        .toUpperCase()
        .padStart(5, '0')}.xml`,
      ...(this.clock ? { createdAt: this.clock() } : {}),
    });
    return { uuid: row.uuid };
  }
}
