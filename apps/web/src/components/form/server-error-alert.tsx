/**
 * The one alert above a form after a failed submit (spec 8): titled 'Validation Error' for a 422
 * (or by the form's own title), it lists the server's violations as `field label: message` in the
 * user's language, else the server's detail text, else the generic message.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useFormMessage, useFormNamespace } from './form-kit-context';
import { serverViolationMessage } from './form-errors';
import type { ServerFormError } from './form-errors';
import type { MessageTranslator } from './form-errors';
import { i18n } from '../../lib/i18n';
import { violationFieldLabel } from '../../lib/validation-messages';

/** One line of the alert: `path: message`, or the message alone when it names no field. */
export interface AlertLine {
  /** The field's label (or the path the server named when the form has no label for it). */
  path: string;
  message: string;
}

const VIOLATION_LINE = /^([\w.[\]]+): (.+)$/;

/**
 * The API writes a 422's detail as one `propertyPath: message` line per violation, in English.
 * Known messages are translated line by line; anything else shows as the server wrote it.
 */
function translateDetail(
  detail: string,
  translate: MessageTranslator,
  label: (path: string) => string,
) {
  return detail
    .split('\n')
    .map((line) => {
      const match = VIOLATION_LINE.exec(line);
      if (match?.[1] && match[2]) return `${label(match[1])}: ${translate(match[2]) ?? match[2]}`;
      return translate(line) ?? line;
    })
    .join('\n');
}

/**
 * The lines a failed submit shows: every violation (labelled by its field in the namespaces
 * `ns`), else the detail.
 */
export function alertLines(
  error: ServerFormError,
  translate: MessageTranslator,
  ns: string | readonly string[] = 'common',
): AlertLine[] {
  if (error.violations.length > 0) {
    return error.violations.map((violation, index) => {
      const name = error.violationFields?.[index] ?? violation.propertyPath;
      return {
        path: name ? violationFieldLabel(i18n, ns, name) : '',
        message: translate(serverViolationMessage(violation)) ?? violation.message,
      };
    });
  }
  const label = (path: string) => violationFieldLabel(i18n, ns, path);
  return error.detail
    ? [{ path: '', message: translateDetail(error.detail, translate, label) }]
    : [];
}

interface ServerErrorAlertProps {
  /** The failed submit, from `applyServerErrors`; nothing is shown while null. */
  error: ServerFormError | null;
  /** A title shown for every failure instead of 'Validation Error' for a 422 only. */
  title?: string;
  /** The lines to show instead of those read from `error` (forms with their own mapping). */
  lines?: readonly AlertLine[];
  /** The text when there is nothing more precise; the generic error by default. */
  fallback?: string;
}

export function ServerErrorAlert({ error, title, lines, fallback }: ServerErrorAlertProps) {
  const { t } = useTranslation('listKit');
  const translate = useFormMessage();
  const ns = useFormNamespace();
  if (!error) return null;
  const shown = lines ?? alertLines(error, translate, ns);
  const heading = title ?? (error.isValidation ? t('form.validationError') : undefined);
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {heading && <AlertTitle>{heading}</AlertTitle>}
      {shown.length === 0 && (fallback ?? t('table.error'))}
      {shown.length === 1 && shown[0]?.path === '' && (
        <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
          {shown[0].message}
        </Box>
      )}
      {(shown.length > 1 || (shown.length === 1 && shown[0]?.path !== '')) && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {shown.map((line, index) => (
            <li key={`${index}:${line.path}`}>
              {line.path ? `${line.path}: ${line.message}` : line.message}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
