import Decimal from 'decimal.js';
import type {
  AnyInvoice,
  FatturaElettronica,
  FatturaElettronicaSemplificata,
  InvoiceFormat,
} from '@fiscus/fatturapa';
import { parseDate } from '../../../platform/db/collection-query.ts';

/** The derived list columns of an invoice, computed once when it is stored. */
export type InvoiceSummary = {
  senderName: string | null;
  senderFiscalId: string | null;
  /** Country prefix + code, e.g. IT01234567890. */
  senderVat: string | null;
  recipientName: string | null;
  recipientFiscalId: string | null;
  recipientVat: string | null;
  recipientCode: string | null;
  recipientPec: string | null;
  /** A real calendar date (YYYY-MM-DD), else null: a draft may hold anything. */
  invoiceDate: string | null;
  invoiceNumber: string | null;
  /** Decimal string with 2 decimals; null when past what the numeric(18, 2) column holds. */
  invoiceTotal: string | null;
  documentType: string | null;
  stamp: boolean;
  toPa: boolean;
};

type Party = {
  id_fiscale_iva?: { id_paese: string; id_codice: string };
  codice_fiscale?: string;
  anagrafica?: { denominazione?: string; nome?: string; cognome?: string };
  denominazione?: string;
  nome?: string;
  cognome?: string;
};

function nameOf(party: Party | undefined): string | null {
  if (!party) return null;
  const holder = party.anagrafica ?? party;
  if (holder.denominazione) return holder.denominazione;
  const full = [holder.nome, holder.cognome].filter(Boolean).join(' ');
  return full === '' ? null : full;
}

function vatOf(party: Party | undefined): string | null {
  const id = party?.id_fiscale_iva;
  return id ? `${id.id_paese}${id.id_codice}` : null;
}

/** The fiscal id shown and filtered: the codice fiscale, else the VAT code without country. */
function fiscalIdOf(party: Party | undefined): string | null {
  return party?.codice_fiscale ?? party?.id_fiscale_iva?.id_codice ?? null;
}

/** numeric(18, 2): 16 digits before the point. */
const TOTAL_LIMIT = new Decimal('1e16');

function money(value: Decimal): string | null {
  const rounded = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return rounded.abs().lt(TOTAL_LIMIT) ? rounded.toFixed(2) : null;
}

/**
 * An amount as FatturaPA writes it: plain digits, no exponent, bounded. Drafts skip the schema,
 * and `1e999999999` would otherwise become a billion-digit string.
 */
const PLAIN_AMOUNT = /^[+-]?\d{1,18}(?:\.\d{1,8})?$/;

function decimalOrZero(value: unknown): Decimal {
  if (typeof value !== 'string') return new Decimal(0);
  const amount = value.trim();
  return PLAIN_AMOUNT.test(amount) ? new Decimal(amount) : new Decimal(0);
}

/** The invoice date for the `date` column: PostgreSQL refuses 2026-02-30 with an error. */
function calendarDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return parseDate(value) ? value : null;
}

function ordinarySummary(invoice: FatturaElettronica, format: InvoiceFormat): InvoiceSummary {
  const header = invoice.fattura_elettronica_header;
  const seller = header?.cedente_prestatore?.dati_anagrafici as Party | undefined;
  const buyer = header?.cessionario_committente?.dati_anagrafici as Party | undefined;
  const body = invoice.fattura_elettronica_body?.[0];
  const document = body?.dati_generali?.dati_generali_documento;
  let total: Decimal | null = null;
  if (document?.importo_totale_documento) {
    total = decimalOrZero(document.importo_totale_documento);
  } else if (body?.dati_beni_servizi?.dati_riepilogo) {
    // Without ImportoTotaleDocumento (it is optional) the total is taxable plus VAT.
    total = body.dati_beni_servizi.dati_riepilogo.reduce(
      (sum, row) =>
        sum.plus(decimalOrZero(row.imponibile_importo)).plus(decimalOrZero(row.imposta)),
      new Decimal(0),
    );
  }
  return {
    senderName: nameOf(seller),
    senderFiscalId: fiscalIdOf(seller),
    senderVat: vatOf(seller),
    recipientName: nameOf(buyer),
    recipientFiscalId: fiscalIdOf(buyer),
    recipientVat: vatOf(buyer),
    recipientCode: header?.dati_trasmissione?.codice_destinatario ?? null,
    recipientPec: header?.dati_trasmissione?.pec_destinatario ?? null,
    invoiceDate: calendarDate(document?.data),
    invoiceNumber: document?.numero ?? null,
    invoiceTotal: total ? money(total) : null,
    documentType: document?.tipo_documento ?? null,
    stamp: document?.dati_bollo?.bollo_virtuale === 'SI',
    toPa: format === 'FPA12',
  };
}

function simplifiedSummary(invoice: FatturaElettronicaSemplificata): InvoiceSummary {
  const header = invoice.fattura_elettronica_header;
  const seller = header?.cedente_prestatore as Party | undefined;
  const buyerIds = header?.cessionario_committente?.identificativi_fiscali as Party | undefined;
  const buyerOther = header?.cessionario_committente?.altri_dati_identificativi as
    Party | undefined;
  const body = invoice.fattura_elettronica_body?.[0];
  const document = body?.dati_generali?.dati_generali_documento;
  // FSM10 Importo is VAT included, so the document total is the sum of the lines.
  const total = (body?.dati_beni_servizi ?? []).reduce(
    (sum, line) => sum.plus(decimalOrZero(line.importo)),
    new Decimal(0),
  );
  return {
    senderName: nameOf(seller),
    senderFiscalId: fiscalIdOf(seller),
    senderVat: vatOf(seller),
    recipientName: nameOf(buyerOther),
    recipientFiscalId: fiscalIdOf(buyerIds),
    recipientVat: vatOf(buyerIds),
    recipientCode: header?.dati_trasmissione?.codice_destinatario ?? null,
    recipientPec: header?.dati_trasmissione?.pec_destinatario ?? null,
    invoiceDate: calendarDate(document?.data),
    invoiceNumber: document?.numero ?? null,
    invoiceTotal: money(total),
    documentType: document?.tipo_documento ?? null,
    stamp: (document as { bollo_virtuale?: string } | undefined)?.bollo_virtuale === 'SI',
    toPa: false,
  };
}

/** Derived list fields of a parsed invoice (first body of a lot). */
export function summarizeInvoice(invoice: AnyInvoice, format: InvoiceFormat): InvoiceSummary {
  return format === 'FSM10'
    ? simplifiedSummary(invoice as FatturaElettronicaSemplificata)
    : ordinarySummary(invoice as FatturaElettronica, format);
}
