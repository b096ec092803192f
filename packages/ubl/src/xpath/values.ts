/**
 * The XPath 2.0 data model over the one parsed tree: items, sequences, atomization, casts,
 * comparisons and arithmetic, with the semantics Saxon-HE applies to untyped documents.
 *
 * Atomic values are plain JS values where the types map one to one, classes otherwise:
 * xs:string → string, xs:double → number, xs:boolean → boolean, xs:integer → bigint,
 * xs:decimal → Decimal (decimal.js), xs:untypedAtomic → Untyped, xs:date → XDate.
 */
import DecimalBase from 'decimal.js';
import { stringValue, type XNode } from '../tree/node.ts';

/** Decimals exact for every sum and product the rules make (division is rounded like Saxon). */
export const Decimal = DecimalBase.clone({
  precision: 400,
  rounding: DecimalBase.ROUND_DOWN,
  toExpNeg: -1e9,
  toExpPos: 1e9,
});
export type Decimal = DecimalBase;

export class Untyped {
  constructor(readonly value: string) {}
}

export class XDate {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    /** Minutes east of UTC; null when the lexical form had no time zone. */
    readonly tz: number | null,
  ) {}
}

export type Atomic = string | number | boolean | bigint | Decimal | Untyped | XDate;
export type Item = XNode | Atomic;
export type Seq = Item[];

/** A dynamic error: Saxon aborts the transformation with this code. */
export class XPathError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export const isNode = (item: Item): item is XNode =>
  typeof item === 'object' && (item as XNode).kind !== undefined;

export const isDecimal = (item: unknown): item is Decimal => item instanceof Decimal;

export const isNumeric = (item: Item): item is number | bigint | Decimal =>
  typeof item === 'number' || typeof item === 'bigint' || item instanceof Decimal;

export function atomize(item: Item): Atomic {
  return isNode(item) ? new Untyped(stringValue(item)) : item;
}

export function atomizeSeq(seq: Seq): Atomic[] {
  let allAtomic = true;
  for (const item of seq) if (isNode(item)) allAtomic = false;
  return allAtomic ? (seq as Atomic[]) : seq.map(atomize);
}

/** At most one atomized item (XPTY0004 for more). */
export function atomizeOpt(seq: Seq, what: string): Atomic | undefined {
  if (seq.length === 0) return undefined;
  if (seq.length > 1)
    throw new XPathError('XPTY0004', `a sequence of more than one item is not allowed as ${what}`);
  return atomize(seq[0]!);
}

export function typeName(value: Atomic): string {
  if (typeof value === 'string') return 'xs:string';
  if (typeof value === 'number') return 'xs:double';
  if (typeof value === 'boolean') return 'xs:boolean';
  if (typeof value === 'bigint') return 'xs:integer';
  if (value instanceof Decimal) return 'xs:decimal';
  if (value instanceof Untyped) return 'xs:untypedAtomic';
  return 'xs:date';
}

// ---------------------------------------------------------------------------------------------
// String forms

export function doubleToString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const abs = Math.abs(value);
  if (abs >= 1e-6 && abs < 1e6) {
    const text = String(value);
    if (!text.includes('e')) return text;
    return new Decimal(value).toFixed();
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${digits}E${exponent.startsWith('+') ? exponent.slice(1) : exponent}`;
}

export function decimalToString(value: Decimal): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}

const pad = (n: number, width: number): string => String(Math.abs(n)).padStart(width, '0');

export function dateToString(date: XDate): string {
  const year = (date.year < 0 ? '-' : '') + pad(date.year, 4);
  let text = `${year}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
  if (date.tz !== null) {
    if (date.tz === 0) text += 'Z';
    else {
      const sign = date.tz < 0 ? '-' : '+';
      text += `${sign}${pad(Math.trunc(Math.abs(date.tz) / 60), 2)}:${pad(Math.abs(date.tz) % 60, 2)}`;
    }
  }
  return text;
}

