/**
 * `/preservation-documents` (account spec 2.12, 3 "Preserved document", 7): the documents sent to
 * legal storage (conservazione), one document type at a time. The type is chosen first; until it
 * is, the status and date filters are disabled and the page says there is nothing to show. Each
 * row downloads its original, and its deposit receipt (PDF or XML) once it is stored; the details
 * show its status history.
 */
import { preservationStatuses, preservedDocumentTypes } from '@fiscus/contracts';
import type { PreservationStatus, PreservedDocument } from '@fiscus/contracts';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DetailsDialog,
  DetailsList,
  formatListTimestamp,
  useListState,
  WrappingTimestamp,
} from '../../../components/list-kit';
import type { DataTableColumn, FilterInput, FilterValues } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { downloadPreserved, preservedDocumentQueries } from '../api/preserved-document-queries';
import {
  documentTypeOf,
  emptyPreservationFilters,
  toPreservationQuery,
  weightKb,
} from '../model/preservation-filters';

/** Key of this table's column choices and kept filters in localStorage. */
export const PRESERVATION_TABLE_KEY = 'preservation-documents';

/** Spec 3: sent and sent_metadata warning, stored success, the others primary. */
const colours: Record<PreservationStatus, 'warning' | 'success' | 'primary'> = {
  to_be_stored: 'primary',
  sent: 'warning',
  sent_metadata: 'warning',
  stored: 'success',
};

function StatusChip({ status, t }: { status: PreservationStatus; t: TFunction }) {
  return <Chip size="small" color={colours[status]} label={t(`statuses.${status}`)} />;
}

function filterInputs(t: TFunction): FilterInput[] {
  const noType = (values: FilterValues) => documentTypeOf(values) === null;
  return [
    {
      kind: 'select',
      name: 'document_type',
      label: t('fields.document_type'),
      options: preservedDocumentTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
    },
    {
      kind: 'select',
      name: 'status',
      label: t('fields.status'),
      disabled: noType,
      options: preservationStatuses.map((status) => ({
        value: status,
        label: t(`statuses.${status}`),
      })),
    },
    {
      kind: 'dateRange',
      label: t('fields.created_at'),
      fromName: 'created_at[after]',
      toName: 'created_at[before]',
      disabled: noType,
    },
  ];
}

function HistoryDialog({
  document,
  onClose,
}: {
  document: PreservedDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation('preservation');
  const language = currentLanguage();
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={document.original_filename}
      isLoading={false}
      isError={false}
    >
      <DetailsList
        items={[
          { label: t('fields.status'), value: <StatusChip status={document.status} t={t} /> },
          { label: t('fields.preserved_object_id'), value: document.preserved_object_id ?? '' },
          ...document.status_history.map((step) => ({
            label: t(`statuses.${step.status}`),
            value: formatListTimestamp(step.date, language),
          })),
          ...(document.verified_at
            ? [
                {
                  label: t('fields.verified_at'),
                  value: `${formatListTimestamp(document.verified_at, language)} · ${
                    document.verification_failure ?? t('messages.fingerprintMatches')
                  }`,
                },
              ]
            : []),
          ...(document.error_message
            ? [{ label: t('fields.error_message'), value: document.error_message }]
            : []),
          ...(document.message ? [{ label: t('fields.message'), value: document.message }] : []),
        ]}
      />
    </DetailsDialog>
  );
}

const documentId = (document: PreservedDocument) => document.uuid;

export default function PreservedDocumentsPage() {
  const list = useListState(PRESERVATION_TABLE_KEY, { defaultFilters: emptyPreservationFilters });
  const type = documentTypeOf(list.queryParams);
  const query = useMemo(() => toPreservationQuery(list.queryParams), [list.queryParams]);
  usePrefetchQuery(preservedDocumentQueries.list(type, query));
  const { t } = useTranslation(['preservation', 'listKit']);
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const documents = useQuery({
    ...preservedDocumentQueries.list(type, query),
    placeholderData: keepPreviousData,
  });
  const history = useRowDialog('history', documents.data?.items, documentId);
  const download = (document: PreservedDocument, what: Parameters<typeof downloadPreserved>[1]) =>
    void downloadPreserved(document, what).catch(() =>
      enqueueSnackbar(t('messages.downloadError'), { variant: 'error' }),
    );

  const columns: DataTableColumn<PreservedDocument>[] = [
    {
      id: 'original_filename',
      label: t('fields.original_filename'),
      breakAnywhere: true,
      render: (d) => d.original_filename,
    },
    {
      id: 'status',
      label: t('fields.status'),
      render: (d) => <StatusChip status={d.status} t={t} />,
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (d) => <WrappingTimestamp value={d.created_at} language={language} />,
    },
    {
      id: 'receipt_received_at',
      label: t('fields.receipt_received_at'),
      render: (d) =>
        d.receipt_received_at ? (
          <WrappingTimestamp value={d.receipt_received_at} language={language} />
        ) : (
          ''
        ),
    },
    {
      id: 'weight',
      label: t('fields.weight'),
      align: 'right',
      render: (d) => weightKb(d.weight, language),
    },
    {
      id: 'preserved_object_id',
      label: t('fields.preserved_object_id'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (d) => d.preserved_object_id ?? '',
    },
    {
      id: 'uuid',
      label: t('fields.uuid'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (d) => d.uuid,
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      filters={filterInputs(t)}
      // The type comes first: the panel is open until one is chosen (then it opens as filtered).
      filtersExpanded
      query={documents}
      columns={columns}
      getRowId={documentId}
      toolbar={
        type === null ? <Alert severity="info">{t('messages.chooseType')}</Alert> : undefined
      }
      rowActions={(document) => [
        {
          id: 'history',
          label: t('actions.history'),
          icon: HistoryIcon,
          onClick: () => history.open(document),
        },
        {
          id: 'original',
          label: t('actions.original'),
          icon: DescriptionIcon,
          onClick: () => download(document, 'original'),
        },
        {
          id: 'receipt',
          label: t('actions.receiptPdf'),
          icon: PictureAsPdfIcon,
          hidden: document.status !== 'stored',
          onClick: () => download(document, 'receipt-pdf'),
        },
        {
          id: 'receipt-xml',
          label: t('actions.receiptXml'),
          icon: ReceiptIcon,
          hidden: document.status !== 'stored',
          onClick: () => download(document, 'receipt-xml'),
        },
      ]}
    >
      {history.row && <HistoryDialog document={history.row} onClose={history.close} />}
    </ResourceListPage>
  );
}
