import type { Invoice } from '@fiscus/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { downloadAttachment } from '../api/invoice-files';
import { saveBlob } from '../../../lib/save-blob';
import { attachmentFromPayload, invoiceAttachments } from '../model/invoice-attachments';
import { formatKilobytes } from '../model/invoice-timestamp';

/**
 * The invoice's attachments, each downloadable through the API; a draft's come straight out
 * of its payload (`fromPayload`), as no endpoint serves them.
 */
export function AttachmentsTab({
  invoice,
  fromPayload = false,
}: {
  invoice: Invoice;
  fromPayload?: boolean;
}) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const attachments = useMemo(() => invoiceAttachments(invoice.payload), [invoice.payload]);
  if (attachments.length === 0) {
    return <Typography color="text.secondary">{t('attachments.none')}</Typography>;
  }
  return (
    <List aria-label={t('details.tabs.attachments')}>
      {attachments.map((attachment) => (
        <ListItem
          key={attachment.index}
          divider
          secondaryAction={
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => {
                if (fromPayload) {
                  const file = attachmentFromPayload(invoice.payload, attachment.index);
                  if (file) saveBlob(file, file.name);
                  else enqueueSnackbar(t('messages.genericError'), { variant: 'error' });
                  return;
                }
                void downloadAttachment(invoice.uuid, attachment.index, attachment.name).catch(() =>
                  enqueueSnackbar(t('messages.genericError'), { variant: 'error' }),
                );
              }}
            >
              {t('attachments.download')}
            </Button>
          }
        >
          <ListItemIcon>
            <AttachFileIcon />
          </ListItemIcon>
          <ListItemText
            primary={attachment.name}
            secondary={[
              attachment.format,
              `${formatKilobytes(attachment.size, language)} KB`,
              attachment.description,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
