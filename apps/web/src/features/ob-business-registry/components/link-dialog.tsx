/**
 * A link made for someone to open (the bank's connect page, a payer's payment page): the
 * address, Copy (which then reads "Link copied"), Open in a new tab and Close.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';

export function LinkView({
  message,
  url,
  onClose,
}: {
  message: string;
  url: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBusinessRegistry');
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{message}</Typography>
        <MuiTextField
          label={t('link.url')}
          value={url}
          fullWidth
          multiline
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (event: { target: HTMLTextAreaElement | HTMLInputElement }) =>
                event.target.select(),
            },
          }}
        />
        {copy === 'failed' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('link.copyFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener noreferrer">
          {t('link.open')}
        </Button>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyLink()}
          aria-live="polite"
          data-testid="ob-copy-link"
        >
          {t(copy === 'copied' ? 'link.copied' : 'link.copy')}
        </Button>
      </DialogActions>
    </>
  );
}

export function LinkDialog({
  title,
  message,
  url,
  onClose,
}: {
  title: string;
  message: string;
  url: string;
  onClose: () => void;
}) {
  return (
    <DialogFrame open title={title} onClose={onClose}>
      <LinkView message={message} url={url} onClose={onClose} />
    </DialogFrame>
  );
}
