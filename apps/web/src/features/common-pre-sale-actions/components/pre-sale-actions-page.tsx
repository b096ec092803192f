import type { PreSaleAction } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatListTimestamp, useListState, useUrlDialog } from '../../../components/list-kit';
import type { DataTableColumn } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { preSaleActionQueries } from '../api/pre-sale-action-queries';
import { PreSaleActionDeleteDialog } from './pre-sale-action-delete-dialog';

/** The form loads when opened, or ahead once the rows show. */
const PreSaleActionDialog = lazyPart(
  () => import('./pre-sale-action-dialog').then((module) => module.PreSaleActionDialog),
  ['preSaleActions'],
);
const PARTS = [PreSaleActionDialog];

/** Key of this table's column choices in localStorage. */
export const PRE_SALE_ACTIONS_TABLE_KEY = 'common-pre-sale-actions';

const actionId = (action: PreSaleAction) => action.uuid;

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
  // Forms open through the URL (`?dialogId=new`, `?dialogId=edit&dialog_uuid=…`).
  const create = useUrlDialog('new', []);
  const edit = useRowDialog('edit', actions.data?.items, actionId);
  const remove = useRowDialog('delete', actions.data?.items, actionId);
  const yes = t('values.yes');
  const no = t('values.no');

  const columns: DataTableColumn<PreSaleAction>[] = [
    {
      id: 'target',
      label: t('fields.target'),
      breakAnywhere: true,
      render: (action) => action.target,
    },
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
      breakAnywhere: true,
      defaultHidden: true,
      render: (action) => action.pre_sale_uuid,
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      query={actions}
      columns={columns}
      getRowId={actionId}
      prefetch={PARTS}
      toolbar={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
          {t('actions.create')}
        </Button>
      }
      rowActions={(action) => [
        { id: 'edit', label: t('actions.edit'), icon: EditIcon, onClick: () => edit.open(action) },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open(action),
        },
      ]}
    >
      {create.isOpen && <PreSaleActionDialog action={null} onClose={create.close} />}
      {edit.row && <PreSaleActionDialog action={edit.row} onClose={edit.close} />}
      {remove.row && <PreSaleActionDeleteDialog action={remove.row} onClose={remove.close} />}
    </ResourceListPage>
  );
}
