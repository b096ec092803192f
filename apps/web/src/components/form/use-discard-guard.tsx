/**
 * Typed work is never lost (issues 20 and 31): a dialog with a changed form closes (Cancel,
 * Escape, the close button, a save that closes) only after asking whether to discard the
 * changes; an unchanged one closes at once. The invoice dialogs and the business registry dialog
 * ask the same question.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

export interface DiscardGuard {
  /** Closes at once when nothing changed, else asks first (render `confirm`). */
  requestClose: () => void;
  /** The discard question; render it inside the dialog. */
  confirm: ReactNode;
}

export function useDiscardGuard({
  isDirty,
  onClose,
}: {
  /** Read when closing is asked for, so a form that just saved counts as unchanged. */
  isDirty: () => boolean;
  onClose: () => void;
}): DiscardGuard {
  const { t } = useTranslation('listKit');
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => (isDirty() ? setAsking(true) : onClose()),
    confirm: (
      <ConfirmDialog
        open={asking}
        title={t('discard.title')}
        message={t('discard.message')}
        confirmLabel={t('discard.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    ),
  };
}
