import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileField, FormDialog } from '../../../components/form';
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
import { FileNameAndSdiIdFields } from './file-name-and-sdi-id-fields';
import { useImportFormProps } from './invoice-import-dialog-props';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';

/** Name and SDI id are asked for only without a metadata file, which gives both. */
function SupplierNameAndSdiId() {
  const { t } = useTranslation('invoiceImports');
  const metadata = useWatch<SupplierImportFormInput, 'metadata'>({ name: 'metadata' });
  return (
    <FileNameAndSdiIdFields
      required={metadata === null}
      hint={t('hints.fromMetadata')}
      source={metadata instanceof File ? metadata : null}
    />
  );
}

/**
 * Imports a supplier invoice received through another channel, with SDI's metadata file
 * (account spec 2.10, 5). Mounted by the supplier invoice list.
 */
export function SupplierInvoiceImportDialog(props: InvoiceImportDialogProps) {
  const { t } = useTranslation('invoiceImports');
  const importInvoice = useImportSupplierInvoice();
  const shared = useImportFormProps(props, async (values: SupplierImportFormValues) =>
    importInvoice.mutateAsync(await toSupplierImportPayload(values)),
  );
  return (
    <FormDialog
      {...shared}
      title={t('supplier.title')}
      schema={supplierImportFormSchema}
      defaultValues={emptySupplierImport()}
    >
      <FileField name="invoice" accept={INVOICE_ACCEPT} emptyLabel={t('files.none')} required />
      <FileField name="metadata" accept={XML_ACCEPT} emptyLabel={t('files.none')} />
      <SupplierNameAndSdiId />
    </FormDialog>
  );
}
