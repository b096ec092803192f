import type { InvoiceNotification } from '@fiscus/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { downloadNotificationXml } from '../api/invoice-files';
import { invoiceQueries } from '../api/invoice-queries';
import { notificationColor } from '../model/badge-colors';
import { formatInvoiceTimestamp } from '../model/invoice-timestamp';
import { messagePair, messageText, sdiErrors } from '../model/notification-message';
import { currentLanguage } from '../../../lib/i18n';
import { StatusBadge } from './status-badge';

/** An NS lists SDI's errors under a 'validation errors' alert (spec 2). */
function RejectionErrors({ notification }: { notification: InvoiceNotification }) {
  const { t } = useTranslation('invoices');
  const errors = sdiErrors(notification);
  if (errors.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 1, '& .MuiAlert-message': { flexGrow: 1 } }}>
      <AlertTitle>{t('notifications.validationErrors')}</AlertTitle>
      <Table size="small" aria-label={t('notifications.validationErrors')}>
        <TableHead>
          <TableRow>
            <TableCell>Codice</TableCell>
            <TableCell>Descrizione</TableCell>
            <TableCell>Suggerimento</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error, index) => (
            <TableRow key={`${error.Codice}-${index}`}>
              <TableCell>{error.Codice}</TableCell>
              <TableCell>{error.Descrizione}</TableCell>
              <TableCell>{error.Suggerimento}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Alert>
  );
}

function NotificationEntry({ notification }: { notification: InvoiceNotification }) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const details = [
    messageText(notification, 'identificativo_sdi') &&
      `${t('notifications.sdiId')}: ${messageText(notification, 'identificativo_sdi')}`,
    messagePair(notification, 'destinatario') &&
      `${t('notifications.recipient')}: ${messagePair(notification, 'destinatario')}`,
    messagePair(notification, 'esito_committente') &&
      `${t('notifications.outcome')}: ${messagePair(notification, 'esito_committente')}`,
    messageText(notification, 'descrizione'),
    messageText(notification, 'note'),
  ].filter((line): line is string => Boolean(line));

  return (
    <ListItem divider sx={{ display: 'block', px: 0 }} aria-label={notification.file_name}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusBadge label={notification.type} color={notificationColor(notification.type)} />
        <Typography sx={{ fontWeight: 500 }}>
          {t(`notifications.types.${notification.type}`)}
        </Typography>
        <Typography color="text.secondary">
          {formatInvoiceTimestamp(notification.created_at, language)}
        </Typography>
        <Typography color="text.secondary" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {notification.file_name}
        </Typography>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() =>
            void downloadNotificationXml(notification.uuid, notification.file_name).catch(() =>
              enqueueSnackbar(t('messages.genericError'), { variant: 'error' }),
            )
          }
        >
          {t('notifications.downloadXml')}
        </Button>
      </Stack>
      {details.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
      {notification.type === 'NS' && <RejectionErrors notification={notification} />}
    </ListItem>
  );
}

/** The SDI notifications of an invoice, oldest first. */
export function InvoiceNotifications({ uuid }: { uuid: string }) {
  const { t } = useTranslation('invoices');
  const notifications = useQuery(invoiceQueries.notifications(uuid));
  if (notifications.isPending) return <CircularProgress size={24} aria-label={t('loading')} />;
  if (notifications.isError) {
    return <Alert severity="error">{t('messages.notificationsError')}</Alert>;
  }
  if (notifications.data.length === 0) {
    return <Typography color="text.secondary">{t('notifications.none')}</Typography>;
  }
  return (
    <List aria-label={t('details.notifications')} disablePadding>
      {notifications.data.map((notification) => (
        <NotificationEntry key={notification.uuid} notification={notification} />
      ))}
    </List>
  );
}
