/**
 * The transfer service's notices (what became of a file) in the user's language: the service
 * writes them in English; a notice the console does not know shows as sent.
 */
/** The notice of a single file's transfer until the service has read it. */
export const QUEUED_NOTICE = 'Queued: the file is being read.';

const noticeKeys: Record<string, string> = {
  [QUEUED_NOTICE]: 'queued',
  'Sent to SDI as a customer invoice.': 'sent',
  'Not sent: the invoice has violations.': 'violations',
  'Not sent: the file is not an invoice.': 'notInvoice',
  'Not sent: the uploader may not send invoices.': 'forbidden',
  'Not sent: refused by the invoice checks.': 'refused',
};

/** The i18n key (under `notices`) of a known notice, or undefined. */
export function noticeKey(notice: string): string | undefined {
  return noticeKeys[notice];
}
