import { zodResolver } from '@hookform/resolvers/zod';
import { importNotificationTypes } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/hydra';
import { useImportCustomerInvoice } from '../api/use-import-invoice';
import {
  customerImportFormSchema,
  emptyCustomerImport,
  emptyNotificationRow,
  hasCompleteNotification,
  toCustomerImportPayload,
} from '../model/customer-import-schema';
import type {
  CustomerImportFormInput,
  CustomerImportFormValues,
} from '../model/customer-import-schema';
import { INVOICE_ACCEPT, XML_ACCEPT } from '../model/import-messages';
import { FileField } from './file-field';
import { FileNameAndSdiIdFields } from './file-name-and-sdi-id-fields';
import { ImportErrorAlert } from './import-error-alert';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';
import { useImportMessage } from './use-import-message';

/** The server names a notification's violation `notifications.<TYPE>`; the form, by row. */
function fieldOfViolation(
  propertyPath: string,
  rows: CustomerImportFormInput['notifications'],
): Path<CustomerImportFormInput> | undefined {
  if (
    propertyPath === 'invoice' ||
    propertyPath === 'invoice_file_name' ||
    propertyPath === 'sdi_id'
  ) {
    return propertyPath;
  }
  const match = /^notifications\.([A-Z]{2})$/.exec(propertyPath);
  const index = match ? rows.findIndex((row) => row.type === match[1]) : -1;
  return index >= 0 ? `notifications.${index}.file` : undefined;
}

function CustomerImportForm({ onClose, onImported }: Omit<InvoiceImportDialogProps, 'open'>) {
  const { t } = useTranslation('invoiceImports');
  const translate = useImportMessage();
  const { enqueueSnackbar } = useSnackbar();
  const importInvoice = useImportCustomerInvoice();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<CustomerImportFormInput, unknown, CustomerImportFormValues>({
    resolver: zodResolver(customerImportFormSchema),
    defaultValues: emptyCustomerImport(),
  });
  const rows = useFieldArray({ control: form.control, name: 'notifications' });
  const watchedRows = useWatch({ control: form.control, name: 'notifications' });
  const nameAndIdRequired = !hasCompleteNotification(watchedRows);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await importInvoice.mutateAsync(await toCustomerImportPayload(values));
      enqueueSnackbar(t('messages.imported'), { variant: 'success' });
      onImported?.(created.uuid);
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        for (const violation of error.violations) {
          const field = fieldOfViolation(violation.propertyPath, values.notifications);
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
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('fields.notifications')}
            </Typography>
            <Stack spacing={1.5}>
              {rows.fields.map((row, index) => (
                <Stack
                  key={row.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                  data-testid="notification-row"
                >
                  <Controller
                    name={`notifications.${index}.type`}
                    control={form.control}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        inputRef={field.ref}
                        select
                        size="small"
                        label={t('fields.notificationType', { index: index + 1 })}
                        required
                        error={fieldState.invalid}
                        helperText={translate(fieldState.error?.message)}
                        sx={{ minWidth: 200, flex: { sm: '0 0 260px' } }}
                      >
                        {importNotificationTypes.map((type) => (
                          <MenuItem key={type} value={type}>
                            {t(`notificationTypes.${type}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  <Box sx={{ flexGrow: 1 }}>
                    <Controller
                      name={`notifications.${index}.file`}
                      control={form.control}
                      render={({ field, fieldState }) => (
                        <FileField
                          label={t('fields.notificationFile', { index: index + 1 })}
                          accept={XML_ACCEPT}
                          required
                          value={field.value}
                          onChange={field.onChange}
                          error={translate(fieldState.error?.message)}
                        />
                      )}
                    />
                  </Box>
                  <IconButton
                    aria-label={t('actions.removeNotification', { index: index + 1 })}
                    onClick={() => rows.remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => rows.append(emptyNotificationRow())}
                  disabled={rows.fields.length >= importNotificationTypes.length}
                >
                  {t('actions.addNotification')}
                </Button>
              </Box>
            </Stack>
          </Box>
          <FileNameAndSdiIdFields
            control={form.control}
            required={nameAndIdRequired}
            hint={t('hints.fromNotification')}
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
 * Imports a customer invoice sent through another channel, with its SDI notifications
 * (account spec 2.10, 5). Mounted by the customer invoice list.
 */
export function CustomerInvoiceImportDialog({
  open,
  onClose,
  onImported,
}: InvoiceImportDialogProps) {
  const { t } = useTranslation('invoiceImports');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('customer.title')}</DialogTitle>
      {/* Closed dialogs unmount their content: each opening starts from an empty form. */}
      {open && <CustomerImportForm onClose={onClose} onImported={onImported} />}
    </Dialog>
  );
}
