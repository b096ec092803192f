import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { FormFailure } from '../model/form-failure';

/** The red alert above the form after a failed validate or submit (spec 8). */
export function FormFailureAlert({ failure }: { failure: FormFailure | null }) {
  const { t } = useTranslation('invoiceForm');
  if (!failure) return null;
  const fallback =
    failure.toast === 'server' ? t('messages.serverError') : t('messages.genericError');
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {failure.isValidation && <AlertTitle>{t('messages.validationError')}</AlertTitle>}
      {failure.lines.length === 0 ? (
        fallback
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {failure.lines.map((line, index) => (
            <li key={`${index}:${line.path}`}>
              {line.path === 'generic' ? line.message : `${line.path}: ${line.message}`}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
