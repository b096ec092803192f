import type { PreSaleAction } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, formatListTimestamp, useListState } from '../../../components/list-kit';
import type { DataTableColumn } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { preSaleActionQueries } from '../api/pre-sale-action-queries';
import { PreSaleActionDeleteDialog } from './pre-sale-action-delete-dialog';
import { PreSaleActionDialog } from './pre-sale-action-dialog';

/** Key of this table's column choices in localStorage. */
export const PRE_SALE_ACTIONS_TABLE_KEY = 'common-pre-sale-actions';

type OpenForm =
  | { kind: 'create' }
  | { kind: 'edit'; action: PreSaleAction }
  | { kind: 'delete'; action: PreSaleAction }
  | null;

function YesNoChip({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Chip
      size="small"
      color={value ? 'success' : 'default'}
      variant={value ? 'filled' : 'outlined'}
      label={value ? yes : no}
    />
  );
}

/** `/settings/pre-sale-actions` (spec 2.12): mail alerts when the pre-paid credit runs low. */
export default function PreSaleActionsPage() {
  // The API offers no filters on this list: the kit only keeps page, size and columns.
  const list = useListState(PRE_SALE_ACTIONS_TABLE_KEY, { defaultFilters: {} });
  // Starts the list request during this first render, before the translations below suspend
  // it: the request then runs alongside the namespace downloads instead of after them.
  usePrefetchQuery(preSaleActionQueries.list(list.queryParams));
  // Both namespaces at once: loading the kit's strings only when the table first renders
  // would suspend again and delay the list request behind a second round trip.
  const { t } = useTranslation(['preSaleActions', 'listKit']);
  const language = currentLanguage();
  const actions = useQuery({
    ...preSaleActionQueries.list(list.queryParams),
    placeholderData: keepPreviousData,
  });
  const [form, setForm] = useState<OpenForm>(null);
  const closeForm = () => setForm(null);
  const yes = t('values.yes');
  const no = t('values.no');

  const columns: DataTableColumn<PreSaleAction>[] = [
    { id: 'target', label: t('fields.target'), render: (action) => action.target },
    {
      id: 'threshold',
      label: t('fields.threshold'),
      align: 'right',
      render: (action) => action.threshold,
    },
    {
      id: 'action_type',
      label: t('fields.action_type'),
      render: (action) => t(`actionTypes.${action.action_type}`),
    },
    {
      id: 'enabled',
      label: t('fields.enabled'),
      render: (action) => <YesNoChip value={action.enabled} yes={yes} no={no} />,
    },
    {
      id: 'running',
      label: t('fields.running'),
      render: (action) => <YesNoChip value={action.running} yes={yes} no={no} />,
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      render: (action) => (
        <span title={action.created_at}>{formatListTimestamp(action.created_at, language)}</span>
      ),
    },
    {
      id: 'updated_at',
      label: t('fields.updated_at'),
      defaultHidden: true,
      render: (action) => (
        <span title={action.updated_at}>{formatListTimestamp(action.updated_at, language)}</span>
      ),
    },
    {
      id: 'pre_sale_uuid',
      label: t('fields.pre_sale_uuid'),
      defaultHidden: true,
      render: (action) => action.pre_sale_uuid,
    },
  ];

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('subtitle')}
      </Typography>
      <DataTable
        label={t('title')}
        columns={columns}
        rows={actions.data?.items}
        total={actions.data?.total ?? 0}
        getRowId={(action) => action.uuid}
        state={list}
        isLoading={actions.isPending}
        isError={actions.isError}
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setForm({ kind: 'create' })}
          >
            {t('actions.create')}
          </Button>
        }
        rowActions={(action) => (
          <>
            <Tooltip title={t('actions.edit')}>
              <IconButton
                size="small"
                aria-label={t('actions.edit')}
                onClick={() => setForm({ kind: 'edit', action })}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('actions.delete')}>
              <IconButton
                size="small"
                color="error"
                aria-label={t('actions.delete')}
                onClick={() => setForm({ kind: 'delete', action })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {form?.kind === 'create' && <PreSaleActionDialog action={null} onClose={closeForm} />}
      {form?.kind === 'edit' && <PreSaleActionDialog action={form.action} onClose={closeForm} />}
      {form?.kind === 'delete' && (
        <PreSaleActionDeleteDialog action={form.action} onClose={closeForm} />
      )}
    </Box>
  );
}
