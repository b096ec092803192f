/**
 * The delivery log of one Polish webhook (`?dialogId=deliveries&dialog_uuid=…`): each event sent
 * with its status, response code, duration, attempt, error and times, newest first, by pages;
 * deliveries still pending are followed until they settle. The same log as the Italian and
 * Peppol webhooks' (one delivery machinery), drawn here for this feature's types.
 */
import type { PlWebhookDelivery } from '@fiscus/contracts';
import { plWebhookTypes } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, WrappingTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { webhookQueries } from '../api/webhook-queries';

const PAGE_SIZE = 10;
const PENDING_REFRESH_MS = 2000;

const statusColours: Record<PlWebhookDelivery['status'], 'success' | 'error' | 'warning'> = {
  delivered: 'success',
  failed: 'error',
  pending: 'warning',
};

function isKnownType(event: string): boolean {
  return (plWebhookTypes as readonly string[]).includes(event);
}

function DeliveryRows({ uuid }: { uuid: string }) {
  const { t } = useTranslation(['plWebhooks', 'listKit']);
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    ...webhookQueries.deliveries(uuid, { page: String(page), itemsPerPage: String(PAGE_SIZE) }),
    placeholderData: keepPreviousData,
    // Pending rows are being attempted by the job queue: follow them until they settle.
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
  if (deliveries.isError) {
    return <Alert severity="error">{t('table.error', { ns: 'listKit' })}</Alert>;
  }
  const rows = deliveries.data?.items ?? [];
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('deliveries.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('deliveries.fields.status')}</TableCell>
              <TableCell>{t('deliveries.fields.event')}</TableCell>
              <TableCell align="right">{t('deliveries.fields.response_code')}</TableCell>
              <TableCell align="right">{t('deliveries.fields.duration_ms')}</TableCell>
              <TableCell align="right">{t('deliveries.fields.attempt')}</TableCell>
              <TableCell>{t('deliveries.fields.created_at')}</TableCell>
              <TableCell>{t('deliveries.fields.delivered_at')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.isPending ? null : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ py: 3 }}>
                  <Typography color="text.secondary">{t('deliveries.empty')}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((delivery) => (
                <TableRow key={delivery.uuid} hover>
                  <TableCell>
                    <Chip
                      size="small"
                      color={statusColours[delivery.status]}
                      label={t(`deliveries.statuses.${delivery.status}`)}
                    />
                    {delivery.error && (
                      <Typography
                        variant="caption"
                        color="error"
                        sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}
                      >
                        {delivery.error}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell title={delivery.event}>
                    {isKnownType(delivery.event) ? t(`types.${delivery.event}`) : delivery.event}
                  </TableCell>
                  <TableCell align="right">{delivery.response_code ?? '—'}</TableCell>
                  <TableCell align="right">
                    {delivery.duration_ms === null
                      ? '—'
                      : t('deliveries.duration', { ms: delivery.duration_ms })}
                  </TableCell>
                  <TableCell align="right">{delivery.attempt}</TableCell>
                  <TableCell>
                    <WrappingTimestamp value={delivery.created_at} language={language} />
                  </TableCell>
                  <TableCell>
                    {delivery.delivered_at ? (
                      <WrappingTimestamp value={delivery.delivered_at} language={language} />
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={deliveries.data?.total ?? 0}
        page={page - 1}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next + 1)}
        labelDisplayedRows={({ from, to, count }) =>
          t('table.displayedRows', { ns: 'listKit', from, to, count })
        }
        getItemAriaLabel={(type) => t(`table.goTo.${type}`, { ns: 'listKit' })}
      />
    </>
  );
}

export function DeliveryLogDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('plWebhooks');
  const webhook = useQuery(webhookQueries.detail(uuid));
  return (
    <DetailsDialog
      open
      onClose={onClose}
      maxWidth="lg"
      isLoading={webhook.isPending}
      isError={webhook.isError}
      title={
        webhook.data ? (
          <>
            {t('deliveries.title')}
            <Box
              component="span"
              sx={{
                display: 'block',
                typography: 'body2',
                color: 'text.secondary',
                overflowWrap: 'anywhere',
              }}
            >
              {webhook.data.legalEntityName} · {t(`types.${webhook.data.webhookType}`)} →{' '}
              {webhook.data.webhookUrl}
            </Box>
          </>
        ) : (
          t('deliveries.title')
        )
      }
    >
      <DeliveryRows uuid={uuid} />
    </DetailsDialog>
  );
}
