import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Where a new customer invoice can always be seen: the list looking it up by uuid, without the
 * invoice-date filter that may hide it (the default window is the last month; an invoice from
 * source can carry any date). A uuid filter is not kept, so the next visit opens as before.
 */
export function createdInvoiceListHref(uuid: string): string {
  const params = new URLSearchParams({
    'invoiceDate[after]': '',
    'invoiceDate[before]': '',
    uuid,
  });
  return `/customer-invoice?${params.toString()}`;
}

/**
 * The 'invoice created' toast with the new document's uuid (spec 8 success messages) and a
 * button that shows it in the list whatever the list's filters are.
 */
export function useInvoiceCreatedToast() {
  const { t } = useTranslation('invoiceCreate');
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  return (uuid: string) =>
    enqueueSnackbar(t('messages.created', { uuid }), {
      variant: 'success',
      autoHideDuration: 10_000,
      action: (key) =>
        createElement(
          Button,
          {
            color: 'inherit',
            size: 'small',
            onClick: () => {
              closeSnackbar(key);
              void navigate(createdInvoiceListHref(uuid));
            },
          },
          t('messages.showInList'),
        ),
    });
}
