import { ServerErrorAlert } from '../../../components/form';
import { useTranslation } from 'react-i18next';
import type { FormFailure } from '../model/form-failure';

/** The red alert above the invoice form after a failed validate or submit: the kit's alert (spec 8). */
export function FormFailureAlert({ failure }: { failure: FormFailure | null }) {
  const { t } = useTranslation('invoiceForm');
  if (!failure) return null;
  return (
    <ServerErrorAlert
      error={{
        isValidation: failure.isValidation,
        detail: failure.detail,
        violations: [],
        otherViolations: [],
      }}
      lines={failure.lines.map((line) => ({
        path: line.path === 'generic' ? '' : line.path,
        message: line.message,
      }))}
      title={failure.isValidation ? t('messages.validationError') : undefined}
      fallback={failure.toast === 'server' ? t('messages.serverError') : t('messages.genericError')}
    />
  );
}
