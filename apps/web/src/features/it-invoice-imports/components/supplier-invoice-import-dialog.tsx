import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/hydra';
import { useImportSupplierInvoice } from '../api/use-import-invoice';
import { INVOICE_ACCEPT, XML_ACCEPT } from '../model/import-messages';
import {
  emptySupplierImport,
  supplierImportFormSchema,
  toSupplierImportPayload,
} from '../model/supplier-import-schema';
import type {
  SupplierImportFormInput,
  SupplierImportFormValues,
} from '../model/supplier-import-schema';
import { FileField } from './file-field';
import { FileNameAndSdiIdFields } from './file-name-and-sdi-id-fields';
import { ImportErrorAlert } from './import-error-alert';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';
import { useImportMessage } from './use-import-message';

const FIELDS = ['invoice', 'metadata', 'invoice_file_name', 'sdi_id'] as const;

function SupplierImportForm({ onClose, onImported }: Omit<InvoiceImportDialogProps, 'open'>) {
  const { t } = useTranslation('invoiceImports');
  const translate = useImportMessage();
  const { enqueueSnackbar } = useSnackbar();
  const importInvoice = useImportSupplierInvoice();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<SupplierImportFormInput, unknown, SupplierImportFormValues>({
    resolver: zodResolver(supplierImportFormSchema),
    defaultValues: emptySupplierImport(),
  });
  const metadata = useWatch({ control: form.control, name: 'metadata' });
  const nameAndIdRequired = metadata === null;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await importInvoice.mutateAsync(await toSupplierImportPayload(values));
      enqueueSnackbar(t('messages.imported'), { variant: 'success' });
      onImported?.(created.uuid);
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        for (const violation of error.violations) {
          const field = FIELDS.find((name) => name === violation.propertyPath);
          if (field) form.setError(field, { type: 'server', message: violation.message });
        }
      }
      setServerError(error);
      enqueueSnackbar(
        isApiError(error) && error.status === 422
          ? t('messages.validationError')
          : t('messages.importError'),
        { variant: 'error' },
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <ImportErrorAlert error={serverError} />
        <Stack spacing={2.5}>
          <Controller
            name="invoice"
            control={form.control}
            render={({ field, fieldState }) => (
              <FileField
                label={t('fields.invoice')}
                accept={INVOICE_ACCEPT}
                required
                value={field.value}
                onChange={field.onChange}
                error={translate(fieldState.error?.message)}
                hint={t('hints.invoice')}
              />
            )}
          />
          <Controller
            name="metadata"
            control={form.control}
            render={({ field, fieldState }) => (
              <FileField
                label={t('fields.metadata')}
                accept={XML_ACCEPT}
                value={field.value}
                onChange={field.onChange}
                error={translate(fieldState.error?.message)}
                hint={t('hints.metadata')}
              />
            )}
          />
          <FileNameAndSdiIdFields
            control={form.control}
            required={nameAndIdRequired}
            hint={t('hints.fromMetadata')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {t('actions.import')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Imports a supplier invoice received through another channel, with SDI's metadata file
 * (account spec 2.10, 5). Mounted by the supplier invoice list.
 */
export function SupplierInvoiceImportDialog({
  open,
  onClose,
  onImported,
}: InvoiceImportDialogProps) {
  const { t } = useTranslation('invoiceImports');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('supplier.title')}</DialogTitle>
      {/* Closed dialogs unmount their content: each opening starts from an empty form. */}
      {open && <SupplierImportForm onClose={onClose} onImported={onImported} />}
    </Dialog>
  );
}
