/**
 * The public page's access code (spec 2 "Public invoice access", 5, 8): what a refusal of the
 * typed code means, shown on the field; and the activated code, kept for the tab's session so a
 * reload does not ask for a new e-mail (the API keeps an opened invoice open for a day).
 */
import { ApiError } from '../../../lib/hydra';

/** `PL_ACCESS_CODE.minutes` of the contract (a code lives 15 minutes); a test holds them equal. */
export const ACCESS_CODE_MINUTES = 15;

/** Why the API refused a typed code (the contract's `PL_INVOICE_MESSAGES` codes). */
export const CODE_REFUSALS = [
  'invalid_access_code',
  'access_code_expired',
  'too_many_tries',
] as const;
export type CodeRefusal = (typeof CODE_REFUSALS)[number];

/** The refusal a 422 names on `accessCode`, or null for any other failure. */
export function codeRefusalOf(error: unknown): CodeRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  for (const violation of error.violations) {
    if (violation.propertyPath !== 'accessCode') continue;
    const code = CODE_REFUSALS.find((refusal) => refusal === violation.code);
    // A refusal on the field without a code we know is still a wrong code to the user.
    return code ?? 'invalid_access_code';
  }
  return null;
}

/** Whether sending a code failed because the invoice names no buyer's e-mail. */
export function lacksRecipientEmail(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.violations.some((violation) => violation.code === 'no_recipient_email')
  );
}

const storageKey = (uuid: string) => `fiscus.plPublicInvoice.${uuid}`;

/** The code this tab activated for the invoice, or null. */
export function storedAccessCode(uuid: string): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(uuid));
  } catch {
    return null;
  }
}

export function storeAccessCode(uuid: string, code: string | null): void {
  try {
    if (code === null) window.sessionStorage.removeItem(storageKey(uuid));
    else window.sessionStorage.setItem(storageKey(uuid), code);
  } catch {
    // Private modes without storage: the code lives as long as the page.
  }
}
