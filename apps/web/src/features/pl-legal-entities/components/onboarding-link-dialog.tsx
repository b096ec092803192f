/**
 * The onboarding link a started onboarding made (spec "Legal entity list": the onboarding-link
 * success dialog): the public page's URL to hand to the taxpayer, with copy and open buttons.
 */
import { PL_ONBOARDING_MINUTES, type PlLegalEntity } from '@fiscus/contracts';
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

export function OnboardingLinkDialog({
  entity,
  url,
  onClose,
}: {
  entity: Pick<PlLegalEntity, 'name' | 'nip'>;
  url: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('plLegalEntities');
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
    <DialogFrame open title={t('onboardingLink.title')} onClose={onClose}>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {t('onboardingLink.message', {
            name: entity.name,
            nip: entity.nip,
            minutes: PL_ONBOARDING_MINUTES,
          })}
        </Typography>
        <MuiTextField
          label={t('onboardingLink.url')}
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
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('onboardingLink.expiry')}
        </Typography>
        {copy === 'failed' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('messages.copyFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener noreferrer">
          {t('actions.open')}
        </Button>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyLink()}
          aria-live="polite"
        >
          {t(copy === 'copied' ? 'actions.copied' : 'actions.copy')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
