import { randomInt } from 'node:crypto';
import type { AnyInvoice, Finding, InvoiceFormat } from '@fiscus/fatturapa';
import { NO_CHANNEL_CODE } from './registries/index.ts';
import type { DuplicateKey, SdiFile } from './sdi-gateway.ts';

/** SDI's identifier of a received file: 9 digits. */
export function newSdiFileId(): string {
  return String(randomInt(100_000_000, 999_999_999));
}

/** SDI file name: IT + the transmitter's code + '_' + a 5-character progressive. */
export function sdiFileName(file: SdiFile): string {
  const payload = file.payload as {
    fattura_elettronica_header?: {
      dati_trasmissione?: { id_trasmittente?: { id_paese?: string; id_codice?: string } };
    };
  };
  const id = payload.fattura_elettronica_header?.dati_trasmissione?.id_trasmittente;
  const prefix =
    id?.id_paese && id.id_codice
      ? `${id.id_paese}${id.id_codice}`
      : (file.senderVat ?? 'IT00000000000');
  const progressive = randomInt(0, 36 ** 5)
    .toString(36)
    .toUpperCase()
    .padStart(5, '0');
  return `${prefix}_${progressive}.xml`.slice(0, 50);
}

/** IdentificativoSdi and NomeFile of every message about the file. */
export function messageBase(file: SdiFile) {
  return {
    identificativoSdi: file.sdiFileId ?? '0',
    nomeFile: file.sdiFileName ?? 'IT00000000000_00000.xml',
  };
}

/** RiferimentoFattura, when the invoice's number fits SDI's pattern. */
export function invoiceReference(file: SdiFile) {
  return file.invoiceNumber && file.invoiceDate && /^[\x20-\x7E]{1,20}$/.test(file.invoiceNumber)
    ? { numeroFattura: file.invoiceNumber, annoFattura: file.invoiceDate.slice(0, 4) }
    : undefined;
}

/** Destinatario as the file names it. */
export function namedRecipient(file: SdiFile) {
  return {
    codice: /^[A-Z0-9]{6,7}$/.test(file.recipientCode ?? '')
      ? (file.recipientCode ?? '')
      : NO_CHANNEL_CODE,
    descrizione: file.recipientName ?? 'Destinatario',
  };
}

/** NS's ListaErrori from the findings of SDI's checks. */
export function errorsOf(findings: Finding[]) {
  const seen = new Set<string>();
  const errors: { codice: string; descrizione: string }[] = [];
  for (const finding of findings) {
    // NS lists SDI's 5-digit codes; our own codes (xml-malformed, …) are reported as 00200.
    const codice = /^\d{5}$/.test(finding.code) ? finding.code : '00200';
    const descrizione = finding.messageIt ?? finding.message;
    const key = `${codice}|${descrizione}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ codice, descrizione });
  }
  return errors.length > 0
    ? errors
    : [{ codice: '00200', descrizione: 'File non conforme al formato' }];
}

/** The duplicate keys (00404) of every body of the invoice. */
export function invoiceKeys(invoice: AnyInvoice, format: InvoiceFormat): DuplicateKey[] {
  const header = invoice.fattura_elettronica_header as {
    cedente_prestatore?: {
      dati_anagrafici?: { id_fiscale_iva?: { id_paese: string; id_codice: string } };
      id_fiscale_iva?: { id_paese: string; id_codice: string };
    };
  };
  const seller =
    format === 'FSM10'
      ? header.cedente_prestatore?.id_fiscale_iva
      : header.cedente_prestatore?.dati_anagrafici?.id_fiscale_iva;
  if (!seller) return [];
  const bodies = invoice.fattura_elettronica_body as {
    dati_generali?: {
      dati_generali_documento?: { tipo_documento?: string; data?: string; numero?: string };
    };
  }[];
  return bodies.flatMap((body) => {
    const document = body.dati_generali?.dati_generali_documento;
    if (!document?.tipo_documento || !document.data || !document.numero) return [];
    return [
      {
        senderVat: `${seller.id_paese}${seller.id_codice}`,
        documentType: document.tipo_documento,
        date: document.data,
        number: document.numero,
      },
    ];
  });
}
