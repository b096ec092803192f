/**
 * When the business registry page shows the supplier-invoice settings box (spec 2.6): only for a
 * user whose SDI recipient code (codice destinatario) is set and is a real channel code.
 */

/**
 * The two fixed codes of the SDI that name no channel of this provider, as the real system
 * assigns them: '0000000' is the code of a recipient without one (invoices reach it by PEC or only
 * in its cassetto fiscale), 'XXXXXXX' is the code of a foreign recipient. Supplier invoices never
 * arrive here through such a code, so their settings would do nothing.
 */
export const SPECIAL_RECIPIENT_CODES: readonly string[] = ['0000000', 'XXXXXXX'];

export function showsSupplierInvoiceSettings(recipientCode: string | null | undefined): boolean {
  const code = recipientCode?.trim().toUpperCase() ?? '';
  return code !== '' && !SPECIAL_RECIPIENT_CODES.includes(code);
}
