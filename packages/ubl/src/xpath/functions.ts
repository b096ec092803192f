/**
 * The XPath 2.0 / 3.1 built-in functions the rules call, with Saxon-HE's argument conversion:
 * string parameters accept strings and untyped values (anything else is XPTY0004), numeric
 * parameters take untyped values as xs:double.
 */
import { stringValue, type XNode } from '../tree/node.ts';
import type { Ctx, Fn } from './compile.ts';
import { compileRegex } from './regex.ts';
import {
  arithmetic,
  atomicToString,
  atomize,
  atomizeOpt,
  atomizeSeq,
  compareStrings,
  compareValues,
  Decimal,
  ebv,
  isNode,
  isNumeric,
  itemToString,
  toDouble,
  toNumber,
  typeName,
  Untyped,
  XPathError,
  TRUE,
  FALSE,
  bool,
  type Atomic,
  type Item,
  type Seq,
} from './values.ts';

export const BUILTIN_ARITY: Record<string, [number, number]> = {
  not: [1, 1],
  true: [0, 0],
  false: [0, 0],
  boolean: [1, 1],
  exists: [1, 1],
  empty: [1, 1],
  count: [1, 1],
  sum: [1, 2],
  avg: [1, 1],
  max: [1, 1],
  min: [1, 1],
  string: [0, 1],
  data: [1, 1],
  number: [0, 1],
  'normalize-space': [0, 1],
  'string-length': [0, 1],
  substring: [2, 3],
  'substring-before': [2, 2],
  'substring-after': [2, 2],
  contains: [2, 2],
  'starts-with': [2, 2],
  'ends-with': [2, 2],
  'upper-case': [1, 1],
  'lower-case': [1, 1],
  translate: [3, 3],
  concat: [2, 1000],
  'string-join': [1, 2],
  tokenize: [1, 3],
  matches: [2, 3],
  replace: [3, 4],
  round: [1, 2],
  floor: [1, 1],
  ceiling: [1, 1],
  abs: [1, 1],
  reverse: [1, 1],
  'distinct-values': [1, 1],
  'index-of': [2, 2],
  subsequence: [2, 3],
  'exactly-one': [1, 1],
  'zero-or-one': [1, 1],
  'one-or-more': [1, 1],
  name: [0, 1],
  'local-name': [0, 1],
  'namespace-uri': [0, 1],
  root: [0, 1],
  position: [0, 0],
  last: [0, 0],
  current: [0, 0],
  key: [2, 2],
  'string-to-codepoints': [1, 1],
  'codepoints-to-string': [1, 1],
  'format-number': [2, 2],
  'normalize-unicode': [1, 2],
  'current-date': [0, 0],
};

const EMPTY: Seq = [];
const TOKENIZED = new Map<string, Seq>();

function contextItem(ctx: Ctx): Item {
  if (ctx.item === undefined) throw new XPathError('XPDY0002', 'the context item is absent');
  return ctx.item;
}

/** An `xs:string?` argument: '' for empty. */
function stringArg(seq: Seq, name: string): string {
  if (seq.length === 0) return '';
  if (seq.length > 1)
    throw new XPathError(
      'XPTY0004',
      `a sequence of more than one item is not allowed as an argument of ${name}()`,
    );
  const item = seq[0]!;
  if (isNode(item)) return stringValue(item);
  if (typeof item === 'string') return item;
  if (item instanceof Untyped) return item.value;
  throw new XPathError(
    'XPTY0004',
    `${name}(): required type xs:string, supplied ${typeName(item)}`,
  );
}

/** An `xs:numeric?` argument. */
function numericArg(seq: Seq, name: string): number | bigint | Decimal | undefined {
  if (seq.length === 0) return undefined;
  // The message only when it is needed: this runs for every number a rule reads.
  if (seq.length > 1) atomizeOpt(seq, `the argument of ${name}()`); // throws XPTY0004
  const value = atomize(seq[0]!);
  if (value instanceof Untyped) return toDouble(value);
  if (isNumeric(value)) return value;
  throw new XPathError('XPTY0004', `${name}(): required a number, supplied ${typeName(value)}`);
}

