/**
 * `/openbanking/webhooks` (spec "Open-banking area"): the open-banking webhooks with uuid, event,
 * target URL and authentication type; "New webhook", and per row its delivery log, edit and
 * delete (asked first). Every dialog opens through the URL.
 */
import type { ObWebhook } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog, type DataTableColumn } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { lazyPart } from '../../../lib/lazy-part';
import { webhookQueries } from '../api/webhook-queries';
import { defaultWebhookFilters, webhooksTableKey } from '../model/webhook-list';

/** The form, the log and the question load when opened, or ahead once idle. */
const WebhookDialog = lazyPart(
  () => import('./webhook-dialog').then((module) => module.WebhookDialog),
  ['obWebhooks'],
);
const DeliveryLogDialog = lazyPart(
  () => import('./delivery-log-dialog').then((module) => module.DeliveryLogDialog),
  ['obWebhooks', 'listKit'],
);
const WebhookDeleteDialog = lazyPart(
  () => import('./webhook-delete-dialog').then((module) => module.WebhookDeleteDialog),
  ['obWebhooks'],
);

const webhookId = (webhook: ObWebhook) => webhook.uuid;

export default function WebhooksPage() {
  const list = useListState(webhooksTableKey, { defaultFilters: defaultWebhookFilters });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(webhookQueries.list(list.queryParams));
  const { t } = useTranslation(['obWebhooks', 'listKit']);
  const webhooks = useQuery({
    ...webhookQueries.list(list.queryParams),
    placeholderData: keepPreviousData,
  });
  const create = useUrlDialog('new', []);
  const edit = useUrlDialog('edit', ['uuid']);
  const deliveries = useUrlDialog('deliveries', ['uuid']);
  const remove = useRowDialog('delete', webhooks.data?.items, webhookId);

  const columns: DataTableColumn<ObWebhook>[] = [
    {
      id: 'uuid',
      label: t('fields.uuid'),
      breakAnywhere: true,
      render: (webhook) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
          {webhook.uuid}
        </Box>
      ),
    },
    {
      id: 'event',
      label: t('fields.event'),
      render: (webhook) => <span title={webhook.event}>{t(`events.${webhook.event}`)}</span>,
    },
    {
      id: 'targetUrl',
      label: t('fields.targetUrl'),
      breakAnywhere: true,
      render: (webhook) => webhook.targetUrl,
    },
    {
      id: 'authenticationType',
      label: t('fields.authenticationType'),
      render: (webhook) => t(`authenticationTypes.${webhook.authenticationType}`),
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      query={webhooks}
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
