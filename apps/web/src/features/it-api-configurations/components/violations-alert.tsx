import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { clientErrorDetail, isApiError } from '../../../lib/hydra';
import { useConfigurationMessage } from './use-configuration-message';

/**
 * The banner after a failed save (spec 8): a 422 is titled 'Validation Error' and lists every
 * violation as `propertyPath: message`; other 4xx show the server's detail, the rest the generic
 * message.
 */
export function ViolationsAlert({ error }: { error: unknown }) {
  const { t } = useTranslation(['apiConfigurations', 'common']);
  const translate = useConfigurationMessage();
  if (!error) return null;
  const violations = isApiError(error) ? error.violations : [];
  const isValidation = isApiError(error) && error.status === 422;
  const detail = clientErrorDetail(error);
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {isValidation && <AlertTitle>{t('messages.validationError')}</AlertTitle>}
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
