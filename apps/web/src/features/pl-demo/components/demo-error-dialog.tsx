/** Spec "Polish demo page", 8: a send refused by the API shows its title and detail here. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface DemoError {
  title: string;
  detail: string;
}

export function DemoErrorDialog({ error, onClose }: { error: DemoError; onClose: () => void }) {
  const { t } = useTranslation('plDemo');
  const titleId = useId();
  const detailId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={detailId}>
      <DialogTitle id={titleId}>{error.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={detailId} sx={{ whiteSpace: 'pre-line' }}>
          {error.detail}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