export function atomicToString(value: Atomic): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return doubleToString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Decimal) return decimalToString(value);
  if (value instanceof Untyped) return value.value;
  return dateToString(value);
}

export function itemToString(item: Item): string {
  return isNode(item) ? stringValue(item) : atomicToString(item);
}

// ---------------------------------------------------------------------------------------------
// Casts

const isWs = (c: number): boolean => c === 0x20 || c === 0x9 || c === 0xa || c === 0xd;

/** XML Schema whitespace collapse at both ends (what casts do before reading the lexical form). */
export function trimXml(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isWs(text.charCodeAt(start))) start++;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** Lexical xs:decimal (sign, digits, optional point): no exponent. */
function isDecimalLexical(text: string): boolean {
  let i = 0;
  if (text[0] === '+' || text[0] === '-') i++;
  let digits = 0;
  while (i < text.length && isDigit(text.charCodeAt(i))) {
    i++;
    digits++;
  }
  if (i < text.length && text[i] === '.') {
    i++;
    while (i < text.length && isDigit(text.charCodeAt(i))) {
      i++;
      digits++;
    }
  }
  return digits > 0 && i === text.length;
}

function isIntegerLexical(text: string): boolean {
  let i = 0;
  if (text[0] === '+' || text[0] === '-') i++;
  const start = i;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i > start && i === text.length;
}

function isDoubleLexical(text: string): boolean {
  let i = 0;
  if (text[0] === '+' || text[0] === '-') i++;
  let digits = 0;
  while (i < text.length && isDigit(text.charCodeAt(i))) {
    i++;
    digits++;
  }
  if (i < text.length && text[i] === '.') {
    i++;
    while (i < text.length && isDigit(text.charCodeAt(i))) {
      i++;
      digits++;
    }
  }
  if (digits === 0) return false;
  if (i < text.length && (text[i] === 'e' || text[i] === 'E')) {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    const start = i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  return i === text.length;
}

function castError(value: string, type: string): XPathError {
  return new XPathError('FORG0001', `cannot convert string "${value.slice(0, 60)}" to ${type}`);
}

export function stringToDouble(text: string): number | undefined {
  const t = trimXml(text);
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  if (t === 'NaN') return NaN;
  return isDoubleLexical(t) ? Number(t) : undefined;
}

export function toDouble(value: Atomic): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Decimal) return value.toNumber();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || value instanceof Untyped) {
    const text = typeof value === 'string' ? value : value.value;
    const result = stringToDouble(text);
    if (result === undefined) throw castError(text, 'xs:double');
    return result;
  }
  throw new XPathError('XPTY0004', `cannot convert ${typeName(value)} to xs:double`);
}

/** `number()`: like a cast to xs:double, NaN instead of an error. */
export function toNumber(value: Atomic | undefined): number {
  if (value === undefined) return NaN;
  if (typeof value === 'string' || value instanceof Untyped) {
    return stringToDouble(typeof value === 'string' ? value : value.value) ?? NaN;
  }
  if (value instanceof XDate) return NaN;
  return toDouble(value);
}

/** Decimals parsed from text, by text (decimal.js values are immutable): amounts repeat a lot. */
const DECIMALS = new Map<string, Decimal>();

/** Decimals of the small integers (the literals 0, 1, 10, 100 of the rules' arithmetic), made once. */
const SMALL_DECIMALS: Array<Decimal | undefined> = [];
const SMALL_LOW = -128n;
const SMALL_HIGH = 1024n;

