import { Navigate } from 'react-router';
import { useCan } from '../../../lib/roles';
import { InvoiceListPage } from './invoice-list-page';

/** `/supplier-invoice`; a customer-only account receives nothing and goes home (spec 6). */
export default function SupplierInvoicePage() {
  const access = useCan();
  if (access.can('it', 'ROLE_INVOICING_CUSTOMER_ONLY')) return <Navigate to="/" replace />;
  return <InvoiceListPage direction={1} />;
}
