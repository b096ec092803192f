/**
 * `/invoice-transfers` (spec 2 "Invoice transfers screen"): the files uploaded into the
 * account's transfer tree and what became of each invoice in them. Filters (created range, the
 * last 30 days by default; original file name; with or without violations), the table with its
 * configurable columns, per row the details and the 'Invoice XML' download, the violations and
 * details dialogs through the URL, the Upload button for the roles of spec 6 with the progress
 * of this visit's uploads, and 'Download CSV' under the table (1,000 transfers a page).
 */
import type { InvoiceTransfer, TransferUploaded } from '@fiscus/contracts';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DownloadIcon from '@mui/icons-material/Download';
import InfoIcon from '@mui/icons-material/Info';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import type { FilterInput } from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { LOCATION_NAMESPACES } from '../../../lib/invoice-location';
import { lazyPart } from '../../../lib/lazy-part';
import { useCan } from '../../../lib/roles';
import { downloadTransfersCsv, downloadTransferXml } from '../api/transfer-files';
import { transferQueries } from '../api/transfer-queries';
import { canUploadTransfers } from '../model/transfer-access';
import {
  TRANSFER_DIALOG_ID,
  UPLOAD_DIALOG_ID,
  VIOLATIONS_DIALOG_ID,
} from '../model/transfer-dialog-ids';
import { defaultTransferFilters, toTransferListQuery } from '../model/transfer-filters';
import { transfersPollInterval } from '../model/upload-progress';
import { CsvDownloadButton } from './csv-download-button';
import { transferColumns } from './transfer-columns';
import { UploadProgressPanel } from './upload-progress-panel';

/** The details, violations and upload dialogs load when opened, or ahead once the rows show. */
const TransferDetailsDialog = lazyPart(
  () => import('./transfer-details-dialog').then((module) => module.TransferDetailsDialog),
  ['invoiceTransfers', 'invoices', ...LOCATION_NAMESPACES],
);
const ViolationsDialog = lazyPart(
  () => import('./violations-dialog').then((module) => module.ViolationsDialog),
  ['invoiceTransfers', ...LOCATION_NAMESPACES],
);
const UploadTransferDialog = lazyPart(
  () => import('./upload-transfer-dialog').then((module) => module.UploadTransferDialog),
  ['invoiceTransfers'],
);
const READER_PARTS = [TransferDetailsDialog, ViolationsDialog];
const UPLOADER_PARTS = [...READER_PARTS, UploadTransferDialog];

/** Key of this table's column choices and kept filters in localStorage. */
export const TRANSFERS_TABLE_KEY = 'it-invoice-transfers';

const transferId = (transfer: InvoiceTransfer) => transfer.uuid;

export default function InvoiceTransfersPage() {
  // Computed once per visit: the default window must not move while the user works.
  const [defaultFilters] = useState(() => defaultTransferFilters(dayjs()));
  const list = useListState(TRANSFERS_TABLE_KEY, { defaultFilters });
  const query = useMemo(
    () =>
      toTransferListQuery({
        filters: list.filters,
        page: list.page,
        itemsPerPage: list.itemsPerPage,
        order: list.order,
      }),
    [list.filters, list.page, list.itemsPerPage, list.order],
  );
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(transferQueries.list(query));
  const { t } = useTranslation(['invoiceTransfers', 'invoices', 'listKit']);
  const language = currentLanguage();
  const access = useCan();
  const { enqueueSnackbar } = useSnackbar();
  const transfers = useQuery({
    ...transferQueries.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => transfersPollInterval(current.state.data?.items),
  });
  const details = useUrlDialog(TRANSFER_DIALOG_ID, ['uuid']);
  const violations = useUrlDialog(VIOLATIONS_DIALOG_ID, ['uuid']);
  const uploadDialog = useUrlDialog(UPLOAD_DIALOG_ID, []);
  const [uploads, setUploads] = useState<TransferUploaded[]>([]);
  const mayUpload = canUploadTransfers(access);

  const failed = () => enqueueSnackbar(t('messages.downloadError'), { variant: 'error' });
  const downloadXml = (transfer: InvoiceTransfer) => {
    downloadTransferXml(transfer.uuid).catch(failed);
  };
  const downloadCsv = async (page: number) => {
    try {
      await downloadTransfersCsv(query, page);
    } catch {
      failed();
    }
  };

  const filters: FilterInput[] = [
    {
      kind: 'dateRange',
      label: t('fields.created_at'),
      fromName: 'created_at[after]',
      toName: 'created_at[before]',
    },
    { kind: 'text', name: 'original_file_name', label: t('fields.original_file_name') },
    {
      kind: 'select',
      name: 'exists[violations]',
      label: t('filters.status'),
      options: [
        { value: 'false', label: t('filters.withoutViolations') },
        { value: 'true', label: t('filters.withViolations') },
      ],
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      headerActions={
        mayUpload && (
          <Button
            variant="contained"
            startIcon={<CloudUploadIcon />}
            onClick={() => uploadDialog.open({})}
          >
            {t('actions.upload')}
          </Button>
        )
      }
      toolbar={
        uploads.length > 0 && (
          <Box sx={{ flex: '10 1 auto', minWidth: 0 }}>
            <UploadProgressPanel
              uploads={uploads}
              onDismiss={(uuid) =>
                setUploads((current) => current.filter((upload) => upload.uuid !== uuid))
              }
            />
          </Box>
        )
      }
      list={list}
      filters={filters}
      query={transfers}
      columns={transferColumns({
        t,
        language,
        onShowViolations: (transfer) => violations.open({ uuid: transfer.uuid }),
      })}
      getRowId={transferId}
      prefetch={mayUpload ? UPLOADER_PARTS : READER_PARTS}
      rowActions={(row) => [
        {
          id: 'details',
          label: t('actions.details'),
          icon: InfoIcon,
          onClick: () => details.open({ uuid: row.uuid }),
        },
        {
          id: 'xml',
          label: t('actions.downloadXml'),
          icon: DownloadIcon,
          onClick: () => downloadXml(row),
        },
      ]}
    >
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <CsvDownloadButton total={transfers.data?.total ?? 0} onDownload={downloadCsv} />
      </Stack>
      {details.data && (
        <TransferDetailsDialog
          uuid={details.data.uuid}
          onClose={details.close}
          onDownloadXml={downloadXml}
        />
      )}
      {violations.data && (
        <ViolationsDialog uuid={violations.data.uuid} onClose={violations.close} />
      )}
      {mayUpload && uploadDialog.data && (
        <UploadTransferDialog
          onClose={uploadDialog.close}
          onUploaded={(upload) => setUploads((current) => [upload, ...current])}
        />
      )}
    </ResourceListPage>
  );
}