export function toDecimal(value: Atomic): Decimal {
  if (value instanceof Decimal) return value;
  if (typeof value === 'bigint') {
    if (value < SMALL_LOW || value >= SMALL_HIGH) return new Decimal(value.toString());
    const index = Number(value - SMALL_LOW);
    return (SMALL_DECIMALS[index] ??= new Decimal(value.toString()));
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new XPathError('FOCA0002', `cannot convert ${doubleToString(value)} to xs:decimal`);
    return exactDecimal(value);
  }
  if (typeof value === 'boolean') return new Decimal(value ? 1 : 0);
  if (typeof value === 'string' || value instanceof Untyped) {
    const raw = typeof value === 'string' ? value : value.value;
    const cached = DECIMALS.get(raw);
    if (cached) return cached;
    const text = trimXml(raw);
    if (!isDecimalLexical(text)) throw castError(text, 'xs:decimal');
    const decimal = new Decimal(
      text.endsWith('.')
        ? text.slice(0, -1)
        : text.startsWith('.') || text.startsWith('-.') || text.startsWith('+.')
          ? text.replace('.', '0.')
          : text,
    );
    if (DECIMALS.size > 10_000) DECIMALS.clear();
    if (raw.length < 64) DECIMALS.set(raw, decimal);
    return decimal;
  }
  throw new XPathError('XPTY0004', `cannot convert ${typeName(value)} to xs:decimal`);
}

/** The exact decimal value of a finite double (as Java's new BigDecimal(double), which Saxon uses). */
export function exactDecimal(value: number): Decimal {
  if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER)
    return new Decimal(value);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  let exponent: number;
  if (exponentBits === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  let result: Decimal;
  if (exponent >= 0) result = new Decimal((mantissa << BigInt(exponent)).toString());
  else {
    const scaled = mantissa * 5n ** BigInt(-exponent);
    result = new Decimal(scaled.toString()).div(new Decimal(10).pow(-exponent));
  }
  return negative ? result.neg() : result;
}

export function toInteger(value: Atomic): bigint {
  if (typeof value === 'bigint') return value;
  if (value instanceof Decimal) return BigInt(value.trunc().toFixed());
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new XPathError('FOCA0002', `cannot convert ${doubleToString(value)} to xs:integer`);
    return BigInt(new Decimal(value).trunc().toFixed());
  }
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'string' || value instanceof Untyped) {
    const text = trimXml(typeof value === 'string' ? value : value.value);
    if (!isIntegerLexical(text)) throw castError(text, 'xs:integer');
    return BigInt(text.startsWith('+') ? text.slice(1) : text);
  }
  throw new XPathError('XPTY0004', `cannot convert ${typeName(value)} to xs:integer`);
}

export function toBoolean(value: Atomic): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' || value instanceof Untyped) {
    const text = trimXml(typeof value === 'string' ? value : value.value);
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw castError(text, 'xs:boolean');
  }
  if (typeof value === 'number') return !(value === 0 || Number.isNaN(value));
  if (typeof value === 'bigint') return value !== 0n;
  if (value instanceof Decimal) return !value.isZero();
  throw new XPathError('XPTY0004', `cannot convert ${typeName(value)} to xs:boolean`);
}

const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

