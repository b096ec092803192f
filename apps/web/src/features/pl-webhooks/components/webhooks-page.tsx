/**
 * `/gov-pl/webhooks` (spec "/gov-pl/webhooks", entity "Polish webhook"): every webhook of the
 * business (the API does not page them; the table does), with its legal entity, type and URL;
 * "New webhook", and per row its delivery log, edit and delete (asked first). Every dialog opens
 * through the URL.
 */
import type { PlWebhook } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useListState,
  useUrlDialog,
  WrappingTimestamp,
  type DataTableColumn,
} from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { webhookQueries } from '../api/webhook-queries';
import { defaultWebhookFilters, pageOf, webhooksTableKey } from '../model/webhook-list';

/** The form (its schema and picker), the log and the question load when opened, or once idle. */
const WebhookDialog = lazyPart(
  () => import('./webhook-dialog').then((module) => module.WebhookDialog),
  ['plWebhooks'],
);
const DeliveryLogDialog = lazyPart(
  () => import('./delivery-log-dialog').then((module) => module.DeliveryLogDialog),
  ['plWebhooks', 'listKit'],
);
const WebhookDeleteDialog = lazyPart(
  () => import('./webhook-delete-dialog').then((module) => module.WebhookDeleteDialog),
  ['plWebhooks'],
);

const webhookId = (webhook: PlWebhook) => webhook.uuid;

/** The browser's time zone, named in the subtitle: every time on the screen is in it. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function WebhooksPage() {
  const list = useListState(webhooksTableKey, { defaultFilters: defaultWebhookFilters });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(webhookQueries.list());
  const { t } = useTranslation(['plWebhooks', 'listKit']);
  const language = currentLanguage();
  const webhooks = useQuery(webhookQueries.list());
  const all = webhooks.data?.items;
  const shown = useMemo(
    () =>
      all ? { items: pageOf(all, list.page, list.itemsPerPage), total: all.length } : undefined,
    [all, list.page, list.itemsPerPage],
  );
  const create = useUrlDialog('new', []);
  const edit = useUrlDialog('edit', ['uuid']);
  const deliveries = useUrlDialog('deliveries', ['uuid']);
  const remove = useRowDialog('delete', all, webhookId);

  const columns: DataTableColumn<PlWebhook>[] = [
    {
      id: 'legalEntityName',
      label: t('fields.legalEntityName'),
      render: (webhook) => webhook.legalEntityName,
    },
    {
      id: 'webhookType',
      label: t('fields.webhookType'),
      render: (webhook) => (
        <span title={webhook.webhookType}>{t(`types.${webhook.webhookType}`)}</span>
      ),
    },
    {
      id: 'webhookUrl',
      label: t('fields.webhookUrl'),
      breakAnywhere: true,
      render: (webhook) => webhook.webhookUrl,
    },
    {
      id: 'createdAt',
      label: t('fields.createdAt'),
      defaultHidden: true,
      render: (webhook) => <WrappingTimestamp value={webhook.createdAt} language={language} />,
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle', { zone: timeZone })}
      list={list}
      query={{
        data: shown,
        isPending: webhooks.isPending,
        isError: webhooks.isError,
        isFetching: webhooks.isFetching,
        refetch: webhooks.refetch,
      }}
      columns={columns}
      getRowId={webhookId}
      prefetch={[WebhookDialog, DeliveryLogDialog, WebhookDeleteDialog]}
      headerActions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
          {t('actions.create')}
        </Button>
      }
      rowActions={(webhook) => [
        {
          id: 'deliveries',
          label: t('actions.deliveries'),
          icon: HistoryIcon,
          onClick: () => deliveries.open({ uuid: webhook.uuid }),
        },
        {
          id: 'edit',
          label: t('actions.edit'),
          icon: EditIcon,
          onClick: () => edit.open({ uuid: webhook.uuid }),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open(webhook),
        },
      ]}
    >
      {create.data && <WebhookDialog uuid={null} onClose={create.close} />}
      {edit.data && (
        <WebhookDialog key={edit.data.uuid} uuid={edit.data.uuid} onClose={edit.close} />
      )}
      {deliveries.data && (
        <DeliveryLogDialog uuid={deliveries.data.uuid} onClose={deliveries.close} />
      )}
      {remove.row && <WebhookDeleteDialog webhook={remove.row} onClose={remove.close} />}
    </ResourceListPage>
  );
}
