import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import InfoIcon from '@mui/icons-material/Info';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDialog,
  DataTable,
  FilterPanel,
  formatListDate,
  formatListTimestamp,
  useDetailsDialog,
  useListState,
  type DataTableColumn,
} from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { readString, writeString } from '../../../lib/storage';
import { draftQueries } from '../api/draft-queries';
import { deleteDraft, sendDraft } from '../api/draft-requests';
import {
  failedEntry,
  lastSentStorageKey,
  parseStoredBulk,
  type BulkEntry,
  type BulkMode,
} from '../model/bulk-state';
import { emptyDraftFilters, toDraftListQuery } from '../model/draft-filters';
import type { DraftListRow } from '../model/draft-list-row';
import { BulkProgressDialog } from './bulk-progress-dialog';
import { DraftDialog, type DraftDialogMode } from './draft-dialog';
import { draftFilterInputs } from './draft-filter-inputs';
import { DraftSentDialog } from './draft-sent-dialog';

/** localStorage key of the drafts table (spec 2 "Drafts page"). */
export const DRAFTS_TABLE_KEY = 'invoice.drafts';

/** `?dialogId=draft&dialog_uuid=…` opens a draft's details over the list (a link reopens it). */
export const DRAFT_DIALOG_ID = 'draft';

interface BulkRun {
  mode: BulkMode;
  total: number;
  entries: BulkEntry[];
  running: boolean;
}

export interface DraftsPageProps {
  /** Where 'go to invoice' leads for a sent draft; `app/` knows the invoice list's URL. */
  invoiceHref: (invoiceUuid: string) => string;
  /**
   * The details dialog of a draft in info mode: the invoice dialog's draft variant, which
   * belongs to the invoices feature, so `app/` composes it in.
   */
  renderDetails: (dialog: { uuid: string; onClose: () => void }) => ReactNode;
}

