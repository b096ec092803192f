/**
 * The delivery log of one webhook (`?dialogId=deliveries&dialog_uuid=…`), as the Peppol and
 * Polish webhooks show it: each event sent with its status (and error), response code, duration,
 * attempt and times, newest first, by pages; deliveries still pending are followed until they
 * settle. One delivery machinery serves every webhook of the API, so one dialog draws its log; the
 * feature gives its calls, its words (`namespace`: its `deliveries.*` keys) and how it names an
 * event. The Italian webhooks' log adds replays and keeps its own.
 */
import type { WebhookDelivery } from '@fiscus/contracts';
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
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { DetailsDialog, WrappingTimestamp } from '../list-kit';

const PAGE_SIZE = 10;
const PENDING_REFRESH_MS = 2000;

/** One delivery as the API lists it (the event as the feature keys it). */
export type DeliveryRow = Omit<WebhookDelivery, 'event'> & { event: string };
export type DeliveryPage = { items: DeliveryRow[]; total: number };
/** The feature's query of one page of the log. */
export type DeliveryPageQuery<TData extends DeliveryPage, TKey extends QueryKey> = (params: {
  page: string;
  itemsPerPage: string;
}) => UseQueryOptions<TData, Error, TData, TKey>;

const statusColours: Record<DeliveryRow['status'], 'success' | 'error' | 'warning'> = {
  delivered: 'success',
  failed: 'error',
  pending: 'warning',
};

function DeliveryRows<TData extends DeliveryPage, TKey extends QueryKey>({
  namespace,
  pageQuery,
  eventLabel,
}: {
  namespace: string;
  pageQuery: DeliveryPageQuery<TData, TKey>;
  eventLabel: (event: string) => string;
}) {
  const { t } = useTranslation([namespace, 'listKit']);
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    ...pageQuery({ page: String(page), itemsPerPage: String(PAGE_SIZE) }),
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
                  <TableCell title={delivery.event}>{eventLabel(delivery.event)}</TableCell>
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

/** The dialog: the log's title, what the webhook is (once read), and its deliveries. */
export function WebhookDeliveryLog<TData extends DeliveryPage, TKey extends QueryKey>({
  namespace,
  webhook,
  onClose,
  pageQuery,
  eventLabel,
}: {
  namespace: string;
  /** The webhook's state and its line under the title (its event or type and its URL). */
  webhook: { isPending: boolean; isError: boolean; describe: ReactNode | null };
  onClose: () => void;
  pageQuery: DeliveryPageQuery<TData, TKey>;
  eventLabel: (event: string) => string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <DetailsDialog
      open
      onClose={onClose}
      maxWidth="lg"
      isLoading={webhook.isPending}
      isError={webhook.isError}
      title={
        webhook.describe ? (
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
              {webhook.describe}
            </Box>
          </>
        ) : (
          t('deliveries.title')
        )
      }
    >
      <DeliveryRows namespace={namespace} pageQuery={pageQuery} eventLabel={eventLabel} />
    </DetailsDialog>
  );
}
