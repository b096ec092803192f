import { importNotificationTypes } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileField, FormDialog, SelectField } from '../../../components/form';
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
import { FileNameAndSdiIdFields } from './file-name-and-sdi-id-fields';
import { useImportFormProps } from './invoice-import-dialog-props';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';

/** The server names a notification's violation `notifications.<TYPE>`; the form, by row. */
function fieldOfViolation(
  propertyPath: string,
  values: CustomerImportFormInput,
): string | undefined {
  const match = /^notifications\.([A-Z]{2})$/.exec(propertyPath);
  if (!match) return propertyPath;
  const index = values.notifications.findIndex((row) => row.type === match[1]);
  return index >= 0 ? `notifications.${index}.file` : undefined;
}

/** The first notification file chosen: it names the invoice file and SDI's id. */
function firstNotificationFile(rows: CustomerImportFormInput['notifications']): File | null {
  return rows.map((row) => row.file).find((file): file is File => file instanceof File) ?? null;
}

/** The SDI notifications sent with the invoice: a type and a file per row. */
function NotificationRows() {
  const { t } = useTranslation('invoiceImports');
  const rows = useFieldArray<CustomerImportFormInput, 'notifications'>({ name: 'notifications' });
  const watchedRows = useWatch<CustomerImportFormInput, 'notifications'>({
    name: 'notifications',
  });
  return (
    <>
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
              <SelectField
                name={`notifications.${index}.type`}
                label={t('fields.notificationType', { index: index + 1 })}
                size="small"
                required
                fullWidth={false}
                sx={{ minWidth: 200, flex: { sm: '0 0 260px' } }}
                options={importNotificationTypes}
                optionLabel={(type) => t(`notificationTypes.${type}`)}
              />
              <Box sx={{ flexGrow: 1 }}>
                <FileField
                  name={`notifications.${index}.file`}
                  label={t('fields.notificationFile', { index: index + 1 })}
                  help={null}
                  accept={XML_ACCEPT}
                  emptyLabel={t('files.none')}
                  required
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
        required={!hasCompleteNotification(watchedRows)}
        hint={t('hints.fromNotification')}
        source={firstNotificationFile(watchedRows)}
      />
    </>
  );
}

/**
 * Imports a customer invoice sent through another channel, with its SDI notifications
 * (account spec 2.10, 5). Mounted by the customer invoice list.
 */
export function CustomerInvoiceImportDialog(props: InvoiceImportDialogProps) {
  const { t } = useTranslation('invoiceImports');
  const importInvoice = useImportCustomerInvoice();
  const shared = useImportFormProps(props, async (values: CustomerImportFormValues) =>
    importInvoice.mutateAsync(await toCustomerImportPayload(values)),
  );
  return (
    <FormDialog
      {...shared}
      title={t('customer.title')}
      maxWidth="md"
      schema={customerImportFormSchema}
      defaultValues={emptyCustomerImport()}
      fieldOfViolation={fieldOfViolation}
    >
      <FileField name="invoice" accept={INVOICE_ACCEPT} emptyLabel={t('files.none')} required />
      <NotificationRows />
    </FormDialog>
  );
}