function parseDate(text: string): XDate | undefined {
  let i = 0;
  let sign = 1;
  if (text[0] === '-') {
    sign = -1;
    i++;
  }
  const yearStart = i;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  const yearText = text.slice(yearStart, i);
  if (yearText.length < 4 || (yearText.length > 4 && yearText[0] === '0')) return undefined;
  const rest = text.slice(i);
  if (rest.length < 6 || rest[0] !== '-' || rest[3] !== '-') return undefined;
  const two = (s: string): number =>
    s.length === 2 && isDigit(s.charCodeAt(0)) && isDigit(s.charCodeAt(1)) ? Number(s) : -1;
  const month = two(rest.slice(1, 3));
  const day = two(rest.slice(4, 6));
  const year = sign * Number(yearText);
  if (year === 0 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return undefined;
  const zone = rest.slice(6);
  let tz: number | null = null;
  if (zone === 'Z') tz = 0;
  else if (zone.length === 6 && (zone[0] === '+' || zone[0] === '-') && zone[3] === ':') {
    const hours = two(zone.slice(1, 3));
    const minutes = two(zone.slice(4, 6));
    if (hours < 0 || minutes < 0 || minutes > 59 || hours > 14 || (hours === 14 && minutes !== 0))
      return undefined;
    tz = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  } else if (zone !== '') return undefined;
  return new XDate(year, month, day, tz);
}

export function toDate(value: Atomic): XDate {
  if (value instanceof XDate) return value;
  if (typeof value === 'string' || value instanceof Untyped) {
    const text = trimXml(typeof value === 'string' ? value : value.value);
    const date = parseDate(text);
    if (!date) throw castError(text, 'xs:date');
    return date;
  }
  throw new XPathError('XPTY0004', `cannot convert ${typeName(value)} to xs:date`);
}

/** The atomic types a cast or `castable as` can name. */
export type AtomicTypeName =
  'string' | 'integer' | 'decimal' | 'double' | 'boolean' | 'date' | 'untypedAtomic';

export function castTo(value: Atomic, type: AtomicTypeName): Atomic {
  switch (type) {
    case 'string':
      return atomicToString(value);
    case 'untypedAtomic':
      return new Untyped(atomicToString(value));
    case 'integer':
      return toInteger(value);
    case 'decimal':
      return toDecimal(value);
    case 'double':
      return toDouble(value);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      return toDate(value);
  }
}

// ---------------------------------------------------------------------------------------------
// Comparisons

/** Codepoint order of two strings (JS compares UTF-16 units, which differs above U+FFFF). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      const sa = ca >= 0xd800 && ca <= 0xdfff;
      const sb = cb >= 0xd800 && cb <= 0xdfff;
      if (sa !== sb) return sa ? 1 : -1;
      return ca < cb ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

function dateInstant(date: XDate): number {
  const instant = new Date(0);
  instant.setUTCFullYear(date.year, date.month - 1, date.day);
  // Saxon's implicit time zone is the machine's: UTC on the machines this runs on.
  return instant.getTime() - (date.tz ?? 0) * 60000;
}

export type CompareOp = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

function numericCompare(a: number | bigint | Decimal, b: number | bigint | Decimal): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = typeof a === 'number' ? a : toDouble(a);
    const y = typeof b === 'number' ? b : toDouble(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return toDecimal(a).cmp(toDecimal(b));
}

function applyOp(c: number, op: CompareOp): boolean {
  if (Number.isNaN(c)) return op === 'ne';
  switch (op) {
    case 'eq':
      return c === 0;
    case 'ne':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'le':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'ge':
      return c >= 0;
  }
}

/** Value comparison of two atomics once untyped values were converted. */
export function compareValues(a: Atomic, b: Atomic, op: CompareOp): boolean {
  if (a instanceof Untyped) a = a.value;
  if (b instanceof Untyped) b = b.value;
  if (typeof a === 'string' && typeof b === 'string') return applyOp(compareStrings(a, b), op);
  if (isNumeric(a) && isNumeric(b)) return applyOp(numericCompare(a, b), op);
  if (typeof a === 'boolean' && typeof b === 'boolean')
    return applyOp(a === b ? 0 : a ? 1 : -1, op);
  if (a instanceof XDate && b instanceof XDate) {
    const x = dateInstant(a);
    const y = dateInstant(b);
    return applyOp(x < y ? -1 : x > y ? 1 : 0, op);
  }
  throw new XPathError('XPTY0004', `cannot compare ${typeName(a)} with ${typeName(b)}`);
}

/** One pair of a general comparison: untyped operands take the other's type (double for numbers). */
export function generalPair(a: Atomic, b: Atomic, op: CompareOp): boolean {
  if (a instanceof Untyped) {
    if (isNumeric(b)) a = toDouble(a);
    else if (b instanceof XDate) a = toDate(a);
    else if (typeof b === 'boolean') a = toBoolean(a);
    else a = a.value;
  }
  if (b instanceof Untyped) {
    if (isNumeric(a)) b = toDouble(b);
    else if (a instanceof XDate) b = toDate(b);
    else if (typeof a === 'boolean') b = toBoolean(b);
    else b = b.value;
  }
  return compareValues(a, b, op);
}

// ---------------------------------------------------------------------------------------------
// Arithmetic

export type ArithOp = '+' | '-' | '*' | 'div' | 'idiv' | 'mod';

const DIVIDE_PRECISION = 18;
const DECIMAL_ONE = new Decimal(1);

function decimalScale(value: Decimal): number {
  return Math.max(0, value.decimalPlaces());
}

export function decimalDivide(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) throw new XPathError('FOAR0001', 'decimal divide by zero');
  // Division by one is exact and keeps a's scale: no 400-digit division.
  if (b.eq(DECIMAL_ONE)) return a;
  const scale = Math.max(DIVIDE_PRECISION, decimalScale(a), decimalScale(b));
  return a.div(b).toDecimalPlaces(scale, Decimal.ROUND_HALF_DOWN);
}

