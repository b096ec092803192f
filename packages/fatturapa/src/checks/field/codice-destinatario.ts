import type { InvoiceFormat } from '../../model/index.ts';

const PA_OFFICE_CODE = /^[A-Z0-9]{6}$/;
const SDI_CHANNEL_CODE = /^[A-Z0-9]{7}$/;

/**
 * Whether `value` is a well-formed codice destinatario: 6 characters (an IPA office code) for
 * invoices to the public administration (FPA12), 7 characters (an SDI channel code,
 * `0000000` for PEC or the reserved area, `XXXXXXX` for foreign buyers) for FPR12 and FSM10.
 * Without a format either length is accepted. Upper-case letters and digits only.
 */
export function isValidCodiceDestinatario(value: string, format?: InvoiceFormat): boolean {
  if (format === 'FPA12') return PA_OFFICE_CODE.test(value);
  if (format === 'FPR12' || format === 'FSM10') return SDI_CHANNEL_CODE.test(value);
  return PA_OFFICE_CODE.test(value) || SDI_CHANNEL_CODE.test(value);
}

const CAP_PATTERN = /^\d{5}$/;

/** Whether `value` is an Italian postal code (CAP): exactly 5 digits. */
export function isValidCap(value: string): boolean {
  return CAP_PATTERN.test(value);
}
