import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { SupplierInvoiceImportButton } from '../../features/it-invoice-imports';
import { invoiceQueries, InvoiceListPage } from '../../features/it-invoices';
import { useCan } from '../../lib/roles';

/**
 * `/supplier-invoice`: the received invoices with the supplier import dialog composed in. A
 * customer-only account receives nothing and goes home (spec 6).
 */
export default function SupplierInvoiceRoute() {
  const access = useCan();
  const queryClient = useQueryClient();
  if (access.can('it', 'ROLE_INVOICING_CUSTOMER_ONLY')) return <Navigate to="/" replace />;

  const refreshList = () =>
    void queryClient.invalidateQueries({ queryKey: invoiceQueries.lists() });
  return (
    <InvoiceListPage
      direction={1}
      importAction={<SupplierInvoiceImportButton onImported={refreshList} />}
    />
  );
}
