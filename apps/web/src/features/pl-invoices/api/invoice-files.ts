/**
 * The files of a Polish invoice (spec 2 "Invoice page", 7, 9): its XML as KSeF holds it (the
 * bytes as served, never decoded and encoded again: the FA XML's hash is its KSeF identity), the
 * PDF, the UPO and each attachment, through the account or an access code.
 */
import type { PlInvoice } from '@fiscus/contracts';
import { apiFetch, type QueryParams } from '../../../lib/api-client';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';
import {
  attachmentPath,
  invoicePath,
  sendsToken,
  upoPath,
  type InvoiceAccess,
  type InvoiceLanguage,
} from '../model/invoice-access';
import { safeFileName } from '../model/invoice-labels';

async function download(
  path: string,
  access: InvoiceAccess,
  accept: string,
  fallbackName: string,
  query?: QueryParams,
): Promise<void> {
  const response = await apiFetch<Response>('pl', path, {
    auth: sendsToken(access),
    headers: { Accept: accept },
    query,
    as: 'response',
  });
  // The blob holds the body's bytes untouched (no text decoding on the way).
  saveBlob(await response.blob(), safeFileName(attachmentFileName(response, fallbackName)));
}

export type InvoiceFileFormat = 'xml' | 'pdf';

const ACCEPT: Record<InvoiceFileFormat, string> = {
  xml: 'application/xml',
  pdf: 'application/pdf',
};

type InvoiceName = Pick<PlInvoice, 'uuid' | 'invoiceNumber'>;

/**
 * The invoice's XML or PDF (the PDF in `lang`), named as the API names it, else after its
 * number.
 */
export function downloadInvoiceFile(
  invoice: InvoiceName,
  access: InvoiceAccess,
  format: InvoiceFileFormat,
  lang: InvoiceLanguage,
): Promise<void> {
  return download(
    invoicePath(invoice.uuid, access),
    access,
    ACCEPT[format],
    `${invoice.invoiceNumber}.${format}`,
    format === 'pdf' ? { lang } : undefined,
  );
}

/** KSeF's UPO of the invoice (an XML receipt). */
export function downloadUpo(invoice: InvoiceName, access: InvoiceAccess): Promise<void> {
  return download(
    upoPath(invoice.uuid, access),
    access,
    'application/xml',
    `UPO_${invoice.invoiceNumber}.xml`,
  );
}

/** One attachment, under its own file name (spec 9: attachments are text). */
export function downloadAttachment(
  invoiceUuid: string,
  attachment: { uuid: string; filename: string },
  access: InvoiceAccess,
): Promise<void> {
  return download(
    attachmentPath(invoiceUuid, attachment.uuid, access),
    access,
    '*/*',
    attachment.filename,
  );
}
