import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** After a draft is sent: a modal offering to open the new invoice (spec 2 "Drafts page"). */
export function DraftSentDialog({ href, onClose }: { href: string; onClose: () => void }) {
  const { t } = useTranslation('drafts');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('sent.title')}</DialogTitle>
      <DialogContent>{t('sent.message')}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button variant="contained" component={RouterLink} to={href}>
          {t('sent.goToInvoice')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
