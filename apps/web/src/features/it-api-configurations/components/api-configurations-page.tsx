import type { ApiConfiguration } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatListTimestamp, useListState, useUrlDialog } from '../../../components/list-kit';
import type { DataTableColumn } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { apiConfigurationQueries } from '../api/api-configuration-queries';
import { ApiConfigurationDeleteDialog } from './api-configuration-delete-dialog';

/** The form (its pickers and selects) and the delivery log load when opened, or ahead once idle. */
const ApiConfigurationDialog = lazyPart(
  () => import('./api-configuration-dialog').then((module) => module.ApiConfigurationDialog),
  ['apiConfigurations'],
);
const DeliveryLogDialog = lazyPart(
  () => import('./delivery-log-dialog').then((module) => module.DeliveryLogDialog),
  ['apiConfigurations', 'listKit'],
);

/** Key of this table's column choices in localStorage. */
export const API_CONFIGURATIONS_TABLE_KEY = 'it-api-configurations';
/** Spec 9: the webhook configuration list pages by 100. */
const PAGE_SIZE = 100;
/** The form dialog's `dialog_uuid` when it creates a configuration. */
export const NEW_CONFIGURATION = 'new';

const configurationId = (row: ApiConfiguration) => row.uuid;

/** `/api-configurations` (spec 2.11): the account's webhooks, their form and delivery log. */
export default function ApiConfigurationsPage() {
  const list = useListState(API_CONFIGURATIONS_TABLE_KEY, {
    defaultFilters: { targetUrl: '' },
    defaultPageSize: PAGE_SIZE,
  });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(apiConfigurationQueries.list(list.queryParams));
  const { t } = useTranslation(['apiConfigurations', 'listKit']);
  const language = currentLanguage();
  const configurations = useQuery({
    ...apiConfigurationQueries.list(list.queryParams),
    placeholderData: keepPreviousData,
  });
  const formDialog = useUrlDialog('api-configuration', ['uuid']);
  const deliveryDialog = useUrlDialog('api-configuration-deliveries', ['uuid']);
  const remove = useRowDialog('delete', configurations.data?.items, configurationId);

  const columns: DataTableColumn<ApiConfiguration>[] = [
    {
      id: 'uuid',
      label: t('fields.uuid'),
      breakAnywhere: true,
      render: (row) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
          {row.uuid}
        </Box>
      ),
    },
    { id: 'event', label: t('fields.event'), render: (row) => row.event },
    {
      id: 'target_url',
      label: t('fields.target_url'),
      orderField: 'target_url',
      render: (row) => <Box sx={{ overflowWrap: 'anywhere' }}>{row.target_url}</Box>,
    },
    {
      id: 'authentication_type',
      label: t('fields.authentication_type'),
      render: (row) => t(`authenticationTypes.${row.authentication_type}`),
    },
    {
      id: 'business_registry_configurations',
      label: t('fields.business_registry_configurations'),
      render: (row) =>
        row.business_registry_configurations.map((registry) => registry.fiscal_id).join(', ') ||
        '—',
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (row) => (
        <span title={row.created_at}>{formatListTimestamp(row.created_at, language)}</span>
      ),
    },
    {
      id: 'updated_at',
      label: t('fields.updated_at'),
      defaultHidden: true,
      render: (row) => (
        <span title={row.updated_at}>{formatListTimestamp(row.updated_at, language)}</span>
      ),
    },
  ];

  const formUuid = formDialog.data?.uuid;

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      filters={[{ kind: 'text', name: 'targetUrl', label: t('fields.target_url') }]}
      query={configurations}
      columns={columns}
      getRowId={configurationId}
      prefetch={[ApiConfigurationDialog, DeliveryLogDialog]}
      toolbar={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => formDialog.open({ uuid: NEW_CONFIGURATION })}
        >
          {t('actions.create')}
        </Button>
      }
      rowActions={(row) => [
        {
          id: 'deliveries',
          label: t('actions.deliveries'),
          icon: HistoryIcon,
          onClick: () => deliveryDialog.open({ uuid: row.uuid }),
        },
        {
          id: 'edit',
          label: t('actions.edit'),
          icon: EditIcon,
          onClick: () => formDialog.open({ uuid: row.uuid }),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open(row),
        },
      ]}
    >
      {formUuid !== undefined && (
        <ApiConfigurationDialog
          // A new key per record so the form starts from that record's values.
          key={formUuid}
          uuid={formUuid === NEW_CONFIGURATION ? null : formUuid}
          onClose={formDialog.close}
        />
      )}
      {deliveryDialog.data && (
        <DeliveryLogDialog uuid={deliveryDialog.data.uuid} onClose={deliveryDialog.close} />
      )}
      {remove.row && (
        <ApiConfigurationDeleteDialog configuration={remove.row} onClose={remove.close} />
      )}
    </ResourceListPage>
  );
}
