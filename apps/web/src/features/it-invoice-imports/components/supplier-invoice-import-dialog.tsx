import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form';
import { useImportSupplierInvoice } from '../api/use-import-invoice';
import { INVOICE_ACCEPT, XML_ACCEPT } from '../model/import-messages';
import {
  emptySupplierImport,
  supplierImportFormSchema,
  toSupplierImportPayload,
} from '../model/supplier-import-schema';
import type { SupplierImportFormInput } from '../model/supplier-import-schema';
import { FileField } from './file-field';
import { FileNameAndSdiIdFields } from './file-name-and-sdi-id-fields';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';
import { useImportMessage } from './use-import-message';

/** Name and SDI id are asked for only without a metadata file, which gives both. */
function SupplierNameAndSdiId() {
  const { t } = useTranslation('invoiceImports');
  const metadata = useWatch<SupplierImportFormInput, 'metadata'>({ name: 'metadata' });
  return <FileNameAndSdiIdFields required={metadata === null} hint={t('hints.fromMetadata')} />;
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
  const translate = useImportMessage();
  const importInvoice = useImportSupplierInvoice();
  return (
    <FormDialog
      open={open}
      title={t('supplier.title')}
      ns="invoiceImports"
      schema={supplierImportFormSchema}
      defaultValues={emptySupplierImport()}
      translateMessage={translate}
      onSubmit={async (values) => {
        const created = await importInvoice.mutateAsync(await toSupplierImportPayload(values));
        onImported?.(created.uuid);
        return created;
      }}
      successMessage={t('messages.imported')}
      failureMessage={(failure) =>
        failure.isValidation ? t('messages.validationError') : t('messages.importError')
      }
      submitLabel={t('actions.import')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <FileField name="invoice" accept={INVOICE_ACCEPT} required />
      <FileField name="metadata" accept={XML_ACCEPT} />
      <SupplierNameAndSdiId />
    </FormDialog>
  );
}
