/**
 * Where the registry screen sends the user for one company: its jobs (the jobs screen reads
 * `fiscal_id` from its address) and its rejected invoices still to fix (the customer invoice
 * list's filters: the company as sender, rejected to fix, any invoice date).
 */

export const jobsOfRegistry = (fiscalId: string) =>
  `/jobs?fiscal_id=${encodeURIComponent(fiscalId)}`;

export function rejectedInvoicesToFix(fiscalId: string): string {
  const query = new URLSearchParams({
    // Empty on purpose: recovered invoices may be older than the list's default month.
    'invoiceDate[after]': '',
    'invoiceDate[before]': '',
    'sender.fiscalId': fiscalId,
    rejectedToFix: '1',
  });
  return `/customer-invoice?${query.toString()}`;
}
