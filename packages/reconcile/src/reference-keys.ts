/**
 * Invoice numbers and the references payers write, reduced to keys that survive how people
 * copy them: separators and spaces dropped ('FT 2026/123' and 'FT2026123'), leading zeros of each
 * group of digits dropped ('FT2026/00123'), the series' letters left out ('2026/123'). Read
 * character by character: no regular expression runs on remittance text.
 */

interface Segment {
  digits: boolean;
  text: string;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Runs of ASCII letters and of digits, upper-cased; every other character separates. */
function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  let current = '';
  let digits = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const digit = isDigit(code);
    if (!digit && !isLetter(code)) {
      if (current) segments.push({ digits, text: current });
      current = '';
      continue;
    }
    if (current && digit !== digits) {
      segments.push({ digits, text: current });
      current = '';
    }
    digits = digit;
    current += digit ? text[index] : (text[index] ?? '').toUpperCase();
  }
  if (current) segments.push({ digits, text: current });
  return segments;
}

function withoutLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits[start] === '0') start += 1;
  return digits.slice(start);
}

/** A key with how much it says: a strong key names one document; a weak one many. */
export interface ReferenceKey {
  key: string;
  strong: boolean;
}

/** Shortest key that may be found with a typo: shorter ones have too many neighbours. */
export const MIN_FUZZY_LENGTH = 5;

function keysOfSegments(segments: readonly Segment[], into: Map<string, boolean>): void {
  const digitSegments = segments.filter((segment) => segment.digits);
  if (digitSegments.length === 0) return;
  const hasLetters = digitSegments.length < segments.length;
  const add = (key: string, strong: boolean): void => {
    if (key === '') return;
    into.set(key, (into.get(key) ?? false) || strong);
  };
  const raw = segments.map((segment) => segment.text).join('');
  const stripped = segments
    .map((segment) => (segment.digits ? withoutLeadingZeros(segment.text) : segment.text))
    .join('');
  const digitsRaw = digitSegments.map((segment) => segment.text).join('');
  const digitsStripped = digitSegments.map((segment) => withoutLeadingZeros(segment.text)).join('');
  // Letters and digits together name one document of a series ('123A', 'FT2026123').
  add(raw, hasLetters || raw.length >= MIN_FUZZY_LENGTH);
  add(stripped, hasLetters || stripped.length >= MIN_FUZZY_LENGTH);
  add(digitsRaw, digitsRaw.length >= MIN_FUZZY_LENGTH);
  add(digitsStripped, digitsStripped.length >= MIN_FUZZY_LENGTH);
  // 'FT2026/00123' is also paid as 'fattura 123': a weak key, one of several series.
  if (digitSegments.length > 1 || hasLetters) {
    add(withoutLeadingZeros(digitSegments[digitSegments.length - 1]?.text ?? ''), false);
  }
}

/** The keys of an invoice number, strong and weak. */
export function invoiceNumberKeys(number: string): ReferenceKey[] {
  const keys = new Map<string, boolean>();
  keysOfSegments(segmentsOf(number), keys);
  return [...keys].map(([key, strong]) => ({ key, strong }));
}

/** A payment code (RF creditor reference, CodicePagamento) as compared: letters and digits. */
export function paymentCodeKey(code: string): string {
  return segmentsOf(code)
    .map((segment) => segment.text)
    .join('');
}

/** Most words of remittance text read: ISO 20022 allows long texts; payers write a few lines. */
const MAX_WORDS = 80;
/** Longest word kept as a reference (String20 invoice numbers, with room for typos). */
const MAX_WORD_LENGTH = 40;

function isWordBreak(code: number): boolean {
  // blanks, , ; : ( ) [ ] " '
  return (
    code <= 32 ||
    code === 44 ||
    code === 59 ||
    code === 58 ||
    code === 40 ||
    code === 41 ||
    code === 91 ||
    code === 93 ||
    code === 34 ||
    code === 39
  );
}

function wordsOf(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length && words.length < MAX_WORDS; index += 1) {
    const breaks = index === text.length || isWordBreak(text.charCodeAt(index));
    if (breaks) {
      if (start !== -1) words.push(text.slice(start, index));
      start = -1;
    } else if (start === -1) start = index;
  }
  return words;
}

