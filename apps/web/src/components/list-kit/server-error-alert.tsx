import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from './form-errors';
import type { ServerFormError } from './form-errors';

const VIOLATION_LINE = /^([\w.[\]]+): (.+)$/;

/**
 * The API writes a 422's detail as one `propertyPath: message` line per violation, in English.
 * Known messages are translated line by line; anything else shows as the server wrote it.
 */
function translateDetail(detail: string, translate: (message: string) => string | undefined) {
  return detail
    .split('\n')
    .map((line) => {
      const match = VIOLATION_LINE.exec(line);
      if (match?.[1] && match[2]) return `${match[1]}: ${translate(match[2]) ?? match[2]}`;
      return translate(line) ?? line;
    })
    .join('\n');
}

/**
 * The banner above a form after a failed submit: the server's detail text (spec 8: "HTTP 422
 * ... server's detail text"), the violations no field could show, or the generic message.
 */
export function ServerErrorAlert({ error }: { error: ServerFormError | null }) {
  const { t } = useTranslation('listKit');
  const translate = useValidationMessage();
  if (!error) return null;
  const hasContent = error.detail !== '' || error.otherViolations.length > 0;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {error.isValidation && <AlertTitle>{t('form.validationError')}</AlertTitle>}
      <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
        {hasContent ? translateDetail(error.detail, translate) : t('table.error')}
      </Box>
      {error.otherViolations.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: error.detail ? 1 : 0, pl: 2 }}>
          {error.otherViolations.map((violation) => (
            <li key={`${violation.propertyPath}:${violation.message}`}>
              {violation.propertyPath
                ? `${violation.propertyPath}: ${translate(violation.message) ?? ''}`
                : translate(violation.message)}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