const codepoints = (text: string): number[] => {
  const out: number[] = [];
  for (const ch of text) out.push(ch.codePointAt(0)!);
  return out;
};

function hasSurrogates(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

function xpathRound(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  if (value < 0 && value >= -0.5) return -0;
  return Math.floor(value + 0.5);
}

/** fn:substring with XPath's rounding of the start and length (on codepoints). */
function substring(text: string, startArg: number, lengthArg: number | undefined): string {
  const start = xpathRound(startArg);
  const end = lengthArg === undefined ? Infinity : start + xpathRound(lengthArg);
  if (Number.isNaN(start) || Number.isNaN(end)) return '';
  if (!hasSurrogates(text)) {
    const from = Math.max(start, 1);
    const to = Math.min(end, text.length + 1);
    return to > from ? text.slice(from - 1, to - 1) : '';
  }
  let out = '';
  let position = 1;
  for (const ch of text) {
    if (position >= start && position < end) out += ch;
    position++;
  }
  return out;
}

const isWs = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

export function normalizeSpace(text: string): string {
  // Most texts are normalized already: no blank at either end, single spaces between words.
  let clean = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === text.length - 1 || text.charCodeAt(i + 1) === 32) {
        clean = false;
        break;
      }
    } else if (c === 9 || c === 10 || c === 13) {
      clean = false;
      break;
    }
  }
  if (clean) return text;
  let out = '';
  let pending = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isWs(c)) {
      pending = out.length > 0;
    } else {
      if (pending) out += ' ';
      pending = false;
      out += c;
    }
  }
  return out;
}

function doubleArg(value: number | bigint | Decimal): number {
  return typeof value === 'number' ? value : toDouble(value);
}

function roundNumeric(
  value: number | bigint | Decimal,
  precision: number,
): number | bigint | Decimal {
  if (typeof value === 'bigint') {
    if (precision >= 0) return value;
    const factor = 10n ** BigInt(-precision);
    const rem = ((value % factor) + factor) % factor;
    const down = value - rem;
    return rem * 2n >= factor ? down + factor : down;
  }
  if (value instanceof Decimal) return value.toDecimalPlaces(precision, Decimal.ROUND_HALF_CEIL);
  if (precision === 0) return xpathRound(value);
  if (!Number.isFinite(value) || value === 0) return value;
  const rounded = new Decimal(value).toDecimalPlaces(precision, Decimal.ROUND_HALF_CEIL).toNumber();
  return rounded === 0 && value < 0 ? -0 : rounded;
}

function sumOf(values: Atomic[], zero: Seq): Seq {
  if (values.length === 0) return zero;
  let total: Atomic | undefined;
  for (const raw of values) {
    const value = raw instanceof Untyped ? toDouble(raw) : raw;
    if (!isNumeric(value))
      throw new XPathError('FORG0006', `sum(): ${typeName(value)} is not a number`);
    total = total === undefined ? value : arithmetic(total, value, '+');
  }
  return [total!];
}

function minMax(values: Atomic[], max: boolean): Seq {
  if (values.length === 0) return EMPTY;
  const converted = values.map((value) => (value instanceof Untyped ? toDouble(value) : value));
  let best = converted[0]!;
  const numeric = isNumeric(best);
  if (numeric && typeof best === 'number' && Number.isNaN(best)) return [best];
  for (const value of converted.slice(1)) {
    if (isNumeric(value) !== numeric)
      throw new XPathError('FORG0006', `${max ? 'max' : 'min'}(): values of different types`);
    if (typeof value === 'number' && Number.isNaN(value)) return [value];
    if (compareValues(value, best, max ? 'gt' : 'lt')) best = value;
  }
  if (numeric && converted.some((value) => typeof value === 'number') && typeof best !== 'number')
    best = toDouble(best);
  return [best];
}

