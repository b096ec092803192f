import { DraftsPage } from '../../features/it-drafts';
import { InvoiceDetailsDialog, invoiceDialogHref } from '../../features/it-invoices';

/**
 * `/invoice-drafts`: the drafts with the invoice dialog's draft variant as their details,
 * composed in here. Its route's guard (`composed-screens.ts`) applies spec 6's role rules.
 */
export default function InvoiceDraftsRoute() {
  return (
    <DraftsPage
      invoiceHref={(uuid) => invoiceDialogHref(uuid)}
      renderDetails={({ uuid, onClose }) => (
        <InvoiceDetailsDialog variant="draft" uuid={uuid} onClose={onClose} />
      )}
    />
  );
}
