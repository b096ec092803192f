/**
 * XML Schema / XPath 2.0 regular expressions translated to JS RegExp (`v` flag: Unicode
 * properties, nested classes and class subtraction). The differences that matter: `\d` is any
 * Unicode decimal digit, `\s` is only space, tab, CR and LF, `\w` excludes punctuation,
 * separators and others, `.` excludes only CR and LF, `\i` and `\c` are XML name characters,
 * `[a-z-[aeiou]]` is class subtraction, and `^`/`$` anchor the whole string.
 *
 * A pattern whose translation could backtrack super-linearly (a quantified group that itself
 * contains a quantifier, like `(a+)+` or `([0-9].*){3,}`) is flagged: the caller refuses input
 * longer than a bound for it (see `superLinear`).
 */
import { XPathError } from './values.ts';

const W_CLASS = '[^\\p{P}\\p{Z}\\p{C}]';
const W_NEG = '[\\p{P}\\p{Z}\\p{C}]';
const S_CLASS = '[ \\t\\n\\r]';
const S_NEG = '[^ \\t\\n\\r]';
const I_CLASS = '[\\p{L}_:]';
const I_NEG = '[^\\p{L}_:]';
const C_CLASS = '[\\p{L}\\p{Nd}\\p{Mn}\\p{Mc}\\p{Lm}._:\\-\\u00B7]';
const C_NEG = '[^\\p{L}\\p{Nd}\\p{Mn}\\p{Mc}\\p{Lm}._:\\-\\u00B7]';

/** Unicode blocks (\p{IsX}) the rules use, as class ranges. */
const BLOCKS: Record<string, string> = {
  BasicLatin: '\\u{0}-\\u{7F}',
  'Latin-1Supplement': '\\u{80}-\\u{FF}',
  'LatinExtended-A': '\\u{100}-\\u{17F}',
  'LatinExtended-B': '\\u{180}-\\u{24F}',
};

const SINGLE_ESCAPES = new Set([
  'n',
  'r',
  't',
  '\\',
  '|',
  '.',
  '-',
  '^',
  '?',
  '*',
  '+',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '$',
]);

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_PUNCTUATORS = new Set([...'-&!#%,:;<=>@`~']);

/** Escapes one literal code point for use outside a class, or inside a `v`-mode class. */
function literal(ch: string, inClass = false): string {
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (SYNTAX.has(ch) || (inClass && CLASS_PUNCTUATORS.has(ch))) return '\\' + ch;
  return ch;
}

export interface Translated {
  source: string;
  superLinear: boolean;
}

class RegexTranslator {
  private i = 0;
  private chars: string[];
  constructor(
    private readonly pattern: string,
    private readonly extended: boolean,
  ) {
    this.chars = [...pattern];
    if (extended)
      this.chars = this.chars.filter((c) => !(c === ' ' || c === '\t' || c === '\n' || c === '\r'));
  }

  private fail(message: string): never {
    throw new XPathError('FORX0002', `invalid regular expression '${this.pattern}': ${message}`);
  }

  /** An escape after the backslash, outside a class: returns JS source. */
  private escape(inClass: boolean): string {
    const c = this.chars[this.i++];
    if (c === undefined) this.fail('trailing backslash');
    switch (c) {
      case 'd':
        return '\\p{Nd}';
      case 'D':
        return inClass ? '[^\\p{Nd}]' : '\\P{Nd}';
      case 's':
        return inClass ? ' \\t\\n\\r' : S_CLASS;
      case 'S':
        return S_NEG;
      case 'w':
        return W_CLASS;
      case 'W':
        return W_NEG;
      case 'i':
        return I_CLASS;
      case 'I':
        return I_NEG;
      case 'c':
        return C_CLASS;
      case 'C':
        return C_NEG;
      case 'p':
      case 'P': {
        if (this.chars[this.i] !== '{') this.fail('\\p without {');
        const end = this.chars.indexOf('}', this.i);
        if (end < 0) this.fail('unterminated \\p{');
        const name = this.chars.slice(this.i + 1, end).join('');
        this.i = end + 1;
        if (name.startsWith('Is')) {
          const block = BLOCKS[name.slice(2)];
          if (!block) this.fail(`block escape ${name} is not supported`);
          return `[${c === 'P' ? '^' : ''}${block}]`;
        }
        if (!/^[A-Z][a-z]?$/u.test(name)) this.fail(`unknown category ${name}`);
        return `\\${c}{${name}}`;
      }
      default:
        if (SINGLE_ESCAPES.has(c))
          return c === 'n' || c === 'r' || c === 't' ? '\\' + c : literal(c, inClass);
        if (!inClass && c >= '1' && c <= '9') return '\\' + c;
        return this.fail(`unknown escape \\${c}`);
    }
  }

