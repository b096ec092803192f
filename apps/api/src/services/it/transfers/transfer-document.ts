import Decimal from 'decimal.js';
import type {
  AnyInvoice,
  FatturaElettronica,
  FatturaElettronicaSemplificata,
  Finding,
  InvoiceFormat,
} from '@fiscus/fatturapa';
import { parseInvoice, toXml, validateInvoice } from '@fiscus/fatturapa';
import { TRANSFER_MAX_INVOICE_BYTES } from '@fiscus/contracts';
import type { StoredTransferViolation } from '../../../db/schema/it-transfers.ts';
import { summarizeInvoice } from '../invoices/invoice-summary.ts';

/*
 * What a transfer reads from one invoice file (FatturaPA XML or a signed .p7m): the parties,
 * number, date, type and amounts, the XML (a .p7m's content) and the violations of the checks
 * a sent invoice passes (the official schema and SDI's file checks, as POST /invoices applies
 * them). Reading never throws: a file that is not an invoice comes back with its violations.
 */

export type TransferExtract = {
  supplierName: string | null;
  supplierFiscalId: string | null;
  customerName: string | null;
  customerFiscalId: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  invoiceType: string | null;
  invoiceNetAmount: string | null;
  invoiceVatAmount: string | null;
  invoiceTotAmount: string | null;
};

export type ReadTransferFile = {
  extract: TransferExtract | null;
  /** The invoice as XML (what the download gives and SDI reads), null when unreadable. */
  xml: string | null;
  format: InvoiceFormat | null;
  violations: StoredTransferViolation[];
};

/** numeric(18, 2): 16 digits before the point. */
const AMOUNT_LIMIT = new Decimal('1e16');
/** An amount as FatturaPA writes it (no exponent), bounded before Decimal reads it. */
const PLAIN_AMOUNT = /^[+-]?\d{1,18}(?:\.\d{1,8})?$/;

function decimalOf(value: unknown): Decimal {
  if (typeof value !== 'string') return new Decimal(0);
  const amount = value.trim();
  return PLAIN_AMOUNT.test(amount) ? new Decimal(amount) : new Decimal(0);
}

function money(value: Decimal): string | null {
  const rounded = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return rounded.abs().lt(AMOUNT_LIMIT) ? rounded.toFixed(2) : null;
}

/** Net (taxable) and VAT amounts of the first body: DatiRiepilogo, or FSM10's lines. */
function netAndVat(invoice: AnyInvoice, format: InvoiceFormat): { net: Decimal; vat: Decimal } {
  if (format === 'FSM10') {
    const lines =
      (invoice as FatturaElettronicaSemplificata).fattura_elettronica_body?.[0]
        ?.dati_beni_servizi ?? [];
    // FSM10's Importo includes VAT: net is the lines' total less their tax.
    const gross = lines.reduce((sum, line) => sum.plus(decimalOf(line.importo)), new Decimal(0));
    const vat = lines.reduce(
      (sum, line) => sum.plus(decimalOf(line.dati_iva?.imposta)),
      new Decimal(0),
    );
    return { net: gross.minus(vat), vat };
  }
  const summary =
    (invoice as FatturaElettronica).fattura_elettronica_body?.[0]?.dati_beni_servizi
      ?.dati_riepilogo ?? [];
  return {
    net: summary.reduce((sum, row) => sum.plus(decimalOf(row.imponibile_importo)), new Decimal(0)),
    vat: summary.reduce((sum, row) => sum.plus(decimalOf(row.imposta)), new Decimal(0)),
  };
}

/** The fields a transfer shows of a readable invoice. */
export function extractTransfer(invoice: AnyInvoice, format: InvoiceFormat): TransferExtract {
  const summary = summarizeInvoice(invoice, format);
  const { net, vat } = netAndVat(invoice, format);
  return {
    supplierName: summary.senderName,
    supplierFiscalId: summary.senderFiscalId,
    customerName: summary.recipientName,
    customerFiscalId: summary.recipientFiscalId,
    invoiceNumber: summary.invoiceNumber,
    invoiceDate: summary.invoiceDate,
    invoiceType: summary.documentType,
    invoiceNetAmount: money(net),
    invoiceVatAmount: money(vat),
    invoiceTotAmount: summary.invoiceTotal ?? money(net.plus(vat)),
  };
}

function toViolation(finding: Finding): StoredTransferViolation {
  return {
    propertyPath: finding.propertyPath,
    message: finding.message,
    code: finding.code,
    ...(finding.messageKey ? { messageKey: finding.messageKey } : {}),
    ...(finding.params ? { parameters: finding.params } : {}),
    ...(finding.messages ? { messages: finding.messages } : {}),
  };
}

/**
 * Whether the file can be read as an invoice at all, and whose it is (the upload's check of a
 * single file): the supplier's codice fiscale (else VAT code) and VAT number with its country.
 */
export async function readUploadedInvoice(bytes: Uint8Array): Promise<{
  problems: StoredTransferViolation[];
  supplier: { fiscalId: string | null; vat: string | null };
}> {
  const parsed = await parseInvoice(bytes, { maxBytes: TRANSFER_MAX_INVOICE_BYTES });
  if (!parsed.ok)
    return { problems: parsed.findings.map(toViolation), supplier: { fiscalId: null, vat: null } };
  const summary = summarizeInvoice(parsed.invoice, parsed.format);
  return { problems: [], supplier: { fiscalId: summary.senderFiscalId, vat: summary.senderVat } };
}

/** Reads, extracts and checks one invoice file. */
export async function readTransferFile(bytes: Uint8Array): Promise<ReadTransferFile> {
  const parsed = await parseInvoice(bytes, { maxBytes: TRANSFER_MAX_INVOICE_BYTES });
  if (!parsed.ok)
    return { extract: null, xml: null, format: null, violations: parsed.findings.map(toViolation) };
  const validated = await validateInvoice(bytes, {
    maxBytes: TRANSFER_MAX_INVOICE_BYTES,
    layers: ['schema', 'sdi'],
    // As POST /invoices: SDI judges identifiers against its registries (the sandbox does).
    sdi: { checkIdentifierDigits: false },
  });
  return {
    extract: extractTransfer(parsed.invoice, parsed.format),
    xml: toXml(parsed.invoice, parsed.format),
    format: parsed.format,
    violations: validated.valid ? [] : validated.findings.map(toViolation),
  };
}
