/**
 * How the console reaches one invoice (spec 7 "Polish invoices"): with the signed-in account's
 * token (`/invoices/{uuid}`…), or without login with the access code the public page activated
 * (`/invoices/{uuid}/code/{code}`…, spec 2 "Public invoice access"). Every path of the invoice
 * page and its downloads comes from here, so one view serves both pages.
 */
export type InvoiceAccess = { kind: 'account' } | { kind: 'code'; code: string };

export const ACCOUNT_ACCESS: InvoiceAccess = { kind: 'account' };

const segment = encodeURIComponent;

/** The invoice itself: JSON, HTML, XML or PDF by `Accept`. */
export function invoicePath(uuid: string, access: InvoiceAccess): string {
  const base = `/invoices/${segment(uuid)}`;
  return access.kind === 'code' ? `${base}/code/${segment(access.code)}` : base;
}

/** Its UPO (KSeF's official receipt), once KSeF confirmed it. */
export function upoPath(uuid: string, access: InvoiceAccess): string {
  return `${invoicePath(uuid, access)}/upo`;
}

/** One of its attachments. */
export function attachmentPath(
  invoiceUuid: string,
  attachmentUuid: string,
  access: InvoiceAccess,
): string {
  const base = `/invoices/${segment(invoiceUuid)}/attachments`;
  return access.kind === 'code'
    ? `${base}/download/${segment(attachmentUuid)}/${segment(access.code)}`
    : `${base}/${segment(attachmentUuid)}`;
}

/** The calls of a code are the public page's: they never carry the console's token. */
export function sendsToken(access: InvoiceAccess): boolean {
  return access.kind === 'account';
}

/** The languages KSeF's visualisation and PDF are written in (the API's `lang`). */
export type InvoiceLanguage = 'pl' | 'en';

/** The visualisation's language for a reader: Polish for Polish, English for anyone else. */
export function invoiceLanguageOf(language: string): InvoiceLanguage {
  return language.startsWith('pl') ? 'pl' : 'en';
}
