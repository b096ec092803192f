import type { WebhookDelivery } from '@fiscus/contracts';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
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
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, formatListTimestamp } from '../../../components/list-kit';
import { RowActions } from '../../../components/resource-page';
import { clientErrorDetail } from '../../../lib/hydra';
import { currentLanguage } from '../../../lib/i18n';
import { apiConfigurationQueries } from '../api/api-configuration-queries';
import { useReplayDelivery } from '../api/use-replay-deliveries';
import { ReplayWindowForm } from './replay-window-form';

const PAGE_SIZE = 10;
const PENDING_REFRESH_MS = 2000;

const statusColours: Record<WebhookDelivery['status'], 'success' | 'error' | 'warning'> = {
  delivered: 'success',
  failed: 'error',
  pending: 'warning',
};

function DeliveryRows({ configurationUuid }: { configurationUuid: string }) {
  const { t } = useTranslation(['apiConfigurations', 'listKit']);
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    ...apiConfigurationQueries.deliveries(configurationUuid, {
      page: String(page),
      itemsPerPage: String(PAGE_SIZE),
    }),
    placeholderData: keepPreviousData,
    // Pending rows are being attempted by the job queue right now: follow them until they settle.
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
  const replay = useReplayDelivery(configurationUuid);
  const replayOne = (deliveryUuid: string) =>
    replay.mutate(deliveryUuid, {
      onSuccess: () => enqueueSnackbar(t('deliveries.replayed'), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(clientErrorDetail(error) || t('deliveries.replayError'), {
          variant: 'error',
        }),
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
              <TableCell align="right">{t('deliveries.fields.response_code')}</TableCell>
              <TableCell align="right">{t('deliveries.fields.duration_ms')}</TableCell>
              <TableCell align="right">{t('deliveries.fields.attempt')}</TableCell>
              <TableCell>{t('deliveries.fields.event')}</TableCell>
              <TableCell>{t('deliveries.fields.created_at')}</TableCell>
              <TableCell align="right">{t('table.actions', { ns: 'listKit' })}</TableCell>
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
                      title={delivery.error ?? undefined}
                    />
                  </TableCell>
                  <TableCell align="right">{delivery.response_code ?? '—'}</TableCell>
                  <TableCell align="right">
                    {delivery.duration_ms === null
                      ? '—'
                      : t('deliveries.duration', { ms: delivery.duration_ms })}
                  </TableCell>
                  <TableCell align="right">{delivery.attempt}</TableCell>
                  <TableCell>
                    {delivery.event}
                    {delivery.replay_of && (
                      <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        {t('deliveries.replay')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <span title={delivery.created_at}>
                      {formatListTimestamp(delivery.created_at, language)}
                    </span>
                  </TableCell>
                  <TableCell align="right">
                    <RowActions
                      actions={[
                        {
                          id: 'replay',
                          label: t('deliveries.replayOne'),
                          icon: ReplayIcon,
                          disabled: replay.isPending,
                          onClick: () => replayOne(delivery.uuid),
                        },
                      ]}
                    />
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
      <ReplayWindowForm configurationUuid={configurationUuid} />
    </>
  );
}

/** The delivery log of one webhook configuration, with replay of one delivery or a window. */
export function DeliveryLogDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('apiConfigurations');
  const configuration = useQuery(apiConfigurationQueries.detail(uuid));
  return (
    <DetailsDialog
      open
      onClose={onClose}
      maxWidth="lg"
      isLoading={configuration.isPending}
      isError={configuration.isError}
      title={
        configuration.data
          ? t('deliveries.titleFor', {
              event: configuration.data.event,
              target: configuration.data.target_url,
            })
          : t('deliveries.title')
      }
    >
      <DeliveryRows configurationUuid={uuid} />
    </DetailsDialog>
  );
}
