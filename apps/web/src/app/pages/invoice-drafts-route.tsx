import { Navigate } from 'react-router';
import { DraftsPage } from '../../features/it-drafts';
import { InvoiceDetailsDialog, invoiceDialogHref } from '../../features/it-invoices';
import { useCan } from '../../lib/roles';

/**
 * `/invoice-drafts` (spec 6): supplier-only accounts go home; without ROLE_INVOICING or
 * ROLE_INVOICING_DRAFT the user goes to the sent invoices. The draft details are the invoice
 * dialog's draft variant, composed in here.
 */
export default function InvoiceDraftsRoute() {
  const access = useCan();
  if (access.can('it', 'ROLE_INVOICING_SUPPLIER_ONLY')) return <Navigate to="/" replace />;
  if (!access.can('it', 'ROLE_INVOICING') && !access.can('it', 'ROLE_INVOICING_DRAFT')) {
    return <Navigate to="/customer-invoice" replace />;
  }
  return (
    <DraftsPage
      invoiceHref={(uuid) => invoiceDialogHref(uuid)}
      renderDetails={({ uuid, onClose }) => (
        <InvoiceDetailsDialog variant="draft" uuid={uuid} onClose={onClose} />
      )}
    />
  );
}
