const ELEVEN_DIGITS = /^\d{11}$/;

/**
 * The Italian check-digit algorithm shared by the Partita IVA and the numeric codice fiscale of
 * companies (DM 23/12/1976): digits in odd positions are summed, digits in even positions are
 * doubled (minus 9 when over 9) and summed; the last digit brings the total to a multiple of 10.
 */
function hasValidCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = digits.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(10) - 48;
}

/**
 * Whether `value` is a well-formed Italian Partita IVA: 11 digits, not all zero, with a correct
 * check digit. (Whether it is registered is a registry question: SDI code 00301.)
 */
export function isValidPartitaIva(value: string): boolean {
  return ELEVEN_DIGITS.test(value) && value !== '00000000000' && hasValidCheckDigit(value);
}
