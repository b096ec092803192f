import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * 'Validate schema' first; 'Submit' is enabled only once the server accepted the current
 * content (spec 4 "Form validity").
 */
export function SubmitBar({
  validated,
  busy,
  onValidate,
  onSubmit,
  onCancel,
}: {
  validated: boolean;
  busy: 'validate' | 'submit' | null;
  onValidate: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoiceForm');
  return (
    <Paper elevation={3} sx={{ position: 'sticky', bottom: 0, p: 1.5, mt: 2, zIndex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy !== null}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant={validated ? 'outlined' : 'contained'}
          onClick={onValidate}
          disabled={busy !== null}
          startIcon={busy === 'validate' ? <CircularProgress size={16} /> : undefined}
        >
          {t('actions.validate')}
        </Button>
        <Button
          variant="contained"
          onClick={onSubmit}
          disabled={!validated || busy !== null}
          startIcon={busy === 'submit' ? <CircularProgress size={16} /> : undefined}
        >
          {t('actions.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
