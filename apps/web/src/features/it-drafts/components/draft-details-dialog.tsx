import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsList } from '../../../components/list-kit';
import { draftQueries } from '../api/draft-queries';

/** A draft's details in info mode: its record fields and the stored JSON. */
export function DraftDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('drafts');
  const titleId = useId();
  const draft = useQuery(draftQueries.detail(uuid));
  const data = draft.data;
  let content;
  if (draft.isPending) content = <CircularProgress aria-label={t('messages.loading')} />;
  else if (!data) content = <Alert severity="error">{t('messages.loadError')}</Alert>;
  else {
    let json = data.payload;
    try {
      json = JSON.stringify(JSON.parse(data.payload), null, 2);
    } catch {
      // Shown as stored when it is not JSON.
    }
    content = (
      <>
        <DetailsList
          items={[
            { label: 'UUID', value: data.uuid },
            { label: t('fields.invoiceNumber'), value: data.invoiceNumber ?? '' },
            { label: t('fields.invoiceDate'), value: data.invoiceDate ?? '' },
            { label: t('fields.recipient'), value: data.recipientFormatted ?? '' },
            { label: t('fields.invoiceTotal'), value: data.invoiceTotal ?? '' },
            {
              label: t('fields.marking'),
              value: t(`markings.${data.marking === 'draft-blocked' ? 'draft-blocked' : 'draft'}`),
            },
          ]}
        />
        <Box
          component="pre"
          sx={{ mt: 2, p: 1, bgcolor: 'grey.100', overflow: 'auto', maxHeight: 400 }}
        >
          {json}
        </Box>
      </>
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('details.title')}</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