/** `/invoice-drafts`: drafts with row actions, bulk send/delete and the draft form dialog. */
export function DraftsPage({ invoiceHref, renderDetails }: DraftsPageProps) {
  const { t } = useTranslation('drafts');
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const list = useListState(DRAFTS_TABLE_KEY, { defaultFilters: emptyDraftFilters });
  const query = useMemo(
    () =>
      toDraftListQuery({ filters: list.filters, page: list.page, itemsPerPage: list.itemsPerPage }),
    [list.filters, list.page, list.itemsPerPage],
  );
  const drafts = useQuery({ ...draftQueries.list(query), placeholderData: keepPreviousData });
  const details = useDetailsDialog(DRAFT_DIALOG_ID, ['uuid']);
  // Same dialog, also owning the tab key, so closing it leaves no stale tab behind.
  const dialogWithTab = useDetailsDialog(DRAFT_DIALOG_ID, ['uuid', 'tab']);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ mode: DraftDialogMode; uuid?: string } | null>(null);
  const [toDelete, setToDelete] = useState<DraftListRow | null>(null);
  const [sentInvoice, setSentInvoice] = useState<string | null>(null);
  const [bulk, setBulk] = useState<BulkRun | null>(null);
  const storageKey = lastSentStorageKey(DRAFTS_TABLE_KEY);
  const [lastSent, setLastSent] = useState(() => parseStoredBulk(readString(storageKey)));

  const refresh = () => queryClient.invalidateQueries({ queryKey: draftQueries.lists() });
  const rows = drafts.data?.items ?? [];

  /** Spec 4 "Bulk send and delete": one call per draft, in order, then keep the failures checked. */
  const runBulk = async (mode: 'send' | 'delete') => {
    if (selectedIds.length === 0) {
      enqueueSnackbar(t('messages.nothingSelected'), { variant: 'warning' });
      return;
    }
    const ids = [...selectedIds];
    const entries: BulkEntry[] = [];
    setBulk({ mode, total: ids.length, entries: [], running: true });
    for (const uuid of ids) {
      const row = rows.find((draft) => draft.uuid === uuid);
      const base = {
        uuid,
        invoiceNumber: row?.invoiceNumber ?? null,
        invoiceDate: row?.invoiceDate ?? null,
      };
      try {
        if (mode === 'send') {
          const sent = await sendDraft(uuid);
          entries.push({
            ...base,
            status: 'success',
            message: '',
            violationError: false,
            draftBlocked: false,
            violations: [],
            invoiceUuid: sent.uuid,
          });
        } else {
          await deleteDraft(uuid);
          entries.push({
            ...base,
            status: 'success',
            message: '',
            violationError: false,
            draftBlocked: false,
            violations: [],
          });
        }
      } catch (error) {
        entries.push(failedEntry(base, error));
      }
      setBulk({ mode, total: ids.length, entries: [...entries], running: true });
    }
    setBulk({ mode, total: ids.length, entries, running: false });
    setSelectedIds(
      entries.filter((entry) => entry.status !== 'success').map((entry) => entry.uuid),
    );
    if (mode === 'send') {
      writeString(storageKey, JSON.stringify(entries));
      setLastSent(entries);
    }
    await refresh();
  };

  const columns: DataTableColumn<DraftListRow>[] = [
    {
      id: 'created_at',
      label: t('fields.created_at'),
      render: (row) => formatListTimestamp(row.created_at, language),
    },
    { id: 'sender', label: t('fields.sender'), render: (row) => row.senderFormatted ?? '' },
    {
      id: 'recipient',
      label: t('fields.recipient'),
      render: (row) => row.recipientFormatted ?? '',
    },
    {
      id: 'senderVat',
      // Hidden by default so the marking and the row actions fit without scrolling.
      defaultHidden: true,
      label: t('fields.senderVat'),
      render: (row) => row.senderVatNumberFormatted ?? '',
    },
    {
      id: 'recipientVat',
      defaultHidden: true,
      label: t('fields.recipientVat'),
      render: (row) => row.recipientVatNumberFormatted ?? '',
    },
    {
      id: 'invoiceDate',
      label: t('fields.invoiceDate'),
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatListDate(row.invoiceDate, language)}</span>
      ),
    },
    {
      id: 'invoiceNumber',
      label: t('fields.invoiceNumber'),
      render: (row) => row.invoiceNumber ?? '',
    },
    {
      id: 'invoiceTotal',
      label: t('fields.invoiceTotal'),
      align: 'right',
      render: (row) => (row.invoiceTotal === null ? '' : formatMoney(row.invoiceTotal, language)),
    },
    {
      id: 'document_type',
      label: t('fields.document_type'),
      render: (row) => row.document_type ?? '',
    },
    {
      id: 'marking',
      label: t('fields.marking'),
      render: (row) => (
        <Chip
          size="small"
          label={t(`markings.${row.marking === 'draft-blocked' ? 'draft-blocked' : 'draft'}`)}
          color={row.marking === 'draft-blocked' ? 'warning' : 'default'}
        />
      ),
    },
  ];

  const rowAction = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ mode: 'new' })}
        >
          {t('actions.new')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<HistoryIcon />}
          disabled={!lastSent}
          onClick={() =>
            lastSent &&
            setBulk({ mode: 'view', total: lastSent.length, entries: lastSent, running: false })
          }
        >
          {t('actions.viewLastSent')}
        </Button>
      </Stack>
      <FilterPanel state={list} inputs={draftFilterInputs(list.filters, t)} />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={drafts.data?.items}
        total={drafts.data?.total ?? 0}
        getRowId={(row) => row.uuid}
        state={list}
        isLoading={drafts.isPending}
        isError={drafts.isError}
        rowActions={(row) => (
          <Stack direction="row">
            {rowAction(t('actions.delete'), <DeleteIcon />, () => setToDelete(row))}
            {rowAction(t('actions.edit'), <EditIcon />, () =>
              setDialog({ mode: 'edit', uuid: row.uuid }),
            )}
            {rowAction(t('actions.details'), <InfoIcon />, () => details.open({ uuid: row.uuid }))}
            {rowAction(t('actions.send'), <SendIcon />, () =>
              setDialog({ mode: 'send', uuid: row.uuid }),
            )}
          </Stack>
        )}
        selection={{
          selectedIds,
          onChange: setSelectedIds,
          bulkActions: () => (
            <>
              <Button startIcon={<SendIcon />} onClick={() => void runBulk('send')}>
                {t('actions.sendSelected')}
              </Button>
              <Button startIcon={<DeleteIcon />} onClick={() => void runBulk('delete')}>
                {t('actions.deleteSelected')}
              </Button>
            </>
          ),
        }}
      />
      {dialog && (
        <DraftDialog
          key={`${dialog.mode}:${dialog.uuid ?? ''}`}
          mode={dialog.mode}
          uuid={dialog.uuid}
          onClose={() => setDialog(null)}
          onDone={({ sentInvoiceUuid }) => {
            setDialog(null);
            void queryClient.invalidateQueries({ queryKey: draftQueries.all() });
            if (sentInvoiceUuid) setSentInvoice(sentInvoiceUuid);
          }}
        />
      )}
      {details.data && renderDetails({ uuid: details.data.uuid, onClose: dialogWithTab.close })}
      {bulk && (
        <BulkProgressDialog
          mode={bulk.mode}
          total={bulk.total}
          entries={bulk.entries}
          running={bulk.running}
          onFix={(uuid) => {
            setBulk(null);
            setDialog({ mode: 'edit', uuid });
          }}
          onClose={() => setBulk(null)}
        />
      )}
      {sentInvoice && (
        <DraftSentDialog href={invoiceHref(sentInvoice)} onClose={() => setSentInvoice(null)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('delete.title')}
        message={t('delete.message', { number: toDelete?.invoiceNumber ?? toDelete?.uuid ?? '' })}
        confirmLabel={t('actions.delete')}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          setToDelete(null);
          if (!target) return;
          deleteDraft(target.uuid).then(
            () => {
              enqueueSnackbar(t('messages.deleted'), { variant: 'success' });
              void refresh();
            },
            (error: unknown) =>
              enqueueSnackbar(error instanceof Error ? error.message : t('messages.loadError'), {
                variant: 'error',
              }),
          );
        }}
      />
    </Box>
  );
}
