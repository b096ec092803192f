/**
 * `/peppol/webhooks` and `/peppol-be/webhooks` (spec "Peppol webhooks list"): the webhooks of the
 * screen's domain (read from its path): uuid, event, url and creation time, with each one's
 * delivery log and delete; "New Webhook" opens the form. Every dialog opens through the URL. A
 * sub-account, to which the API answers 403, sees the generic error.
 */
import type { PeppolWebhook } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  useListState,
  useUrlDialog,
  WrappingTimestamp,
  type DataTableColumn,
} from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { peppolDomainOfPath } from '../../../lib/peppol-domain';
import { webhookQueries } from '../api/webhook-queries';
import { defaultWebhookFilters, webhooksTableKey } from '../model/webhook-list';

/**
 * The form (its schema and select), the delivery log and the delete question load when opened,
 * or ahead once idle.
 */
const WebhookDialog = lazyPart(
  () => import('./webhook-dialog').then((module) => module.WebhookDialog),
  ['peppolWebhooks'],
);
const DeliveryLogDialog = lazyPart(
  () => import('./delivery-log-dialog').then((module) => module.DeliveryLogDialog),
  ['peppolWebhooks', 'listKit'],
);
const WebhookDeleteDialog = lazyPart(
  () => import('./webhook-delete-dialog').then((module) => module.WebhookDeleteDialog),
  ['peppolWebhooks'],
);

const webhookId = (webhook: PeppolWebhook) => webhook.uuid;

export default function PeppolWebhooksPage() {
  const domain = peppolDomainOfPath(useLocation().pathname);
  const list = useListState(webhooksTableKey(domain), { defaultFilters: defaultWebhookFilters });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(webhookQueries.list(domain, list.queryParams));
  const { t } = useTranslation(['peppolWebhooks', 'listKit']);
  const language = currentLanguage();
  const webhooks = useQuery({
    ...webhookQueries.list(domain, list.queryParams),
    placeholderData: keepPreviousData,
  });
  const create = useUrlDialog('new', []);
  const deliveries = useUrlDialog('deliveries', ['uuid']);
  const remove = useRowDialog('delete', webhooks.data?.items, webhookId);

  const columns: DataTableColumn<PeppolWebhook>[] = [
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
      id: 'url',
      label: t('fields.url'),
      breakAnywhere: true,
      render: (webhook) => webhook.url,
    },
    {
      id: 'createdAt',
      label: t('fields.createdAt'),
      render: (webhook) => <WrappingTimestamp value={webhook.createdAt} language={language} />,
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t(domain === 'be' ? 'subtitleBe' : 'subtitle')}
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
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open(webhook),
        },
      ]}
    >
      {create.data && <WebhookDialog domain={domain} onClose={create.close} />}
      {deliveries.data && (
        <DeliveryLogDialog domain={domain} uuid={deliveries.data.uuid} onClose={deliveries.close} />
      )}
      {remove.row && (
        <WebhookDeleteDialog domain={domain} webhook={remove.row} onClose={remove.close} />
      )}
    </ResourceListPage>
  );
}