function distinct(values: Atomic[]): Seq {
  const out: Atomic[] = [];
  const seenStrings = new Set<string>();
  for (const raw of values) {
    const value = raw instanceof Untyped ? raw.value : raw;
    if (typeof value === 'string') {
      if (seenStrings.has(value)) continue;
      seenStrings.add(value);
      out.push(value);
      continue;
    }
    let duplicate = false;
    for (const existing of out) {
      if (typeof existing === 'string') continue;
      try {
        if (compareValues(existing, value, 'eq')) duplicate = true;
      } catch {
        // different types are distinct
      }
      if (duplicate) break;
    }
    if (
      !duplicate &&
      !(
        typeof value === 'number' &&
        Number.isNaN(value) &&
        out.some((e) => typeof e === 'number' && Number.isNaN(e))
      )
    )
      out.push(value);
  }
  return out;
}

function nodeArg(args: Fn[], ctx: Ctx, name: string): XNode | undefined {
  if (args.length === 0) {
    const item = contextItem(ctx);
    if (!isNode(item))
      throw new XPathError('XPTY0004', `${name}(): the context item is not a node`);
    return item;
  }
  const seq = args[0]!(ctx);
  if (seq.length === 0) return undefined;
  if (seq.length > 1 || !isNode(seq[0]!))
    throw new XPathError('XPTY0004', `${name}(): required a single node`);
  return seq[0] as XNode;
}

function replacement(text: string): string {
  // XPath replacement: $n groups, \$ and \\ literals → JS replacement string.
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      if (next !== '\\' && next !== '$')
        throw new XPathError('FORX0004', 'invalid replacement string');
      out += next === '$' ? '$$' : '\\';
      i++;
    } else if (c === '$') {
      const next = text[i + 1];
      if (next === undefined || next < '0' || next > '9')
        throw new XPathError('FORX0004', 'invalid replacement string');
      out += next === '0' ? '$&' : '$' + next;
      i++;
    } else out += c;
  }
  return out;
}

/** Bound on the input length a super-linear pattern is run on. */
const SUPERLINEAR_INPUT_LIMIT = 10_000;

function regexFor(pattern: string, flags: string, input: string, global = false): RegExp {
  const { re, superLinear } = compileRegex(pattern, flags, global);
  if (superLinear && input.length > SUPERLINEAR_INPUT_LIMIT) {
    throw new XPathError(
      'FORX0002',
      `input too long (${input.length}) for a pattern that can backtrack super-linearly`,
    );
  }
  re.lastIndex = 0;
  return re;
}

function formatNumber(value: number | bigint | Decimal | undefined, picture: string): string {
  if (value === undefined) return 'NaN';
  const number = doubleArg(value);
  if (Number.isNaN(number)) return 'NaN';
  // Integer pictures ('0000', '#,##0') are what the rules use.
  const integerPart = picture.split('.')[0] ?? picture;
  const minDigits = [...integerPart].filter((c) => c === '0').length;
  const fraction = picture.includes('.') ? picture.split('.')[1]! : '';
  const minFraction = [...fraction].filter((c) => c === '0').length;
  const maxFraction = [...fraction].filter((c) => c === '0' || c === '#').length;
  const abs = new Decimal(Math.abs(number)).toDecimalPlaces(maxFraction, Decimal.ROUND_HALF_EVEN);
  let [intText, fracText = ''] = abs.toFixed().split('.') as [string, string?];
  if (intText === '0' && minDigits === 0 && fracText) intText = '';
  intText = intText.padStart(minDigits, '0');
  while (fracText.length < minFraction) fracText += '0';
  const text = fracText ? `${intText}.${fracText}` : intText;
  return number < 0 && !abs.isZero() ? `-${text}` : text;
}

