/**
 * The invoice details dialog as the lists mount it: its code (tabs, source views, downloads)
 * loads when it opens, or ahead once the list is idle (`InvoiceDetailsDialog.preload()`).
 */
import { lazyPart } from '../../../lib/lazy-part';

export const InvoiceDetailsDialog = lazyPart(
  () => import('./invoice-details-dialog').then((module) => module.InvoiceDetailsDialog),
  ['invoices', 'listKit'],
);
