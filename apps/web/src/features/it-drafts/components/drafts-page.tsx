import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import InfoIcon from '@mui/icons-material/Info';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DeleteDialog } from '../../../components/form';
import {
  formatListDate,
  formatListTimestamp,
  useListState,
  useUrlDialog,
  type DataTableColumn,
} from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { draftQueries } from '../api/draft-queries';
import { deleteDraft, unblockDraft } from '../api/draft-requests';
import { useBulkRunner } from '../hooks/use-bulk-runner';
import { emptyDraftFilters, toDraftListQuery } from '../model/draft-filters';
import type { DraftListRow } from '../model/draft-list-row';
import { lazyPart } from '../../../lib/lazy-part';
import { LOCATION_NAMESPACES } from '../../../lib/invoice-location';
import type { DraftDialogMode } from './draft-dialog';
import { draftFilterInputs } from './draft-filter-inputs';
import { DraftSentDialog } from './draft-sent-dialog';

/** The invoice form and the bulk report load when opened, or ahead once the rows show. */
const DraftDialog = lazyPart(
  () => import('./draft-dialog').then((module) => module.DraftDialog),
  ['drafts', 'invoiceForm', 'codeLists', 'listKit'],
);
const BulkProgressDialog = lazyPart(
  () => import('./bulk-progress-dialog').then((module) => module.BulkProgressDialog),
  ['drafts', ...LOCATION_NAMESPACES],
);

/** localStorage key of the drafts table (spec 2 "Drafts page"). */
export const DRAFTS_TABLE_KEY = 'invoice.drafts';

/** `?dialogId=draft&dialog_uuid=…` opens a draft's details over the list (a link reopens it). */
export const DRAFT_DIALOG_ID = 'draft';

export interface DraftsPageProps {
  /** Where 'go to invoice' leads for a sent draft; `app/` knows the invoice list's URL. */
  invoiceHref: (invoiceUuid: string) => string;
  /**
   * The details dialog of a draft in info mode: the invoice dialog's draft variant, which
   * belongs to the invoices feature, so `app/` composes it in.
   */
  renderDetails: (dialog: { uuid: string; onClose: () => void }) => ReactNode;
}

/**
 * `/invoice-drafts`: drafts with row actions, bulk send/delete and the draft form dialog. The
 * form opens through the URL: `?dialogId=new`, `?dialogId=edit|send&dialog_uuid=…`.
 */
