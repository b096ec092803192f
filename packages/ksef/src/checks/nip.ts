const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/**
 * The NIP check digit (weryfikacja-faktury.md, "Walidacja numeru NIP"): ten digits, the first
 * nine weighted 6, 5, 7, 2, 3, 4, 5, 6, 7, their sum mod 11 is the tenth digit; a sum giving 10
 * is never a valid NIP.
 */
export function isValidNip(nip: string): boolean {
  if (nip.length !== 10) return false;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = nip.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    if (index < 9) sum += digit * (WEIGHTS[index] ?? 0);
  }
  const check = sum % 11;
  return check !== 10 && check === nip.charCodeAt(9) - 48;
}