function numericOperand(value: Atomic): number | bigint | Decimal {
  if (value instanceof Untyped) return toDouble(value);
  if (isNumeric(value)) return value;
  throw new XPathError('XPTY0004', `arithmetic on ${typeName(value)}`);
}

export function arithmetic(left: Atomic, right: Atomic, op: ArithOp): Atomic {
  const a = numericOperand(left);
  const b = numericOperand(right);
  if (typeof a === 'number' || typeof b === 'number') {
    const x = typeof a === 'number' ? a : toDouble(a);
    const y = typeof b === 'number' ? b : toDouble(b);
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case 'div':
        return x / y;
      case 'mod':
        return x % y;
      case 'idiv': {
        if (y === 0) throw new XPathError('FOAR0001', 'integer division by zero');
        const q = x / y;
        if (!Number.isFinite(q)) throw new XPathError('FOAR0002', 'integer division overflow');
        return toInteger(Math.trunc(q));
      }
    }
  }
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case 'div':
        return decimalDivide(toDecimal(a), toDecimal(b));
      case 'idiv':
        if (b === 0n) throw new XPathError('FOAR0001', 'integer division by zero');
        return a / b;
      case 'mod':
        if (b === 0n) throw new XPathError('FOAR0001', 'integer modulo by zero');
        return a % b;
    }
  }
  const x = toDecimal(a);
  const y = toDecimal(b);
  switch (op) {
    case '+':
      return x.plus(y);
    case '-':
      return x.minus(y);
    case '*':
      return x.times(y);
    case 'div':
      return decimalDivide(x, y);
    case 'idiv':
      if (y.isZero()) throw new XPathError('FOAR0001', 'integer division by zero');
      return BigInt(x.div(y).trunc().toFixed());
    case 'mod': {
      if (y.isZero()) throw new XPathError('FOAR0001', 'decimal modulo by zero');
      return x.minus(y.times(x.div(y).trunc()));
    }
  }
}

export function negate(value: Atomic): Atomic {
  const a = numericOperand(value);
  if (typeof a === 'number') return -a;
  if (typeof a === 'bigint') return -a;
  return a.neg();
}

// ---------------------------------------------------------------------------------------------
// Effective boolean value

export function ebv(seq: Seq): boolean {
  if (seq.length === 0) return false;
  const first = seq[0]!;
  if (isNode(first)) return true;
  if (seq.length > 1)
    throw new XPathError(
      'FORG0006',
      'effective boolean value of a sequence of two or more atomic values',
    );
  if (typeof first === 'boolean') return first;
  if (typeof first === 'string') return first.length > 0;
  if (first instanceof Untyped) return first.value.length > 0;
  if (typeof first === 'number') return !(first === 0 || Number.isNaN(first));
  if (typeof first === 'bigint') return first !== 0n;
  if (first instanceof Decimal) return !first.isZero();
  throw new XPathError('FORG0006', `effective boolean value of ${typeName(first)}`);
}

/** Shared singleton boolean sequences (never mutated): no allocation per comparison. */
export const TRUE: Seq = Object.freeze([true]) as unknown as Seq;
export const FALSE: Seq = Object.freeze([false]) as unknown as Seq;
export const bool = (value: boolean): Seq => (value ? TRUE : FALSE);