export function DraftsPage({ invoiceHref, renderDetails }: DraftsPageProps) {
  const { t } = useTranslation('drafts');
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const list = useListState(DRAFTS_TABLE_KEY, { defaultFilters: emptyDraftFilters });
  const query = useMemo(
    () =>
      toDraftListQuery({ filters: list.filters, page: list.page, itemsPerPage: list.itemsPerPage }),
    [list.filters, list.page, list.itemsPerPage],
  );
  const drafts = useQuery({ ...draftQueries.list(query), placeholderData: keepPreviousData });
  const details = useUrlDialog(DRAFT_DIALOG_ID, ['uuid']);
  // Same dialog, also owning the tab key, so closing it leaves no stale tab behind.
  const dialogWithTab = useUrlDialog(DRAFT_DIALOG_ID, ['uuid', 'tab']);
  const create = useUrlDialog('new', []);
  const edit = useUrlDialog('edit', ['uuid']);
  const send = useUrlDialog('send', ['uuid']);
  const remove = useUrlDialog('delete', ['uuid']);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [sentInvoice, setSentInvoice] = useState<string | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [unblocking, setUnblocking] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();

  /** Lifts 'block invoice sent' (spec 2 "Drafts page"): the draft can be sent again. */
  const unblock = async (uuid: string) => {
    setUnblocking(uuid);
    try {
      await unblockDraft(uuid);
      enqueueSnackbar(t('messages.unblocked'), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: draftQueries.all() });
    } catch {
      enqueueSnackbar(t('messages.loadError'), { variant: 'error' });
    } finally {
      setUnblocking(null);
    }
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: draftQueries.lists() });
  const rows = drafts.data?.items ?? [];
  const bulk = useBulkRunner({
    tableKey: DRAFTS_TABLE_KEY,
    rows,
    selectedIds,
    setSelectedIds,
    onFinished: refresh,
  });

  const form: { mode: DraftDialogMode; uuid?: string; close: () => void } | null = create.isOpen
    ? { mode: 'new', close: create.close }
    : edit.data
      ? { mode: 'edit', uuid: edit.data.uuid, close: edit.close }
      : send.data
        ? { mode: 'send', uuid: send.data.uuid, close: send.close }
        : null;
  const deleting = remove.data
    ? (rows.find((row) => row.uuid === remove.data?.uuid) ?? { uuid: remove.data.uuid })
    : null;

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
      breakAnywhere: true,
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

  return (
    <ResourceListPage
      title={t('title')}
      prefetch={[DraftDialog, BulkProgressDialog]}
      headerActions={
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
            {t('actions.new')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<HistoryIcon />}
            disabled={!bulk.lastSent}
            onClick={bulk.showLastSent}
          >
            {t('actions.viewLastSent')}
          </Button>
        </>
      }
      list={list}
      filters={draftFilterInputs(list.filters, t)}
      query={drafts}
      columns={columns}
      getRowId={(row) => row.uuid}
      rowActions={(row) => [
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          onClick: () => remove.open({ uuid: row.uuid }),
        },
        {
          id: 'unblock',
          label: t('actions.unblock'),
          icon: LockOpenIcon,
          hidden: row.marking !== 'draft-blocked',
          disabled: unblocking === row.uuid,
          onClick: () => void unblock(row.uuid),
        },
        {
          id: 'edit',
          label: t('actions.edit'),
          icon: EditIcon,
          onClick: () => edit.open({ uuid: row.uuid }),
        },
        {
          id: 'details',
          label: t('actions.details'),
          icon: InfoIcon,
          onClick: () => details.open({ uuid: row.uuid }),
        },
        {
          id: 'send',
          label: t('actions.send'),
          icon: SendIcon,
          onClick: () => send.open({ uuid: row.uuid }),
        },
      ]}
      selection={{
        selectedIds,
        onChange: setSelectedIds,
        bulkActions: () => (
          <>
            <Button startIcon={<SendIcon />} onClick={() => void bulk.start('send')}>
              {t('actions.sendSelected')}
            </Button>
            <Button
              startIcon={<DeleteIcon />}
              onClick={() =>
                selectedIds.length === 0 ? void bulk.start('delete') : setConfirmBulkDelete(true)
              }
            >
              {t('actions.deleteSelected')}
            </Button>
          </>
        ),
      }}
    >
      {form && (
        <DraftDialog
          key={`${form.mode}:${form.uuid ?? ''}`}
          mode={form.mode}
          uuid={form.uuid}
          onClose={form.close}
          onDone={({ sentInvoiceUuid }) => {
            form.close();
            void queryClient.invalidateQueries({ queryKey: draftQueries.all() });
            if (sentInvoiceUuid) setSentInvoice(sentInvoiceUuid);
          }}
        />
      )}
      {details.data && renderDetails({ uuid: details.data.uuid, onClose: dialogWithTab.close })}
      {bulk.run && (
        <BulkProgressDialog
          mode={bulk.run.mode}
          total={bulk.run.total}
          entries={bulk.run.entries}
          running={bulk.run.running}
          onFix={(uuid) => {
            bulk.dismiss();
            edit.open({ uuid });
          }}
          onUnblock={(uuid) => void unblock(uuid)}
          onClose={bulk.dismiss}
        />
      )}
      <ConfirmDialog
        open={confirmBulkDelete}
        title={t('deleteSelected.title')}
        message={t('deleteSelected.message', { count: selectedIds.length })}
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={() => {
          setConfirmBulkDelete(false);
          void bulk.start('delete');
        }}
      />
      {sentInvoice && (
        <DraftSentDialog href={invoiceHref(sentInvoice)} onClose={() => setSentInvoice(null)} />
      )}
      {deleting && (
        <DeleteDialog
          title={t('delete.title')}
          message={t('delete.message', {
            number: ('invoiceNumber' in deleting ? deleting.invoiceNumber : null) ?? deleting.uuid,
          })}
          onDelete={async () => {
            await deleteDraft(deleting.uuid);
            void refresh();
          }}
          successMessage={t('messages.deleted')}
          errorMessage={t('messages.loadError')}
          onClose={remove.close}
        />
      )}
    </ResourceListPage>
  );
}