function hasDigit(word: string): boolean {
  for (let index = 0; index < word.length; index += 1) {
    if (isDigit(word.charCodeAt(index))) return true;
  }
  return false;
}

function lettersOnly(word: string): string | undefined {
  const segments = segmentsOf(word);
  if (segments.length === 0 || segments.some((segment) => segment.digits)) return undefined;
  return segments.map((segment) => segment.text).join('');
}

/** A date as people write it (12/03/2026, 2026-03-12): never an invoice number. */
function isDate(segments: readonly Segment[]): boolean {
  if (segments.length !== 3 || segments.some((segment) => !segment.digits)) return false;
  const lengths = segments.map((segment) => segment.text.length).join(',');
  return lengths === '2,2,4' || lengths === '4,2,2' || lengths === '1,2,4' || lengths === '2,1,4';
}

/** Where a reference was found in the text, and the keys to look it up by. */
export interface TextReference {
  /** The text as written ('FT 2026/123'), for the explanation. */
  written: string;
  keys: ReferenceKey[];
}

/** Separators inside a word that may join several numbers ('101-115-130', '12+13'). */
function isListSeparator(character: string): boolean {
  return character === '-' || character === '+' || character === '/' || character === '&';
}

/**
 * The references a remittance text may hold: each word with a digit, joined with a short
 * series prefix before it ('FT 2026/123') or a series letter after it ('123 A'), without its
 * leading letters ('n.123/A'), and the parts of a list ('101-115-130'). Dates are left out.
 * At most 80 words are read.
 */
export function textReferences(text: string): TextReference[] {
  const words = wordsOf(text);
  const found = new Map<string, TextReference>();
  const add = (written: string): void => {
    if (written.length > MAX_WORD_LENGTH || found.has(written)) return;
    const segments = segmentsOf(written);
    if (isDate(segments)) return;
    const keys = new Map<string, boolean>();
    keysOfSegments(segments, keys);
    const firstDigit = segments.findIndex((segment) => segment.digits);
    if (firstDigit > 0) keysOfSegments(segments.slice(firstDigit), keys);
    if (keys.size > 0) {
      found.set(written, { written, keys: [...keys].map(([key, strong]) => ({ key, strong })) });
    }
  };
  words.forEach((word, index) => {
    if (!hasDigit(word)) return;
    add(word);
    const before = index > 0 ? lettersOnly(words[index - 1] ?? '') : undefined;
    if (before !== undefined && before.length <= 3) add(`${words[index - 1]} ${word}`);
    const next = words[index + 1] ?? '';
    const after = lettersOnly(next);
    if (after !== undefined && after.length <= 2) add(`${word} ${next}`);
    let part = '';
    let parts = 0;
    for (const character of word) {
      if (isListSeparator(character)) {
        if (part) add(part);
        part = '';
        parts += 1;
      } else part += character;
    }
    if (parts > 0 && part) add(part);
  });
  return [...found.values()];
}

function digitOrNothing(character: string | undefined): boolean {
  return character === undefined || (character >= '0' && character <= '9');
}

/**
 * Whether `a` and `b` differ by at most one typo in their digits: a digit replaced, added or
 * left out, or two neighbouring digits swapped. Letters must agree: 'N127A' is not '2127A'.
 * Linear.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) {
    return (
      digitOrNothing(restA === 1 ? a[start] : undefined) &&
      digitOrNothing(restB === 1 ? b[start] : undefined)
    );
  }
  return (
    restA === 2 &&
    restB === 2 &&
    a[start] === b[start + 1] &&
    a[start + 1] === b[start] &&
    digitOrNothing(a[start]) &&
    digitOrNothing(a[start + 1])
  );
}

/** The key and every string made by leaving one character out (the deletion neighbourhood). */
export function deletionVariants(key: string): string[] {
  const variants = [key];
  for (let index = 0; index < key.length; index += 1) {
    const variant = key.slice(0, index) + key.slice(index + 1);
    if (variant !== variants[variants.length - 1]) variants.push(variant);
  }
  return variants;
}