export function callBuiltin(name: string, args: Fn[], ctx: Ctx): Seq {
  switch (name) {
    case 'not':
      return bool(!ebv(args[0]!(ctx)));
    case 'true':
      return TRUE;
    case 'false':
      return FALSE;
    case 'boolean':
      return bool(ebv(args[0]!(ctx)));
    case 'exists':
      return bool(args[0]!(ctx).length > 0);
    case 'empty':
      return bool(args[0]!(ctx).length === 0);
    case 'count':
      return [BigInt(args[0]!(ctx).length)];
    case 'sum':
      return sumOf(atomizeSeq(args[0]!(ctx)), args.length > 1 ? args[1]!(ctx) : [0n]);
    case 'avg': {
      const values = atomizeSeq(args[0]!(ctx));
      if (values.length === 0) return EMPTY;
      const [total] = sumOf(values, EMPTY) as [Atomic];
      return [arithmetic(total, BigInt(values.length), 'div')];
    }
    case 'max':
    case 'min':
      return minMax(atomizeSeq(args[0]!(ctx)), name === 'max');
    case 'string': {
      if (args.length === 0) return [itemToString(contextItem(ctx))];
      const seq = args[0]!(ctx);
      if (seq.length === 0) return [''];
      if (seq.length > 1) throw new XPathError('XPTY0004', 'string(): more than one item');
      return [itemToString(seq[0]!)];
    }
    case 'data':
      return atomizeSeq(args[0]!(ctx));
    case 'number': {
      if (args.length === 0) return [toNumber(atomize(contextItem(ctx)))];
      return [toNumber(atomizeOpt(args[0]!(ctx), 'the argument of number()'))];
    }
    case 'normalize-space':
      return [
        normalizeSpace(
          args.length === 0 ? itemToString(contextItem(ctx)) : stringArg(args[0]!(ctx), name),
        ),
      ];
    case 'string-length': {
      const text =
        args.length === 0 ? itemToString(contextItem(ctx)) : stringArg(args[0]!(ctx), name);
      return [BigInt(hasSurrogates(text) ? codepoints(text).length : text.length)];
    }
    case 'substring': {
      const text = stringArg(args[0]!(ctx), name);
      const start = numericArg(args[1]!(ctx), name);
      const length = args.length > 2 ? numericArg(args[2]!(ctx), name) : undefined;
      if (start === undefined || (args.length > 2 && length === undefined)) {
        throw new XPathError(
          'XPTY0004',
          'substring(): an empty sequence is not allowed as the start or length',
        );
      }
      return [
        substring(text, doubleArg(start), length === undefined ? undefined : doubleArg(length)),
      ];
    }
    case 'substring-before': {
      const text = stringArg(args[0]!(ctx), name);
      const search = stringArg(args[1]!(ctx), name);
      const index = text.indexOf(search);
      return [index < 0 ? '' : text.slice(0, index)];
    }
    case 'substring-after': {
      const text = stringArg(args[0]!(ctx), name);
      const search = stringArg(args[1]!(ctx), name);
      const index = text.indexOf(search);
      return [index < 0 ? '' : text.slice(index + search.length)];
    }
    case 'contains':
      return [stringArg(args[0]!(ctx), name).includes(stringArg(args[1]!(ctx), name))];
    case 'starts-with':
      return [stringArg(args[0]!(ctx), name).startsWith(stringArg(args[1]!(ctx), name))];
    case 'ends-with':
      return [stringArg(args[0]!(ctx), name).endsWith(stringArg(args[1]!(ctx), name))];
    case 'upper-case':
      return [stringArg(args[0]!(ctx), name).toUpperCase()];
    case 'lower-case':
      return [stringArg(args[0]!(ctx), name).toLowerCase()];
    case 'translate': {
      const text = stringArg(args[0]!(ctx), name);
      const from = codepoints(stringArg(args[1]!(ctx), name));
      const to = codepoints(stringArg(args[2]!(ctx), name));
      const map = new Map<number, number | undefined>();
      from.forEach((c, i) => {
        if (!map.has(c)) map.set(c, to[i]);
      });
      let out = '';
      for (const ch of text) {
        const c = ch.codePointAt(0)!;
        if (!map.has(c)) out += ch;
        else {
          const replacementCode = map.get(c);
          if (replacementCode !== undefined) out += String.fromCodePoint(replacementCode);
        }
      }
      return [out];
    }
    case 'concat': {
      let out = '';
      for (let i = 0; i < args.length; i++) {
        const value = atomizeOpt(args[i]!(ctx), 'an argument of concat()');
        if (value !== undefined) out += atomicToString(value);
      }
      return [out];
    }
    case 'string-join': {
      const parts = args[0]!(ctx).map((item) => {
        const value = atomize(item);
        if (typeof value === 'string') return value;
        if (value instanceof Untyped) return value.value;
        throw new XPathError(
          'XPTY0004',
          `string-join(): required xs:string, supplied ${typeName(value)}`,
        );
      });
      return [parts.join(args.length > 1 ? stringArg(args[1]!(ctx), name) : '')];
    }
    case 'tokenize': {
      const text = stringArg(args[0]!(ctx), name);
      if (args.length === 1) {
        const normalized = normalizeSpace(text);
        return normalized ? normalized.split(' ') : EMPTY;
      }
      const pattern = stringArg(args[1]!(ctx), name);
      const flags = args.length > 2 ? stringArg(args[2]!(ctx), name) : '';
      if (text === '') return EMPTY;
      // The code lists are tokenized constants: their result (never mutated) is reused.
      const key = `${flags}\u0000${pattern}\u0000${text}`;
      const cached = text.length > 200 ? TOKENIZED.get(key) : undefined;
      if (cached) return cached;
      const re = regexFor(pattern, flags, text, true);
      if (re.test(''))
        throw new XPathError(
          'FORX0003',
          `tokenize(): the pattern '${pattern}' matches a zero-length string`,
        );
      re.lastIndex = 0;
      const out: string[] = [];
      let last = 0;
      for (const match of text.matchAll(re)) {
        out.push(text.slice(last, match.index));
        last = match.index + match[0].length;
      }
      out.push(text.slice(last));
      if (text.length > 200 && text.length < 20_000) {
        if (TOKENIZED.size > 200) TOKENIZED.clear();
        TOKENIZED.set(key, out);
      }
      return out;
    }
    case 'matches': {
      const text = stringArg(args[0]!(ctx), name);
      const pattern = stringArg(args[1]!(ctx), name);
      const flags = args.length > 2 ? stringArg(args[2]!(ctx), name) : '';
      return [regexFor(pattern, flags, text).test(text)];
    }
    case 'replace': {
      const text = stringArg(args[0]!(ctx), name);
      const pattern = stringArg(args[1]!(ctx), name);
      const with_ = stringArg(args[2]!(ctx), name);
      const flags = args.length > 3 ? stringArg(args[3]!(ctx), name) : '';
      const re = regexFor(pattern, flags, text, true);
      if (re.test(''))
        throw new XPathError(
          'FORX0003',
          `replace(): the pattern '${pattern}' matches a zero-length string`,
        );
      re.lastIndex = 0;
      return [text.replace(re, replacement(with_))];
    }
    case 'round': {
      const value = numericArg(args[0]!(ctx), name);
      if (value === undefined) return EMPTY;
      let precision = 0;
      if (args.length > 1) {
        const p = atomizeOpt(args[1]!(ctx), 'the precision of round()');
        precision = p === undefined ? 0 : Number(p);
      }
      return [roundNumeric(value, precision)];
    }
    case 'floor':
    case 'ceiling': {
      const value = numericArg(args[0]!(ctx), name);
      if (value === undefined) return EMPTY;
      if (typeof value === 'bigint') return [value];
      if (value instanceof Decimal) return [name === 'floor' ? value.floor() : value.ceil()];
      return [name === 'floor' ? Math.floor(value) : Math.ceil(value)];
    }
    case 'abs': {
      const value = numericArg(args[0]!(ctx), name);
      if (value === undefined) return EMPTY;
      if (typeof value === 'bigint') return [value < 0n ? -value : value];
      if (value instanceof Decimal) return [value.abs()];
      return [Math.abs(value)];
    }
    case 'reverse':
      return [...args[0]!(ctx)].reverse();
    case 'distinct-values':
      return distinct(atomizeSeq(args[0]!(ctx)));
    case 'index-of': {
      const values = atomizeSeq(args[0]!(ctx));
      const search = atomizeOpt(args[1]!(ctx), 'the search value of index-of()');
      const out: Item[] = [];
      values.forEach((value, i) => {
        try {
          if (
            search !== undefined &&
            compareValues(
              value instanceof Untyped ? value.value : value,
              search instanceof Untyped ? search.value : search,
              'eq',
            )
          )
            out.push(BigInt(i + 1));
        } catch {
          // incomparable values are not equal
        }
      });
      return out;
    }
    case 'subsequence': {
      const seq = args[0]!(ctx);
      const start = xpathRound(doubleArg(numericArg(args[1]!(ctx), name) ?? NaN));
      const length =
        args.length > 2 ? xpathRound(doubleArg(numericArg(args[2]!(ctx), name) ?? NaN)) : Infinity;
      return seq.filter((_, i) => i + 1 >= start && i + 1 < start + length);
    }
    case 'exactly-one':
    case 'zero-or-one':
    case 'one-or-more': {
      const seq = args[0]!(ctx);
      const n = seq.length;
      if (
        (name === 'exactly-one' && n !== 1) ||
        (name === 'zero-or-one' && n > 1) ||
        (name === 'one-or-more' && n === 0)
      ) {
        throw new XPathError(
          name === 'exactly-one' ? 'FORG0005' : name === 'zero-or-one' ? 'FORG0003' : 'FORG0004',
          `${name}(): ${n} items`,
        );
      }
      return seq;
    }
    case 'name':
    case 'local-name':
    case 'namespace-uri': {
      const node = nodeArg(args, ctx, name);
      if (!node || node.kind === 'document' || node.kind === 'text') return [''];
      if (name === 'local-name') return [node.local];
      if (name === 'namespace-uri') return [node.ns];
      return [node.prefix ? `${node.prefix}:${node.local}` : node.local];
    }
    case 'root': {
      let node = nodeArg(args, ctx, name);
      if (!node) return EMPTY;
      while (node.kind !== 'document') {
        const parent: XNode = node.parent;
        node = parent;
      }
      return [node];
    }
    case 'position':
      contextItem(ctx);
      return [BigInt(ctx.pos)];
    case 'last':
      contextItem(ctx);
      return [BigInt(ctx.size)];
    case 'current':
      if (ctx.current === undefined) throw new XPathError('XTDE1360', 'current() is absent');
      return [ctx.current];
    case 'string-to-codepoints': {
      const text = stringArg(args[0]!(ctx), name);
      return codepoints(text).map((c) => BigInt(c));
    }
    case 'codepoints-to-string': {
      let out = '';
      for (const item of args[0]!(ctx)) {
        const value = atomize(item);
        const code =
          typeof value === 'bigint'
            ? Number(value)
            : value instanceof Untyped
              ? Number(value.value)
              : NaN;
        if (
          !Number.isInteger(code) ||
          code < 1 ||
          code > 0x10ffff ||
          (code >= 0xd800 && code <= 0xdfff)
        ) {
          throw new XPathError(
            'FOCH0001',
            `codepoints-to-string(): invalid codepoint ${String(code)}`,
          );
        }
        out += String.fromCodePoint(code);
      }
      return [out];
    }
    case 'format-number':
      return [formatNumber(numericArg(args[0]!(ctx), name), stringArg(args[1]!(ctx), name))];
    case 'normalize-unicode':
      return [stringArg(args[0]!(ctx), name).normalize('NFC')];
    case 'current-date': {
      const now = new Date();
      return [atomize(new Untyped(now.toISOString().slice(0, 10)))];
    }
    default:
      throw new XPathError('XPST0017', `unknown function ${name}()`);
  }
}

export { compareStrings };
