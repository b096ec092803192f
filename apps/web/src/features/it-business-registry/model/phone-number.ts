/**
 * The smart receipt alert phone number (spec 5): it must carry its international prefix and be a
 * valid number of that country, checked with libphonenumber-js (Google's metadata); it is sent in
 * E.164 (`+393331234567`), the form the API stores, and as null when blank.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export type PhoneCheck = { ok: true; value: string | null } | { ok: false };

export function checkInternationalPhone(input: string): PhoneCheck {
  const typed = input.trim();
  if (typed === '') return { ok: true, value: null };
  // Without a default country only a number written with its prefix parses.
  if (!typed.startsWith('+')) return { ok: false };
  const number = parsePhoneNumberFromString(typed);
  return number?.isValid() ? { ok: true, value: number.number } : { ok: false };
}
