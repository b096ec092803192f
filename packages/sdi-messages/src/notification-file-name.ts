import { SdiMessageError } from './sdi-message-error.ts';

/** The notification types SDI emits or exchanges, as they appear in file names. */
export type SdiMessageType = 'RC' | 'NS' | 'MC' | 'NE' | 'DT' | 'AT' | 'EC' | 'SE' | 'MT';

// The invoice file name may be signed (.xml.p7m) or an archive (.zip); SDI drops the whole
// extension chain: IT01234567890_11111.xml.p7m -> IT01234567890_11111_RC_001.xml.
const invoiceExtension = /\.(xml(\.p7m)?|p7m|zip)$/i;

/** The invoice file name without its extension(s), as SDI uses it as notification prefix. */
export function invoiceFileBaseName(invoiceFileName: string): string {
  const base = invoiceFileName.replace(invoiceExtension, '');
  if (base === '' || /[\\/]/.test(base)) {
    throw new SdiMessageError('invalid-input', `Invalid invoice file name '${invoiceFileName}'`);
  }
  return base;
}

/**
 * The name SDI gives a notification: `<invoice name without extension>_<TYPE>_<nnn>.xml`, where
 * nnn is the progressive number of messages of that type for the file (SdICoop conventions).
 */
export function notificationFileName(
  invoiceFileName: string,
  type: SdiMessageType,
  progressivo: number,
): string {
  if (!Number.isInteger(progressivo) || progressivo < 1 || progressivo > 999) {
    throw new SdiMessageError(
      'invalid-input',
      `Notification progressive number must be 1-999, got ${progressivo}`,
    );
  }
  return `${invoiceFileBaseName(invoiceFileName)}_${type}_${String(progressivo).padStart(3, '0')}.xml`;
}
