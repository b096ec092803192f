/**
 * The validation messages of the import dialogs, in the spec's (and the API's) English wording, so
 * a client check and a server violation read and translate the same. Keys are the i18n keys under
 * `invoiceImports:validation`.
 */
export const importMessages = {
  invoiceRequired: 'Please upload invoice file',
  notificationTypeRequired: 'Please select notification type',
  notificationFileRequired: 'Please upload notification file',
  requiredWithoutNotification: 'This field is required when there is not any notification',
  required: 'This field is required',
  invoiceFileType: 'The invoice file must be .xml or .p7m',
  xmlFileType: 'The file must be .xml',
  duplicateNotificationType: 'This notification type is already listed',
  tooLong: 'This value is too long.',
} as const;

export type ImportMessageKey = keyof typeof importMessages;

const keysByMessage = new Map<string, string>(
  Object.entries(importMessages).map(([key, message]) => [message, key]),
);

/** The i18n key of a known message (client or server), or undefined for any other text. */
export function importMessageKey(message: string): string | undefined {
  return keysByMessage.get(message);
}

/** Spec 5: invoices are .xml or .p7m (signed), notifications and metadata .xml. */
export function isInvoiceFileName(name: string): boolean {
  return /\.(xml|p7m)$/i.test(name);
}

export function isXmlFileName(name: string): boolean {
  return /\.xml$/i.test(name);
}

/** The `accept` attribute of the invoice and XML file inputs. */
export const INVOICE_ACCEPT = '.xml,.p7m,application/xml,text/xml,application/pkcs7-mime';
export const XML_ACCEPT = '.xml,application/xml,text/xml';

/** Limits of the import contract (`@fiscus/contracts` invoice-imports). */
export const INVOICE_FILE_NAME_MAX_LENGTH = 50;
export const SDI_ID_MAX_LENGTH = 20;
