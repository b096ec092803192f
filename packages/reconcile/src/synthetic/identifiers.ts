/** Valid-looking Italian identifiers for the synthetic ledger: IBANs, partite IVA, RF references. */
import type { Random } from './random.ts';

/** The remainder mod 97 of a string of digits and letters as ISO 13616 / 11649 read it. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

const CIN_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** An Italian IBAN (CIN and check digits right) on a random account of bank `abi`. */
export function italianIban(random: Random, abi = random.digits(5)): string {
  const bban = `${abi}${random.digits(5)}${random.digits(12)}`;
  let sum = 0;
  for (let index = 0; index < bban.length; index += 1) {
    const digit = Number(bban[index]);
    sum += index % 2 === 0 ? (CIN_ODD[digit] ?? 0) : digit;
  }
  const cin = String.fromCharCode(65 + (sum % 26));
  const check = 98 - mod97(`${cin}${bban}IT00`);
  return `IT${String(check).padStart(2, '0')}${cin}${bban}`;
}

/** A partita IVA with its check digit right. */
export function partitaIva(random: Random): string {
  const body = `${random.int(1, 9)}${random.digits(6)}${String(random.int(1, 100)).padStart(3, '0')}`;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    let digit = Number(body[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** An ISO 11649 creditor reference (RF and check digits) around `reference`. */
export function creditorReference(reference: string): string {
  const check = 98 - mod97(`${reference}RF00`);
  return `RF${String(check).padStart(2, '0')}${reference}`;
}
