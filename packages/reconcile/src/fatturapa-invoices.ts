/**
 * FatturaPA invoices (the model of @fiscus/fatturapa) as the matcher's open invoices: one per
 * body (a lotto gives several). Types only from @fiscus/fatturapa: browser-safe.
 */
import type {
  DettaglioPagamento,
  FatturaElettronica,
  FatturaElettronicaBody,
} from '@fiscus/fatturapa';
import { centsText, toCents } from './money.ts';
import type { OpenInvoice } from './model.ts';

function buyerNameOf(invoice: FatturaElettronica): string {
  const anagrafica =
    invoice.fattura_elettronica_header.cessionario_committente.dati_anagrafici.anagrafica;
  return (
    anagrafica.denominazione ?? [anagrafica.nome, anagrafica.cognome].filter(Boolean).join(' ')
  ).trim();
}

function buyerIdsOf(invoice: FatturaElettronica): string[] {
  const data = invoice.fattura_elettronica_header.cessionario_committente.dati_anagrafici;
  const ids: string[] = [];
  if (data.id_fiscale_iva)
    ids.push(`${data.id_fiscale_iva.id_paese}${data.id_fiscale_iva.id_codice}`);
  if (data.codice_fiscale) ids.push(data.codice_fiscale);
  return ids;
}

/**
 * What the body asks to be paid: the `ImportoPagamento` of its payment details summed, else
 * `ImportoTotaleDocumento`; undefined when neither is a decimal amount.
 */
function amountToPay(
  body: FatturaElettronicaBody,
  details: readonly DettaglioPagamento[],
): bigint | undefined {
  if (details.length > 0) {
    let sum = 0n;
    for (const detail of details) {
      const cents = toCents(detail.importo_pagamento);
      if (cents === undefined) return undefined;
      sum += cents;
    }
    if (sum > 0n) return sum;
  }
  const total = body.dati_generali.dati_generali_documento.importo_totale_documento;
  const cents = total === undefined ? undefined : toCents(total);
  return cents === undefined ? undefined : cents < 0n ? -cents : cents;
}

/** A body that cannot be matched (no amount to pay), with why. */
export interface SkippedBody {
  index: number;
  number: string;
  reason: string;
}

/**
 * The open invoices of a FatturaPA document, one per body: number, date, first due date,
 * amount to pay, currency, buyer, IBAN and payment codes of its payment details; TD04 is a
 * credit note. `id` of each is `${idPrefix}#${body index}` (or `idPrefix` alone for one body).
 */
export function openInvoicesOf(
  invoice: FatturaElettronica,
  idPrefix: string,
): { invoices: OpenInvoice[]; skipped: SkippedBody[] } {
  const invoices: OpenInvoice[] = [];
  const skipped: SkippedBody[] = [];
  const bodies = invoice.fattura_elettronica_body;
  bodies.forEach((body, index) => {
    const document = body.dati_generali.dati_generali_documento;
    const details = (body.dati_pagamento ?? []).flatMap((payment) => payment.dettaglio_pagamento);
    const amount = amountToPay(body, details);
    if (amount === undefined || amount === 0n) {
      skipped.push({ index, number: document.numero, reason: 'no amount to pay' });
      return;
    }
    const dueDates = details
      .map((detail) => detail.data_scadenza_pagamento)
      .filter((date): date is string => Boolean(date))
      .sort();
    const ibans = details
      .map((detail) => detail.iban)
      .filter((iban): iban is string => Boolean(iban));
    const codes = details
      .map((detail) => detail.codice_pagamento)
      .filter((code): code is string => Boolean(code));
    const open: OpenInvoice = {
      id: bodies.length === 1 ? idPrefix : `${idPrefix}#${index + 1}`,
      number: document.numero,
      date: document.data,
      amount: centsText(amount),
      currency: document.divisa,
      buyerName: buyerNameOf(invoice),
      buyerFiscalIds: buyerIdsOf(invoice),
      kind: document.tipo_documento === 'TD04' ? 'credit-note' : 'invoice',
    };
    if (dueDates[0]) open.dueDate = dueDates[0];
    if (ibans[0]) open.iban = ibans[0];
    if (codes.length > 0) open.paymentCodes = codes;
    invoices.push(open);
  });
  return { invoices, skipped };
}
