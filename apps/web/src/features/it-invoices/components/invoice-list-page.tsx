import type { Invoice } from '@fiscus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import type { Preloadable } from '../../../lib/lazy-part';
import { useCan } from '../../../lib/roles';
import { invoiceQueries } from '../api/invoice-queries';
import { pollWhileUnsettled } from '../model/invoice-rules';
import {
  defaultInvoiceFilters,
  INVOICE_TABLE_KEYS,
  toInvoiceListQuery,
} from '../model/invoice-filters';
import type { InvoiceDirection } from '../model/invoice-filters';
import { invoiceColumns } from './invoice-columns';
import { INVOICE_DIALOG_ID } from './invoice-dialog-link';
import { InvoiceDetailsDialog } from './lazy-invoice-details-dialog';
import { InvoiceDownloads } from './invoice-downloads';
import { invoiceFilterInputs } from './invoice-filter-inputs';

export { INVOICE_TABLE_KEYS };

export interface InvoiceListPageProps {
  direction: InvoiceDirection;
  /**
   * The 'new invoice' button (its dialog belongs to the invoice-form feature; `app/` composes
   * it in). Hidden for a stripe account without ROLE_CREATE_INVOICE in stripe.
   */
  newInvoiceAction?: ReactNode;
  /** The 'import invoice' button, composed in by `app/` like `newInvoiceAction`. */
  importAction?: ReactNode;
  /**
   * The credit-note button of the details dialog (its dialog belongs to another feature).
   * Shown on the info tab of sent invoices that are not credit notes themselves (spec 4).
   */
  creditNoteAction?: (invoice: Invoice) => ReactNode;
  /**
   * Opens the payment request of a customer invoice (its dialog belongs to the open-banking
   * feature): offered on the info tab to a user of open banking while the invoice is owed.
   */
  onRequestPayment?: (invoice: Invoice) => void;
  /** The composed dialogs' loaders, prefetched once the rows show (with the details dialog). */
  prefetch?: readonly Preloadable[];
  /**
   * A dialog opened from the details dialog (the credit note) is open: the details dialog steps
   * aside until it closes. Both live in the address, and two modals opened from it on a reload
   * would stack in whichever order their code arrived.
   */
  detailsHidden?: boolean;
}

/**
 * Spec 2 and 6: the create and import buttons of sent invoices are hidden for stripe accounts
 * lacking ROLE_CREATE_INVOICE; importing received invoices is not part of that rule.
 */
export function canCreateInvoices(
  access: {
    isStripeAccount: boolean;
    can: (context: 'stripe', role: string) => boolean;
  },
  direction: InvoiceDirection,
): boolean {
  if (direction === 1) return true;
  return !access.isStripeAccount || access.can('stripe', 'ROLE_CREATE_INVOICE');
}

/** `/customer-invoice` and `/supplier-invoice` (spec 2): filters, table, downloads, details. */
export function InvoiceListPage({
  direction,
  newInvoiceAction,
  importAction,
  creditNoteAction,
  onRequestPayment,
  prefetch = [],
  detailsHidden = false,
}: InvoiceListPageProps) {
  const { t } = useTranslation(['invoices', 'listKit']);
  const language = currentLanguage();
  const access = useCan();
  // Computed once per visit: the default window must not move while the user works.
  const [defaultFilters] = useState(() => defaultInvoiceFilters(dayjs()));
  // A uuid filter looks up one invoice for this visit; the next visit opens as before (spec 5).
  const list = useListState(INVOICE_TABLE_KEYS[direction], { defaultFilters, notKept: ['uuid'] });
  const query = useMemo(
    () =>
      toInvoiceListQuery({
        direction,
        filters: list.filters,
        page: list.page,
        itemsPerPage: list.itemsPerPage,
        order: list.order,
      }),
    [direction, list.filters, list.page, list.itemsPerPage, list.order],
  );
  const invoices = useQuery({
    ...invoiceQueries.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => pollWhileUnsettled(current.state.data?.items),
  });
  const details = useUrlDialog(INVOICE_DIALOG_ID, ['uuid']);
  // Same dialog, also owning the tab key: its close() removes dialog_tab with the rest, so a
  // dialog opened from a link leaves no stale tab behind for the next one.
  const dialogWithTab = useUrlDialog(INVOICE_DIALOG_ID, ['uuid', 'tab']);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const showCreate = canCreateInvoices(access, direction);

  const downloads = (
    <InvoiceDownloads
      direction={direction}
      query={query}
      selectedIds={selectedIds}
      onSelectionDone={() => setSelectedIds([])}
    />
  );

  return (
    <ResourceListPage
      title={t(direction === 0 ? 'title.customer' : 'title.supplier')}
      headerActions={
        showCreate && (
          <>
            {newInvoiceAction}
            {importAction}
          </>
        )
      }
      list={list}
      filters={invoiceFilterInputs(direction, t)}
      query={invoices}
      columns={invoiceColumns({
        t,
        language,
        direction,
        detailsHref: (uuid) => details.href({ uuid }),
        onShowDetails: (uuid) => details.open({ uuid }),
      })}
      getRowId={(invoice) => invoice.uuid}
      selection={{ selectedIds, onChange: setSelectedIds, bulkActions: () => downloads }}
      toolbar={downloads}
      prefetch={[InvoiceDetailsDialog, ...prefetch]}
    >
      {details.data && !detailsHidden && (
        <InvoiceDetailsDialog
          uuid={details.data.uuid}
          onClose={dialogWithTab.close}
          creditNoteAction={creditNoteAction}
          onRequestPayment={onRequestPayment}
        />
      )}
    </ResourceListPage>
  );
}
