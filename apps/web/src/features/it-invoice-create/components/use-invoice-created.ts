import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/** The 'invoice created' toast with the new document's uuid (spec 8 success messages). */
export function useInvoiceCreatedToast() {
  const { t } = useTranslation('invoiceCreate');
  const { enqueueSnackbar } = useSnackbar();
  return (uuid: string) => enqueueSnackbar(t('messages.created', { uuid }), { variant: 'success' });
}
