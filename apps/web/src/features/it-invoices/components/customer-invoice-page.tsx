import { Navigate } from 'react-router';
import { useCan } from '../../../lib/roles';
import { InvoiceListPage } from './invoice-list-page';

/** `/customer-invoice`; a supplier-only account has no sent invoices and goes home (spec 6). */
export default function CustomerInvoicePage() {
  const access = useCan();
  if (access.can('it', 'ROLE_INVOICING_SUPPLIER_ONLY')) return <Navigate to="/" replace />;
  return <InvoiceListPage direction={0} />;
}
