import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * One button for both steps (spec 4 "Form validity"): it reads 'validate schema' until the
 * server accepted the current content, then 'submit'. The form resets `validated` on any change
 * or failed validation, which turns the button back into 'validate schema'.
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
          variant="contained"
          onClick={validated ? onSubmit : onValidate}
          disabled={busy !== null}
          startIcon={busy !== null ? <CircularProgress size={16} /> : undefined}
        >
          {t(validated ? 'actions.submit' : 'actions.validate')}
        </Button>
      </Stack>
    </Paper>
  );
}
