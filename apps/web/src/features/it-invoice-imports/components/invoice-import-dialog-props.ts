import { useTranslation } from 'react-i18next';
import { useImportMessage } from './use-import-message';

/** What the invoice list pages pass to either import dialog. */
export interface InvoiceImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new invoice's uuid after a successful import (refresh the list here). */
  onImported?: (uuid: string) => void;
}

/**
 * The form dialog props both import dialogs share: their namespace and messages, the import
 * (which tells the list about the new invoice) and the spec 8 toasts.
 */
export function useImportFormProps<TValues>(
  { open, onClose, onImported }: InvoiceImportDialogProps,
  importInvoice: (values: TValues) => Promise<{ uuid: string }>,
) {
  const { t } = useTranslation('invoiceImports');
  const translateMessage = useImportMessage();
  return {
    open,
    onClose,
    ns: 'invoiceImports',
    translateMessage,
    onSubmit: async (values: TValues) => {
      const created = await importInvoice(values);
      onImported?.(created.uuid);
      return created;
    },
    successMessage: t('messages.imported'),
    failureMessage: ({ isValidation }: { isValidation: boolean }) =>
      isValidation ? t('messages.validationError') : t('messages.importError'),
    submitLabel: t('actions.import'),
    cancelLabel: t('actions.cancel'),
  };
}