  /** A character class starting after '['; returns JS source of a `v`-mode class. */
  private charClass(): string {
    let negated = false;
    if (this.chars[this.i] === '^') {
      negated = true;
      this.i++;
    }
    let body = '';
    let first = true;
    for (;;) {
      const c = this.chars[this.i];
      if (c === undefined) this.fail('unterminated character class');
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      if (c === '-' && this.chars[this.i + 1] === '[') {
        this.i += 2;
        const subtracted = this.charClass();
        if (this.chars[this.i] !== ']') this.fail('subtraction must end the class');
        this.i++;
        return `[[${negated ? '^' : ''}${body}]--${subtracted}]`;
      }
      first = false;
      let start: string;
      let startIsChar = true;
      if (c === '\\') {
        this.i++;
        const escaped = this.escape(true);
        const plain = escaped.length === 2 && escaped[0] === '\\' && !'pPntr'.includes(escaped[1]!);
        if (plain) start = escaped;
        else if (['\\n', '\\r', '\\t'].includes(escaped)) start = escaped;
        else {
          start = escaped;
          startIsChar = false;
        }
      } else {
        this.i++;
        start = literal(c, true);
      }
      if (
        startIsChar &&
        this.chars[this.i] === '-' &&
        this.chars[this.i + 1] !== '[' &&
        this.chars[this.i + 1] !== ']' &&
        this.chars[this.i + 1] !== undefined
      ) {
        this.i++;
        const d = this.chars[this.i++]!;
        let end: string;
        if (d === '\\') end = this.escape(true);
        else end = literal(d, true);
        body += `${start}-${end}`;
      } else body += start;
    }
    return `[${negated ? '^' : ''}${body}]`;
  }

  translate(): Translated {
    let out = '';
    // Quantified-group analysis: a stack of "contains a quantifier" flags per open group.
    const groupHasQuantifier: boolean[] = [false];
    let lastWasGroupWithQuantifier = false;
    let superLinear = false;
    while (this.i < this.chars.length) {
      const c = this.chars[this.i++]!;
      let atomGroupQuantified = false;
      switch (c) {
        case '\\':
          out += this.escape(false);
          break;
        case '[':
          out += this.charClass();
          break;
        case '.':
          out += '[^\\n\\r]';
          break;
        case '(':
          out += '(';
          groupHasQuantifier.push(false);
          break;
        case ')': {
          out += ')';
          const inner = groupHasQuantifier.pop() ?? false;
          if (groupHasQuantifier.length === 0) this.fail('unbalanced )');
          atomGroupQuantified = inner;
          break;
        }
        case '*':
        case '+':
        case '?':
        case '{': {
          let quantifier = c;
          if (c === '{') {
            const end = this.chars.indexOf('}', this.i);
            if (end < 0) this.fail('unterminated quantifier');
            quantifier += this.chars.slice(this.i, end + 1).join('');
            this.i = end + 1;
          }
          if (this.chars[this.i] === '?') {
            quantifier += '?';
            this.i++;
          }
          out += quantifier;
          const repeats = c !== '?' && quantifier !== '{0,1}' && quantifier !== '{1}';
          if (repeats && lastWasGroupWithQuantifier) superLinear = true;
          groupHasQuantifier[groupHasQuantifier.length - 1] = true;
          lastWasGroupWithQuantifier = false;
          continue;
        }
        case '|':
          out += '|';
          break;
        case '^':
        case '$':
          out += c;
          break;
        default:
          out += literal(c);
      }
      lastWasGroupWithQuantifier = atomGroupQuantified;
    }
    if (groupHasQuantifier.length !== 1) this.fail('unbalanced (');
    return { source: out, superLinear };
  }
}

export function translateRegex(pattern: string, flags = ''): Translated {
  return new RegexTranslator(pattern, flags.includes('x')).translate();
}

const cache = new Map<string, { re: RegExp; superLinear: boolean }>();

/** Compiled (and cached) JS RegExp for an XPath pattern and flags. */
export function compileRegex(
  pattern: string,
  flags: string,
  global = false,
): { re: RegExp; superLinear: boolean } {
  const key = `${global ? 'g' : ''}${flags}\u0000${pattern}`;
  let hit = cache.get(key);
  if (!hit) {
    for (const f of flags)
      if (!'smix'.includes(f))
        throw new XPathError('FORX0001', `invalid regular expression flags '${flags}'`);
    const { source, superLinear } = translateRegex(pattern, flags);
    let jsFlags = 'v';
    if (flags.includes('i')) jsFlags += 'i';
    if (flags.includes('m')) jsFlags += 'm';
    if (global) jsFlags += 'g';
    let re: RegExp;
    try {
      re = new RegExp(
        flags.includes('s') ? source.replaceAll('[^\\n\\r]', '[^]') : source,
        jsFlags,
      );
    } catch (error) {
      throw new XPathError(
        'FORX0002',
        `invalid regular expression '${pattern}': ${(error as Error).message}`,
      );
    }
    hit = { re, superLinear };
    if (cache.size > 2000) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}
