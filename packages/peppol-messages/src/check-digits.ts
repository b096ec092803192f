/**
 * The check-digit algorithms the Peppol participant identifier code list names for its schemes
 * (its `validation-rules`), each on a string of digits (or of the scheme's own characters).
 */

/** Luhn (ISO/IEC 7812): the Swedish organisation number (0007), the Italian partita IVA (0211). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** GS1 mod 10 with weights 3 and 1 from the right (GLN, 0088). */
export function gs1Valid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length - 1; index++) {
    const weight = (digits.length - 1 - index) % 2 === 1 ? 3 : 1;
    sum += Number(digits[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * Mod 11 with the given weights on the leading digits, the last digit the check (the Norwegian
 * organisation number, 0192: weights 3, 2, 7, 6, 5, 4, 3, 2); a remainder giving 10 is invalid.
 */
export function mod11Valid(digits: string, weights: readonly number[]): boolean {
  if (!/^\d+$/.test(digits) || digits.length !== weights.length + 1) return false;
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[digits.length - 1]);
}

/**
 * Belgian mod 97 (the enterprise number, 0208, and the VAT number, 9925): the last two digits are
 * 97 minus the first eight modulo 97.
 */
export function belgianMod97Valid(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}
