import type { SupplierInvoiceImport } from '@fiscus/contracts';
import { z } from 'zod';
import {
  importMessages,
  INVOICE_FILE_NAME_MAX_LENGTH,
  isInvoiceFileName,
  isXmlFileName,
  SDI_ID_MAX_LENGTH,
} from './import-messages';
import { readFileAsBase64 } from '../../../lib/read-file';

const fileField = z.custom<File | null>((value) => value === null || value instanceof Blob);

/**
 * Import of a supplier invoice (account spec 5): the invoice file is required; without SDI's
 * metadata file the file name and the SDI id are required.
 */
export const supplierImportFormSchema = z
  .object({
    invoice: fileField,
    metadata: fileField,
    invoice_file_name: z
      .string()
      .trim()
      .max(INVOICE_FILE_NAME_MAX_LENGTH, { error: importMessages.tooLong }),
    sdi_id: z.string().trim().max(SDI_ID_MAX_LENGTH, { error: importMessages.tooLong }),
  })
  .superRefine((values, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!values.invoice) issue('invoice', importMessages.invoiceRequired);
    else if (values.invoice instanceof File && !isInvoiceFileName(values.invoice.name)) {
      issue('invoice', importMessages.invoiceFileType);
    }
    if (values.metadata instanceof File && !isXmlFileName(values.metadata.name)) {
      issue('metadata', importMessages.xmlFileType);
    }
    if (!values.metadata) {
      if (values.invoice_file_name === '') issue('invoice_file_name', importMessages.required);
      if (values.sdi_id === '') issue('sdi_id', importMessages.required);
    }
  });

export type SupplierImportFormInput = z.input<typeof supplierImportFormSchema>;
export type SupplierImportFormValues = z.output<typeof supplierImportFormSchema>;

export function emptySupplierImport(): SupplierImportFormInput {
  return { invoice: null, metadata: null, invoice_file_name: '', sdi_id: '' };
}

export async function toSupplierImportPayload(
  values: SupplierImportFormValues,
): Promise<SupplierInvoiceImport> {
  if (!values.invoice) throw new Error('The schema guarantees an invoice file');
  const payload: SupplierInvoiceImport = { invoice: await readFileAsBase64(values.invoice) };
  if (values.metadata) payload.metadata = await readFileAsBase64(values.metadata);
  if (values.invoice_file_name) payload.invoice_file_name = values.invoice_file_name;
  if (values.sdi_id) payload.sdi_id = values.sdi_id;
  return payload;
}
