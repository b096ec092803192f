import Paper from '@mui/material/Paper';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form';

/**
 * One button for both steps (spec 4 "Form validity"): it reads 'validate schema' until the
 * server accepted the current content, then 'submit'. The form resets `validated` on any change
 * or failed validation, which turns the button back into 'validate schema'. The kit's form
 * buttons, kept in sight at the bottom of the long form. After a successful validation the
 * focus moves to the now enabled submit button, so Enter or Space submits next.
 */
export function SubmitBar({
  validated,
  busy,
  submitLabel,
  onValidate,
  onSubmit,
  onCancel,
}: {
  validated: boolean;
  busy: 'validate' | 'submit' | null;
  submitLabel?: string;
  onValidate: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoiceForm');
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (validated) bar.current?.querySelector<HTMLButtonElement>('button:last-of-type')?.focus();
  }, [validated]);
  return (
    <Paper ref={bar} elevation={3} sx={{ position: 'sticky', bottom: 0, p: 1.5, mt: 2, zIndex: 1 }}>
      <FormActions
        cancelLabel={t('actions.cancel')}
        onCancel={onCancel}
        submitLabel={validated ? (submitLabel ?? t('actions.submit')) : t('actions.validate')}
        onSubmit={validated ? onSubmit : onValidate}
        busy={busy !== null}
        cancelWhileBusy={false}
      />
    </Paper>
  );
}
