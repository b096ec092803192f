import { importNotificationTypes } from '@fiscus/contracts';
import type { CustomerInvoiceImport } from '@fiscus/contracts';
import { z } from 'zod';
import {
  importMessages,
  INVOICE_FILE_NAME_MAX_LENGTH,
  isInvoiceFileName,
  isXmlFileName,
  SDI_ID_MAX_LENGTH,
} from './import-messages';
import { readFileAsBase64 } from '../../../lib/read-file';

export type ImportNotificationType = (typeof importNotificationTypes)[number];

const fileField = z.custom<File | null>((value) => value === null || value instanceof Blob);

const notificationRow = z.object({
  type: z.union([z.enum(importNotificationTypes), z.literal('')]),
  file: fileField,
});

/**
 * Import of a customer invoice (account spec 5): the invoice file is required; each notification
 * row needs a type and a file; without one complete notification (which names the file and
 * carries SDI's id) the file name and the SDI id are required.
 */
export const customerImportFormSchema = z
  .object({
    invoice: fileField,
    invoice_file_name: z
      .string()
      .trim()
      .max(INVOICE_FILE_NAME_MAX_LENGTH, { error: importMessages.tooLong }),
    sdi_id: z.string().trim().max(SDI_ID_MAX_LENGTH, { error: importMessages.tooLong }),
    notifications: z.array(notificationRow),
  })
  .superRefine((values, context) => {
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    if (!values.invoice) issue(['invoice'], importMessages.invoiceRequired);
    else if (values.invoice instanceof File && !isInvoiceFileName(values.invoice.name)) {
      issue(['invoice'], importMessages.invoiceFileType);
    }
    const seen = new Set<string>();
    values.notifications.forEach((row, index) => {
      if (row.type === '')
        issue(['notifications', index, 'type'], importMessages.notificationTypeRequired);
      else if (seen.has(row.type)) {
        issue(['notifications', index, 'type'], importMessages.duplicateNotificationType);
      } else seen.add(row.type);
      if (!row.file)
        issue(['notifications', index, 'file'], importMessages.notificationFileRequired);
      else if (row.file instanceof File && !isXmlFileName(row.file.name)) {
        issue(['notifications', index, 'file'], importMessages.xmlFileType);
      }
    });
    if (!hasCompleteNotification(values.notifications)) {
      if (values.invoice_file_name === '') {
        issue(['invoice_file_name'], importMessages.requiredWithoutNotification);
      }
      if (values.sdi_id === '') issue(['sdi_id'], importMessages.requiredWithoutNotification);
    }
  });

export type CustomerImportFormInput = z.input<typeof customerImportFormSchema>;
export type CustomerImportFormValues = z.output<typeof customerImportFormSchema>;
export type NotificationRow = z.infer<typeof notificationRow>;

/** A row with both a type and a file: SDI's message names the invoice file and its id. */
export function hasCompleteNotification(rows: readonly NotificationRow[]): boolean {
  return rows.some((row) => row.type !== '' && row.file !== null);
}

export function emptyCustomerImport(): CustomerImportFormInput {
  return { invoice: null, invoice_file_name: '', sdi_id: '', notifications: [] };
}

export function emptyNotificationRow(): NotificationRow {
  return { type: '', file: null };
}

/** The request body: files as base64, empty name and id left out (the notifications carry them). */
export async function toCustomerImportPayload(
  values: CustomerImportFormValues,
): Promise<CustomerInvoiceImport> {
  if (!values.invoice) throw new Error('The schema guarantees an invoice file');
  const notifications: Partial<Record<ImportNotificationType, string>> = {};
  for (const row of values.notifications) {
    if (row.type !== '' && row.file) notifications[row.type] = await readFileAsBase64(row.file);
  }
  const payload: CustomerInvoiceImport = { invoice: await readFileAsBase64(values.invoice) };
  if (values.invoice_file_name) payload.invoice_file_name = values.invoice_file_name;
  if (values.sdi_id) payload.sdi_id = values.sdi_id;
  if (Object.keys(notifications).length > 0) payload.notifications = notifications;
  return payload;
}
