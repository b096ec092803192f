import { ServerErrorAlert } from '../../../components/form';
import { useTranslation } from 'react-i18next';
import { invoiceViolationMessage, violationLocation } from '../../../lib/invoice-location';
import type { FormFailure } from '../model/form-failure';

/**
 * The red alert above the invoice form after a failed validate or submit: the kit's alert (spec
 * 8), a server violation where it is in the form's labels ('Dati generali documento › Numero')
 * and what it says in the user's language, as a transfer's violations read.
 */
export function FormFailureAlert({ failure }: { failure: FormFailure | null }) {
  const { t, i18n } = useTranslation('invoiceForm');
  if (!failure) return null;
  return (
    <ServerErrorAlert
      error={{
        isValidation: failure.isValidation,
        detail: failure.detail,
        violations: [],
        otherViolations: [],
      }}
      lines={failure.lines.map(({ path, message, violation }) =>
        violation
          ? {
              path: violationLocation(i18n, violation.propertyPath) ?? '',
              message: invoiceViolationMessage(i18n, violation),
            }
          : { path: path === 'generic' ? '' : path, message },
      )}
      title={failure.isValidation ? t('messages.validationError') : undefined}
      fallback={failure.toast === 'server' ? t('messages.serverError') : t('messages.genericError')}
    />
  );
}
