import type { Invoice } from '@fiscus/contracts';
import ArchiveIcon from '@mui/icons-material/Archive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DetailsList } from '../../../components/list-kit';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { invoiceQueries } from '../api/invoice-queries';
import { usePreserveInvoice } from '../api/use-invoice-actions';
import { preservationColor } from '../model/badge-colors';
import { formatInvoiceTimestamp, formatKilobytes } from '../model/invoice-timestamp';
import { StatusBadge } from './status-badge';

/** The invoice's preserved document, and sending it to preservation (spec 2, 3, 8). */
/**
 * The preservation service's own messages (English, as the provider sends them) in the user's
 * language; a message the console does not know is shown as sent.
 */
const PRESERVATION_MESSAGES: Record<string, string> = {
  'Document sent to the preservation system': 'preservation.messages.sent',
  'Metadata index sent': 'preservation.messages.metadataSent',
  'Stored: deposit receipt received': 'preservation.messages.stored',
};

export function preservationMessage(
  message: string | null | undefined,
  t: (key: string) => string,
): string {
  if (!message) return '';
  const key = PRESERVATION_MESSAGES[message];
  return key ? t(key) : message;
}

export function PreservationTab({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const document = useQuery(invoiceQueries.preservedDocument(invoice.uuid));
  const preserve = usePreserveInvoice(invoice.uuid);

  const send = () =>
    preserve.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(t('messages.preserved'), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(
          error instanceof ApiError && error.problem.detail
            ? error.problem.detail
            : t('messages.genericError'),
          { variant: 'error' },
        ),
    });

  if (document.isPending) return <CircularProgress size={24} aria-label={t('loading')} />;
  if (document.isError) return <Alert severity="error">{t('messages.somethingWentWrong')}</Alert>;
  const preserved = document.data;
  return (
    <Box>
      {preserved ? (
        <DetailsList
          items={[
            {
              label: t('preservation.status'),
              value: (
                <StatusBadge
                  label={t(`preservation.statuses.${preserved.status}`)}
                  color={preservationColor(preserved.status)}
                />
              ),
            },
            { label: t('fields.uuid'), value: preserved.uuid },
            {
              label: t('fields.created_at'),
              value: formatInvoiceTimestamp(preserved.created_at, language),
            },
            {
              label: t('preservation.receiptReceivedAt'),
              value: formatInvoiceTimestamp(preserved.receipt_received_at, language),
            },
            { label: t('preservation.fileName'), value: preserved.original_filename },
            {
              label: t('preservation.weight'),
              value: `${formatKilobytes(preserved.weight, language)} KB`,
            },
            {
              label: t('preservation.message'),
              value: preserved.error_message ?? preservationMessage(preserved.message, t),
            },
          ]}
        />
      ) : (
        <Typography color="text.secondary">{t('preservation.none')}</Typography>
      )}
      {/* A preserved document moves on by itself (to_be_stored → stored); sending again
          would only duplicate it. */}
      {!preserved && (
        <Button
          variant="contained"
          startIcon={<ArchiveIcon />}
          sx={{ mt: 2 }}
          loading={preserve.isPending}
          onClick={send}
        >
          {t('preservation.send')}
        </Button>
      )}
    </Box>
  );
}
