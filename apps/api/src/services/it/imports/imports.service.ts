import type { CustomerInvoiceImport, SupplierInvoiceImport, Violation } from '@fiscus/contracts';
import { parseInvoice, toXml } from '@fiscus/fatturapa';
import type {
  NotificationMessageJson,
  ParsedSdiMessage,
} from '../../../gateways/sdi/messages/index.ts';
import {
  notificationFileName,
  notificationJsonOf,
  parseSdiMessage,
  SdiMessageError,
} from '../../../gateways/sdi/messages/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { unprocessable } from '../../../platform/problem-errors.ts';
import { assertCanSend, assertDirection, invoiceOwnerOf } from '../invoice-access.ts';
import { findingToViolation, MAX_INVOICE_BYTES } from '../invoices/invoice-intake.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import { storedInvoiceValues } from '../invoices/invoices.service.ts';

const REQUIRED_WITHOUT_NOTIFICATION = 'This field is required when there is not any notification';
const REQUIRED = 'This field is required';

/** The order SDI sends its messages in: the latest one decides the imported invoice's marking. */
const NOTIFICATION_ORDER = ['AT', 'RC', 'MC', 'NS', 'DT', 'EC', 'NE'] as const;

function decodeBase64(value: string): Buffer {
  return Buffer.from(value.replace(/\s+/g, ''), 'base64');
}

/** The marking an imported customer invoice takes from its notifications (latest SDI step wins). */
export function markingFromNotifications(
  types: Map<string, NotificationMessageJson>,
  format: string,
): string {
  let marking = 'sent';
  for (const type of NOTIFICATION_ORDER) {
    const message = types.get(type);
    if (!message) continue;
    switch (type) {
      case 'RC':
        marking = format === 'FPA12' ? 'delivered-pa' : 'delivered';
        break;
      case 'MC':
      case 'AT':
        marking = 'not-delivered';
        break;
      case 'NS':
        marking = 'rejected';
        break;
      case 'DT':
        marking = 'deadline-terms';
        break;
      case 'EC':
      case 'NE':
        marking = message.esito_committente?.esito === 'EC02' ? 'rejected-pa' : 'accepted-pa';
        break;
    }
  }
  return marking;
}

export class ImportsService {
  constructor(private readonly repository: InvoicesRepository) {}

  private async readInvoice(base64: string) {
    const bytes = decodeBase64(base64);
    const parsed = await parseInvoice(new Uint8Array(bytes), { maxBytes: MAX_INVOICE_BYTES });
    if (!parsed.ok) {
      throw unprocessable(
        parsed.findings.map((f) => ({
          ...findingToViolation(f, undefined),
          propertyPath: 'invoice',
        })),
      );
    }
    return {
      format: parsed.format,
      invoice: parsed.invoice,
      xml: toXml(parsed.invoice, parsed.format),
      signed: parsed.signer !== undefined,
    };
  }

  private readMessage(
    base64: string,
    path: string,
    violations: Violation[],
  ): { parsed: ParsedSdiMessage; xml: string } | undefined {
    const xml = decodeBase64(base64).toString('utf8');
    try {
      return { parsed: parseSdiMessage(xml), xml };
    } catch (error) {
      const message = error instanceof SdiMessageError ? error.message : 'Not an SDI message';
      violations.push({ propertyPath: path, message, code: 'invalid' });
      return undefined;
    }
  }

  /** POST /customer-invoice-imports: a customer invoice sent elsewhere, with its receipts. */
  async importCustomerInvoice(
    actor: Actor,
    body: CustomerInvoiceImport,
  ): Promise<{ uuid: string }> {
    assertCanSend(actor);
    const violations: Violation[] = [];
    const messages = new Map<
      string,
      { parsed: ParsedSdiMessage; xml: string; json: NotificationMessageJson }
    >();
    for (const [type, content] of Object.entries(body.notifications ?? {})) {
      if (!content) continue;
      const read = this.readMessage(content, `notifications.${type}`, violations);
      if (!read) continue;
      if (read.parsed.type !== type) {
        violations.push({
          propertyPath: `notifications.${type}`,
          message: `The file is a ${read.parsed.type} notification, not ${type}.`,
          code: 'invalid_choice',
        });
        continue;
      }
      messages.set(type, { ...read, json: notificationJsonOf(read.parsed) });
    }
    // A complete notification names the invoice file and carries SDI's id.
    const complete = [...messages.values()].find(
      (m) => m.parsed.nomeFile && m.parsed.identificativoSdi,
    );
    const fileName = body.invoice_file_name ?? complete?.parsed.nomeFile;
    const sdiId = body.sdi_id ?? complete?.parsed.identificativoSdi;
    if (!fileName)
      violations.push({
        propertyPath: 'invoice_file_name',
        message: REQUIRED_WITHOUT_NOTIFICATION,
        code: 'is_blank',
      });
    if (!sdiId)
      violations.push({
        propertyPath: 'sdi_id',
        message: REQUIRED_WITHOUT_NOTIFICATION,
        code: 'is_blank',
      });
    if (violations.length > 0) throw unprocessable(violations);
    const invoice = await this.readInvoice(body.invoice);
    const row = await this.repository.insert({
      ownerId: invoiceOwnerOf(actor),
      type: 0,
      marking: markingFromNotifications(
        new Map([...messages].map(([type, m]) => [type, m.json])),
        invoice.format,
      ),
      ...storedInvoiceValues(invoice),
      sdiFileId: sdiId ?? null,
      sdiFileName: fileName ?? null,
    });
    for (const type of NOTIFICATION_ORDER) {
      const message = messages.get(type);
      if (!message) continue;
      await this.repository.insertNotification({
        invoiceUuid: row.uuid,
        ownerId: row.ownerId,
        type,
        fileName: notificationFileName(
          message.parsed.nomeFile ?? fileName ?? `${row.uuid}.xml`,
          message.parsed.type,
          1,
        ),
        xml: message.xml,
        message: message.json,
      });
    }
    return { uuid: row.uuid };
  }

  /** POST /supplier-invoice-imports: a received invoice, with SDI's metadata file (MT). */
  async importSupplierInvoice(
    actor: Actor,
    body: SupplierInvoiceImport,
  ): Promise<{ uuid: string }> {
    assertDirection(actor, 1);
    const violations: Violation[] = [];
    const metadata = body.metadata
      ? this.readMessage(body.metadata, 'metadata', violations)
      : undefined;
    if (metadata && metadata.parsed.type !== 'MT') {
      violations.push({
        propertyPath: 'metadata',
        message: `The file is a ${metadata.parsed.type} notification, not the metadata file (MT).`,
        code: 'invalid_choice',
      });
    }
    const fileName = body.invoice_file_name ?? metadata?.parsed.nomeFile;
    const sdiId = body.sdi_id ?? metadata?.parsed.identificativoSdi;
    if (!fileName)
      violations.push({ propertyPath: 'invoice_file_name', message: REQUIRED, code: 'is_blank' });
    if (!sdiId) violations.push({ propertyPath: 'sdi_id', message: REQUIRED, code: 'is_blank' });
    if (violations.length > 0) throw unprocessable(violations);
    const invoice = await this.readInvoice(body.invoice);
    const row = await this.repository.insert({
      ownerId: invoiceOwnerOf(actor),
      type: 1,
      marking: 'received',
      ...storedInvoiceValues(invoice),
      sdiFileId: sdiId ?? null,
      sdiFileName: fileName ?? null,
    });
    return { uuid: row.uuid };
  }
}
