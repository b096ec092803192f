/**
 * Names of payers and buyers reduced to the words that tell them apart: upper case, accents
 * dropped, legal forms (S.r.l., SpA, snc…) and one-letter words left out. 'Rossi Costruzioni
 * S.r.l.' and 'ROSSI COSTRUZIONI SRL' are the same words.
 */

const LEGAL_FORMS = new Set([
  'SRL',
  'SRLS',
  'SPA',
  'SNC',
  'SAS',
  'SAPA',
  'SCRL',
  'SCARL',
  'SOC',
  'SOCIETA',
  'COOP',
  'COOPERATIVA',
  'UNIPERSONALE',
  'DI',
  'DEL',
  'DELLA',
  'DEI',
  'E',
  'ED',
  'LTD',
  'GMBH',
  'AG',
  'SA',
  'SARL',
  'BV',
  'NV',
  'INC',
  'LLC',
  'THE',
  'AND',
  'ET',
  'DITTA',
]);

/** Most words of a name read. */
const MAX_NAME_WORDS = 12;

/** The distinctive words of a name. */
export function nameWords(name: string): string[] {
  const plain = name.normalize('NFD').toUpperCase();
  const words: string[] = [];
  let current = '';
  const flush = (): void => {
    if (current.length > 1 && !LEGAL_FORMS.has(current) && !words.includes(current)) {
      words.push(current);
    }
    current = '';
  };
  for (let index = 0; index < plain.length && words.length < MAX_NAME_WORDS; index += 1) {
    const code = plain.charCodeAt(index);
    if ((code >= 65 && code <= 90) || (code >= 48 && code <= 57)) current += plain[index];
    else if (code >= 0x300 && code <= 0x36f)
      continue; // an accent, left by NFD
    else if (code === 46 /* . */)
      continue; // 'S.r.l.' reads SRL
    else flush();
  }
  flush();
  return words;
}

/**
 * How alike two names are, 0..1: the Dice coefficient of their words, each weighted by how rare
 * it is among buyers (`weight`), so a shared surname counts less than a shared company name.
 */
export function nameSimilarity(
  payer: readonly string[],
  buyer: readonly string[],
  weight: (word: string) => number,
): number {
  let common = 0;
  let total = 0;
  for (const word of payer) {
    const w = weight(word);
    total += w;
    if (buyer.includes(word)) common += w;
  }
  for (const word of buyer) total += weight(word);
  return total === 0 ? 0 : (2 * common) / total;
}
