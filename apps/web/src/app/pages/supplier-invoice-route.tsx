import { useQueryClient } from '@tanstack/react-query';
import { SupplierInvoiceImportButton } from '../../features/it-invoice-imports';
import { invoiceQueries, InvoiceListPage } from '../../features/it-invoices';

/**
 * `/supplier-invoice`: the received invoices with the supplier import dialog composed in. Its
 * route's guard (`composed-screens.ts`) sends customer-only accounts home (spec 6).
 */
export default function SupplierInvoiceRoute() {
  const queryClient = useQueryClient();

  const refreshList = () =>
    void queryClient.invalidateQueries({ queryKey: invoiceQueries.lists() });
  return (
    <InvoiceListPage
      direction={1}
      importAction={<SupplierInvoiceImportButton onImported={refreshList} />}
      prefetch={[SupplierInvoiceImportButton]}
    />
  );
}
