import type { RenderLang as Lang } from './rendered-document.ts';

interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

// Amounts arrive as the decimal strings of the XML; parsing them as text keeps every digit
// (an 8-decimal unit price would lose precision through a binary float).
const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?$/;

function splitDecimal(value: string): DecimalParts | undefined {
  const match = decimalPattern.exec(value.trim());
  if (!match) return undefined;
  const integer = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[3] ?? '';
  if (integer === '' && fraction === '') return undefined;
  const isZero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  return { negative: match[1] === '-' && !isZero, integer: integer || '0', fraction };
}

const separators: Record<Lang, { group: string; decimal: string }> = {
  it: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
  // Polish and French group with a (narrow) no-break space, so an amount never wraps.
  pl: { group: '\u00a0', decimal: ',' },
  nl: { group: '.', decimal: ',' },
  fr: { group: '\u202f', decimal: ',' },
};

function groupThousands(integer: string, separator: string): string {
  // Groups of three from the right, in one pass (a look-ahead per digit would be quadratic).
  const head = integer.length % 3 || 3;
  const groups = [integer.slice(0, head)];
  for (let i = head; i < integer.length; i += 3) groups.push(integer.slice(i, i + 3));
  return groups.join(separator);
}

/**
 * A decimal string in the language's notation, keeping the digits it has but at least
 * `minFraction` decimals (trailing zeros beyond that are dropped: "1.50000000" → "1,50").
 * Text that is not a decimal number is returned unchanged, so an invalid invoice still shows
 * what it contains.
 */
export function formatDecimal(value: string, lang: Lang, minFraction = 2): string {
  const parts = splitDecimal(value);
  if (!parts) return value;
  let fraction = withoutTrailingZeros(parts.fraction);
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const { group, decimal } = separators[lang];
  const body = groupThousands(parts.integer, group) + (fraction ? decimal + fraction : '');
  return (parts.negative ? '-' : '') + body;
}

const currencySymbols: Readonly<Record<string, string>> = {
  EUR: '€',
  USD: '$',
  GBP: '£',
  JPY: '¥',
};

/**
 * A money amount: Italian "1.234,56 €", English "€1,234.56", Polish "1 234,56 €", Dutch
 * "€ 1.234,56", French "1 234,56 €". Currencies without a common symbol show their ISO code
 * ("1.234,56 CHF", "CHF 1,234.56").
 */
export function formatMoney(value: string, currency: string, lang: Lang): string {
  if (!splitDecimal(value)) return value;
  const number = formatDecimal(value, lang, 2);
  const code = currency.trim().toUpperCase() || 'EUR';
  const symbol = currencySymbols[code];
  const negative = number.startsWith('-');
  const magnitude = negative ? number.slice(1) : number;
  const sign = negative ? '-' : '';
  // A no-break space keeps the amount and its currency on one line in narrow table cells.
  if (lang === 'it' || lang === 'pl' || lang === 'fr') {
    return `${sign}${magnitude}\u00a0${symbol ?? code}`;
  }
  if (lang === 'nl') return `${sign}${symbol ?? code}\u00a0${magnitude}`;
  return symbol ? `${sign}${symbol}${magnitude}` : `${sign}${code}\u00a0${magnitude}`;
}

/** A percentage rate such as AliquotaIVA "22.00" → "22,00%" / "22.00%". */
export function formatRate(value: string, lang: Lang): string {
  const number = formatDecimal(value, lang, 2);
  return splitDecimal(value) ? `${number}%` : value;
}

/**
 * The decoded size of a base64 payload, computed from its length (the content is not decoded):
 * every 4 characters carry 3 bytes, less the `=` padding.
 */
export function base64DecodedSize(base64: string): number {
  const compact = base64.replace(/[^A-Za-z0-9+/=]/g, '');
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((compact.length * 3) / 4) - padding);
}

/** A byte count for people: "512 B", "13,1 KB" / "13.1 KB", "2,4 MB". */
export function formatByteSize(bytes: number, lang: Lang): string {
  const { decimal } = separators[lang];
  if (bytes < 1024) return `${bytes}\u00a0B`;
  const [size, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  // One decimal is enough for a size shown next to the exact byte count.
  return `${size.toFixed(1).replace('.', decimal)}\u00a0${unit} (${groupThousands(String(bytes), separators[lang].group)}\u00a0B)`;
}

function withoutTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end -= 1;
  return digits.slice(0, end);
}
