import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { clientErrorDetail, isApiError } from '../../../lib/hydra';
import { useImportMessage } from './use-import-message';

/** The errors map of a failed import (spec 8): a 'Validation Error' alert listing each violation. */
export function ImportErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation(['invoiceImports', 'common']);
  const translate = useImportMessage();
  if (!error) return null;
  const violations = isApiError(error) ? error.violations : [];
  const detail = clientErrorDetail(error);
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {isApiError(error) && error.status === 422 && (
        <AlertTitle>{t('messages.validationError')}</AlertTitle>
      )}
      {violations.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {violations.map((violation) => (
            <li key={`${violation.propertyPath}:${violation.message}`}>
              {violation.propertyPath
                ? `${violation.propertyPath}: ${translate(violation.message) ?? ''}`
                : translate(violation.message)}
            </li>
          ))}
        </Box>
      ) : (
        detail || t('errors.generic', { ns: 'common' })
      )}
    </Alert>
  );
}
