import type { Violation } from '../../../lib/hydra';
import type { Profile } from '@fiscus/contracts';
import type { FatturaElettronica, FatturaElettronicaSemplificata } from '@fiscus/fatturapa';

export type InvoiceFormVariant = 'standard' | 'simplified';

/**
 * new: a fresh invoice or draft; edit: a stored draft; send: a stored draft about to be sent;
 * fix: a rejected invoice resent as a new one; credit-note: a copy of a sent invoice as TD04/TD08.
 */
export type InvoiceFormMode = 'new' | 'edit' | 'send' | 'fix' | 'credit-note';

/** What the form hands to its callbacks: the invoice JSON with every empty value removed. */
export type InvoicePayload = FatturaElettronica | FatturaElettronicaSemplificata;

/** The account's invoicing profile fields the supplier is prefilled from (spec 3). */
export type SupplierProfile = Partial<
  Pick<
    Profile,
    | 'invoicing_country'
    | 'invoicing_vat_number'
    | 'invoicing_fiscal_id'
    | 'invoicing_name'
    | 'invoicing_address'
    | 'invoicing_city'
    | 'invoicing_province'
    | 'invoicing_cap'
  >
>;

/**
 * A violation as the invoice endpoints report it (propertyContent is the rejected value; the
 * engine's code and its sentence in each language, which the alert words).
 */
export type InvoiceViolation = Violation;

/**
 * The answer of `onValidate`. A callback may also throw `ApiError` (422 with violations); a
 * result with `valid: false` is handled the same way.
 */
export interface ValidationResult {
  valid: boolean;
  violations?: InvoiceViolation[];
}

/** The answer of `onSubmit`; the screen that mounts the form decides where to go next. */
export interface SubmitResult {
  uuid?: string;
}
