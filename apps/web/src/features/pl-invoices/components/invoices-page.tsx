/**
 * The Polish invoice lists (spec 2 "Invoice lists"; account spec 2.1, 2.4):
 * `/gov-pl/outgoing-invoices` and `/gov-pl/incoming-invoices`, one page chosen by the direction
 * its path names. The filter panel over a page of the table (filters, page and the open dialog
 * in the address), the legal entity picker in the table's toolbar, and a row's details dialog
 * (lazy) with its downloads and links.
 */
import type { PlDirection, PlInvoice } from '@fiscus/contracts';
import InfoIcon from '@mui/icons-material/Info';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { invoiceQueries } from '../api/invoice-queries';
import { defaultInvoiceFilters, invoicesTableKey, toInvoiceQuery } from '../model/invoice-filters';
import { directionOfPath, invoicePagePath } from '../model/invoice-paths';
import { browserTimeZone } from '../model/invoice-labels';
import { invoiceColumns, invoiceFilterInputs } from './invoice-columns';
import { LegalEntityFilter } from './legal-entity-filter';

/** `?dialogId=invoice&dialog_uuid=…` opens an invoice's details over the list. */
export const INVOICE_DIALOG_ID = 'invoice';

const InvoiceDetailsDialog = lazyPart(
  () => import('./invoice-details-dialog').then((module) => module.InvoiceDetailsDialog),
  ['plInvoices', 'plInvoiceView'],
);

const invoiceId = (invoice: PlInvoice) => invoice.uuid;

function InvoicesList({ direction }: { direction: PlDirection }) {
  // Computed once per visit: the default window must not move while the user works.
  const [defaultFilters] = useState(() => defaultInvoiceFilters(dayjs()));
  const list = useListState(invoicesTableKey(direction), { defaultFilters });
  const query = useMemo(
    () => toInvoiceQuery(list.queryParams, direction),
    [list.queryParams, direction],
  );
  usePrefetchQuery(invoiceQueries.list(query));
  const { t } = useTranslation(['plInvoices', 'plInvoiceView', 'listKit']);
  const language = currentLanguage();
  const navigate = useNavigate();
  const invoices = useQuery({ ...invoiceQueries.list(query), placeholderData: keepPreviousData });
  const details = useUrlDialog(INVOICE_DIALOG_ID, ['uuid']);

  return (
    <ResourceListPage
      title={t(`titles.${direction}`)}
      subtitle={t('subtitle', { zone: browserTimeZone() })}
      list={list}
      filters={invoiceFilterInputs(t)}
      query={invoices}
      columns={invoiceColumns({
        t,
        language,
        detailsHref: (uuid) => details.href({ uuid }),
        onShowDetails: (uuid) => details.open({ uuid }),
      })}
      getRowId={invoiceId}
      prefetch={[InvoiceDetailsDialog]}
      toolbar={
        <LegalEntityFilter
          value={list.filters.legalEntityUuid}
          onChange={(legalEntityUuid) => list.setFilters({ ...list.filters, legalEntityUuid })}
          label={t('fields.legalEntity')}
          noOptionsText={t('legalEntityFilter.none')}
          loadingText={t('legalEntityFilter.loading')}
        />
      }
      rowActions={(invoice) => [
        {
          id: 'details',
          label: t('actions.details'),
          icon: InfoIcon,
          onClick: () => details.open({ uuid: invoice.uuid }),
        },
        {
          id: 'page',
          label: t('actions.openPage'),
          icon: OpenInNewIcon,
          onClick: () => void navigate(invoicePagePath(invoice.uuid)),
        },
      ]}
    >
      {details.data && <InvoiceDetailsDialog uuid={details.data.uuid} onClose={details.close} />}
    </ResourceListPage>
  );
}

export default function PlInvoicesPage() {
  const { pathname } = useLocation();
  const direction = directionOfPath(pathname);
  if (!direction) return null;
  // One list state per direction: the other list's filters never carry over.
  return <InvoicesList key={direction} direction={direction} />;
}
