/**
 * The two invoice pages of spec 2 as one lazy module: the signed-in page
 * (`/gov-pl/invoices/{invoiceUuid}`) and the public one (`/gov-pl/public-invoices/{invoiceUuid}`)
 * show the same view and differ in how they reach the invoice, so one chunk serves both and the
 * console's entry carries one preload list for them instead of two.
 */
import { useMatch } from 'react-router';
import { PUBLIC_INVOICE_PATH } from '../model/invoice-paths';
import InvoicePage from './invoice-page';
import PublicInvoicePage from './public-invoice-page';

export default function InvoicePages() {
  return useMatch(PUBLIC_INVOICE_PATH) ? <PublicInvoicePage /> : <InvoicePage />;
}
