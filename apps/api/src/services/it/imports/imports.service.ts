import type { CustomerInvoiceImport, SupplierInvoiceImport, Violation } from '@fiscus/contracts';
import type { Finding } from '@fiscus/fatturapa';
import { isValidSdiFileName, parseInvoice, toXml, validateInvoice } from '@fiscus/fatturapa';
import type { NotificationMessageJson, ParsedSdiMessage } from '@fiscus/sdi-messages';
import {
  notificationFileName,
  notificationJsonOf,
  parseSdiMessage,
  SdiMessageError,
} from '@fiscus/sdi-messages';
import type { Actor } from '../../../platform/auth.ts';
import { unprocessable } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import { assertCanSend, assertDirection, invoiceOwnerOf } from '../invoice-access.ts';
import { assertActsForParty } from '../invoice-scope.ts';
import { findingToViolation, MAX_INVOICE_BYTES } from '../invoices/invoice-intake.ts';
import type { Database } from '../../../platform/db/database.ts';
import { markingFromNotifications, NOTIFICATION_ORDER } from '../invoices/invoice-lifecycle.ts';
import { InvoicesRepository } from '../invoices/invoices.repository.ts';
import { NotificationsRepository } from '../invoices/notifications.repository.ts';
import { storedInvoiceValues } from '../invoices/invoice-item.ts';

const REQUIRED_WITHOUT_NOTIFICATION = 'This field is required when there is not any notification';
const REQUIRED = 'This field is required';

function decodeBase64(value: string): Buffer {
  return Buffer.from(value.replace(/\s+/g, ''), 'base64');
}

/**
 * Whether `name` is an invoice file name as SDI names them: `<country><identifier>_<progressive
 * of 1-5 letters or digits>.xml` or `.xml.p7m`. SDI refuses any other name (00001), so an invoice
 * that went through SDI has one; anything else (`../../etc/passwd`, `C:\win.ini`, CR LF) is
 * refused rather than reduced, as it would later name downloads, zip entries and notifications.
 */
export function isImportableFileName(name: string): boolean {
  return isValidSdiFileName(name) && /\.xml(?:\.p7m)?$/i.test(name);
}

function fileNameViolation(propertyPath: string, name: string): Violation {
  return {
    propertyPath,
    message:
      'The invoice file name must follow SDI naming: country code, identifier, "_", a progressive of 1 to 5 letters or digits, then .xml or .xml.p7m (e.g. IT01234567890_00001.xml).',
    code: '00001',
    ...(name.length <= 100 ? { propertyContent: name } : {}),
  };
}

/** A finding on the imported file as a violation of the body's `invoice` field. */
function invoiceViolation(finding: Finding, invoice: unknown): Violation {
  return {
    ...findingToViolation(finding, invoice),
    propertyPath: finding.propertyPath ? `invoice.${finding.propertyPath}` : 'invoice',
  };
}

export class ImportsService {
  constructor(private readonly db: Database) {}

  /**
   * Reads and validates the imported file as POST /invoices does (XML safety, the official
   * schema, SDI's file-only checks), so nothing SDI would refuse is stored. A customer invoice
   * that SDI rejected (an NS notification) is only held to the XML and schema layers: SDI's
   * content checks are what it failed.
   */
  private async readInvoice(base64: string, rejectedBySdi = false) {
    const bytes = new Uint8Array(decodeBase64(base64));
    const parsed = await parseInvoice(bytes, { maxBytes: MAX_INVOICE_BYTES });
    if (!parsed.ok) {
      throw unprocessable(parsed.findings.map((f) => invoiceViolation(f, undefined)));
    }
    const validated = await validateInvoice(bytes, {
      maxBytes: MAX_INVOICE_BYTES,
      layers: rejectedBySdi ? ['schema'] : ['schema', 'sdi'],
      sdi: { checkIdentifierDigits: false },
    });
    if (!validated.valid) {
      throw unprocessable(validated.findings.map((f) => invoiceViolation(f, parsed.invoice)));
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
    if (body.invoice_file_name && !isImportableFileName(body.invoice_file_name)) {
      violations.push(fileNameViolation('invoice_file_name', body.invoice_file_name));
    }
    for (const [type, message] of messages) {
      const named = message.parsed.nomeFile;
      if (named && !isImportableFileName(named)) {
        violations.push(fileNameViolation(`notifications.${type}`, named));
      }
    }
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
    const invoice = await this.readInvoice(body.invoice, messages.has('NS'));
    const values = storedInvoiceValues(invoice);
    // A customer invoice is its supplier's company's (a sub-account: linked companies only).
    await assertActsForParty(this.db, actingScopeOf(actor), {
      fiscalId: values.senderFiscalId,
      vat: values.senderVat,
    });
    // The invoice and its notifications are stored together, or not at all.
    const row = await this.db.transaction(async (tx) => {
      const stored = await new InvoicesRepository(tx).insert({
        ownerId: invoiceOwnerOf(actor),
        type: 0,
        marking: markingFromNotifications(
          new Map(
            [...messages].map(([type, m]) => [type, { esito: m.json.esito_committente?.esito }]),
          ),
          invoice.format,
        ),
        ...values,
        sdiFileId: sdiId ?? null,
        sdiFileName: fileName ?? null,
      });
      const notifications = new NotificationsRepository(tx);
      for (const type of NOTIFICATION_ORDER) {
        const message = messages.get(type);
        if (!message) continue;
        await notifications.insert({
          invoiceUuid: stored.uuid,
          ownerId: stored.ownerId,
          type,
          fileName: notificationFileName(
            message.parsed.nomeFile ?? fileName ?? `${stored.uuid}.xml`,
            message.parsed.type,
            1,
          ),
          xml: message.xml,
          message: message.json,
        });
      }
      return stored;
    });
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
    if (body.invoice_file_name && !isImportableFileName(body.invoice_file_name)) {
      violations.push(fileNameViolation('invoice_file_name', body.invoice_file_name));
    }
    const named = metadata?.parsed.nomeFile;
    if (named && !isImportableFileName(named))
      violations.push(fileNameViolation('metadata', named));
    if (!fileName)
      violations.push({ propertyPath: 'invoice_file_name', message: REQUIRED, code: 'is_blank' });
    if (!sdiId) violations.push({ propertyPath: 'sdi_id', message: REQUIRED, code: 'is_blank' });
    if (violations.length > 0) throw unprocessable(violations);
    const values = storedInvoiceValues(await this.readInvoice(body.invoice));
    // A supplier invoice is its recipient's company's (a sub-account: linked companies only).
    await assertActsForParty(this.db, actingScopeOf(actor), {
      fiscalId: values.recipientFiscalId,
      vat: values.recipientVat,
    });
    const row = await new InvoicesRepository(this.db).insert({
      ownerId: invoiceOwnerOf(actor),
      type: 1,
      marking: 'received',
      ...values,
      sdiFileId: sdiId ?? null,
      sdiFileName: fileName ?? null,
    });
    return { uuid: row.uuid };
  }
}
