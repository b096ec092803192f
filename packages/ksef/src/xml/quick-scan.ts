import { MAX_XML_DEPTH, MAX_XML_NAME_LENGTH } from '@fiscus/fatturapa/xml-markup-limits';
import { libxml2Native } from '@fiscus/libxml2-native';

/**
 * Layer 1's fast lane: whether the full rules (xml-rules.ts) certainly accept these UTF-8 bytes,
 * read in a few passes over the bytes themselves (no decoding, no regex over the whole text).
 * `false` means "not sure": the caller then runs the full rules, which give the finding. So it
 * only has to be conservative: every byte sequence it accepts, the full rules accept too
 * (characters it does not judge finely, such as U+FFFD or U+0085, send the file the long way).
 */

const NOT_SURE = -1;
const LT = 0x3c;
const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;
const GT = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

const COMMENT_OPEN = [0x3c, 0x21, 0x2d, 0x2d]; // <!--
const COMMENT_CLOSE = [0x2d, 0x2d, 0x3e]; // -->
const CDATA_OPEN = [0x3c, 0x21, 0x5b, 0x43, 0x44, 0x41, 0x54, 0x41, 0x5b]; // <![CDATA[
const CDATA_CLOSE = [0x5d, 0x5d, 0x3e]; // ]]>
const PI_CLOSE = [0x3f, 0x3e]; // ?>
const DECLARATION = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // <?xml

function isBlank(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

function startsWith(bytes: Uint8Array, sequence: readonly number[], at: number): boolean {
  if (at + sequence.length > bytes.length) return false;
  for (let index = 0; index < sequence.length; index += 1) {
    if (bytes[at + index] !== sequence[index]) return false;
  }
  return true;
}

/**
 * The length of the character at `index` when it is well-formed UTF-8 KSeF allows, else 0: no
 * C0 control but TAB, LF and CR, no U+007F-U+009F, no surrogate, and (coarsely) nothing of the
 * U+FDxx/U+FFxx blocks that hold the noncharacters U+FDD0-U+FDEF and U+xFFFE/U+xFFFF.
 */
function allowedLength(bytes: Uint8Array, index: number): number {
  const byte = bytes[index] ?? 0;
  if (byte >= 0x20 && byte < 0x7f) return 1;
  if (byte < 0x80) return byte === 0x0a || byte === 0x0d || byte === 0x09 ? 1 : 0;
  const second = bytes[index + 1] ?? 0;
  if ((second & 0xc0) !== 0x80) return 0;
  if (byte < 0xe0) {
    // U+0080-U+009F (C2 80..9F) are controls; C0 and C1 would be over-long forms.
    return byte < 0xc2 || (byte === 0xc2 && second < 0xa0) ? 0 : 2;
  }
  const third = bytes[index + 2] ?? 0;
  if ((third & 0xc0) !== 0x80) return 0;
  if (byte < 0xf0) {
    if (byte === 0xe0 && second < 0xa0) return 0; // over-long
    if (byte === 0xed && second >= 0xa0) return 0; // surrogates
    if (byte === 0xef && (second === 0xb7 || second === 0xbf)) return 0; // FDxx, FFxx
    return 3;
  }
  const fourth = bytes[index + 3] ?? 0;
  if ((fourth & 0xc0) !== 0x80 || byte > 0xf4) return 0;
  if (byte === 0xf0 && second < 0x90) return 0; // over-long
  if (byte === 0xf4 && second >= 0x90) return 0; // above U+10FFFF
  if ((second & 0x0f) === 0x0f && third === 0xbf) return 0; // U+xFFC0-U+xFFFF
  return 4;
}

/** 1 for the printable ASCII bytes other than "<": text read on without a second look. */
const PLAIN = new Uint8Array(256);
for (let code = 0x20; code < 0x7f; code += 1) PLAIN[code] = code === LT ? 0 : 1;

/** Whether the bytes from `from` to `to` are allowed characters (`to` at a character's start). */
function allowedRange(bytes: Uint8Array, from: number, to: number): boolean {
  let index = from;
  while (index < to) {
    const byte = bytes[index] ?? 0;
    if (byte === LT || PLAIN[byte] === 1) {
      index += 1;
      continue;
    }
    const length = allowedLength(bytes, index);
    if (length === 0) return false;
    index += length;
  }
  return true;
}

/** 1 for the bytes that end a name: blanks, "/", ">", "=", "<" and quotes. */
const NAME_END = new Uint8Array(256);
for (const code of [0x20, 0x0a, 0x09, 0x0d, SLASH, GT, EQUALS, LT, DOUBLE_QUOTE, SINGLE_QUOTE]) {
  NAME_END[code] = 1;
}

/** Where the name starting at `start` ends (nameEnd of the markup limits; ASCII delimiters). */
function nameEnd(bytes: Uint8Array, start: number): number {
  const length = bytes.length;
  let index = start;
  while (index < length && NAME_END[bytes[index] ?? 0] === 0) index += 1;
  return index;
}

/**
 * Whether the name may be too long: counted in bytes, never fewer than its UTF-16 units, so
 * a name short enough here is short enough there.
 */
function mayBeTooLong(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start <= MAX_XML_NAME_LENGTH) return false;
  const colon = bytes.indexOf(0x3a, start);
  if (colon === -1 || colon >= end) return true;
  return colon - start > MAX_XML_NAME_LENGTH || end - colon - 1 > MAX_XML_NAME_LENGTH;
}

/**
 * The rest of a start tag from `from` (after its name), as the markup limits read it: where
 * scanning goes on, times 2, plus 1 when the tag closes itself (one number: no object per tag);
 * NOT_SURE for a name that may be too long, or a "<" inside a quoted value, which the two scans
 * of the full rules would read differently.
 */
function attributesEnd(bytes: Uint8Array, from: number): number {
  const length = bytes.length;
  let index = from;
  for (;;) {
    while (index < length && isBlank(bytes[index])) index += 1;
    const code = bytes[index];
    if (code === GT) return (index + 1) * 2;
    if (code === SLASH) return (index + 1) * 2 + 1;
    const end = nameEnd(bytes, index);
    if (end === index) return index * 2;
    if (mayBeTooLong(bytes, index, end)) return NOT_SURE;
    index = end;
    while (index < length && isBlank(bytes[index])) index += 1;
    if (bytes[index] !== EQUALS) return index * 2;
    index += 1;
    while (index < length && isBlank(bytes[index])) index += 1;
    const quote = bytes[index];
    if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return index * 2;
    index += 1;
    while (index < length && bytes[index] !== quote) {
      if (bytes[index] === LT) return NOT_SURE;
      index += 1;
    }
    if (index >= length) return length * 2;
    index += 1;
  }
}

/**
 * Where `sequence` (ASCII) first occurs from `from`, or the end of the bytes, with the characters
 * before it checked: NOT_SURE when one is not allowed.
 */
function skipPast(bytes: Uint8Array, sequence: readonly number[], from: number): number {
  const first = sequence[0];
  let at = from;
  while (at < bytes.length) {
    const byte = bytes[at];
    if (byte === first && startsWith(bytes, sequence, at)) return at + sequence.length;
    if (byte !== undefined && byte >= 0x20 && byte < 0x7f) {
      at += 1;
      continue;
    }
    const length = allowedLength(bytes, at);
    if (length === 0) return NOT_SURE;
    at += length;
  }
  return bytes.length;
}

/**
 * checkMarkup of xml-rules.ts and scanMarkupLimits of @fiscus/fatturapa in one pass over the
 * bytes (their delimiters are ASCII): no DOCTYPE, no processing instruction but the
 * declaration, nesting and names within bounds. Both skip comments, CDATA sections and the
 * declaration alike and read every other "<" (the limits also read tags' quoted values, where
 * a "<" makes this pass unsure).
 */
export function markupAllowedInJs(bytes: Uint8Array): Quick {
  const length = bytes.length;
  let depth = 0;
  let plain = true;
  let index = 0;
  for (;;) {
    // Text up to the next "<", its characters checked on the way.
    while (index < length) {
      const byte = bytes[index] ?? 0;
      if (PLAIN[byte] === 1) {
        index += 1;
        continue;
      }
      if (byte === LT) break;
      const size = allowedLength(bytes, index);
      if (size === 0) return 'not-sure';
      index += size;
    }
    if (index >= length) return plain ? 'accepted-plain' : 'accepted';
    const start = index;
    const next = bytes[index + 1];
    if (next === BANG) {
      plain = false;
      if (startsWith(bytes, COMMENT_OPEN, index)) {
        // "<!-->" and "<!--->": the markup limits find the end earlier than the markup check.
        const fifth = bytes[index + 4];
        if (fifth === GT || (fifth === 0x2d && bytes[index + 5] === GT)) return 'not-sure';
        index = skipPast(bytes, COMMENT_CLOSE, index + 4);
      } else if (startsWith(bytes, CDATA_OPEN, index)) {
        index = skipPast(bytes, CDATA_CLOSE, index + 9);
      } else {
        return 'not-sure'; // DOCTYPE or another declaration
      }
    } else if (next === QUESTION) {
      const after = bytes[5];
      const declaration =
        index === 0 && startsWith(bytes, DECLARATION, 0) && (isBlank(after) || after === QUESTION);
      if (!declaration) return 'not-sure';
      index = skipPast(bytes, PI_CLOSE, index + 2);
    } else if (next === SLASH) {
      const end = nameEnd(bytes, index + 2);
      if (mayBeTooLong(bytes, index + 2, end)) return 'not-sure';
      depth -= 1;
      index = end;
      if (!allowedRange(bytes, start, index)) return 'not-sure';
    } else {
      const end = nameEnd(bytes, index + 1);
      if (mayBeTooLong(bytes, index + 1, end)) return 'not-sure';
      const tag = attributesEnd(bytes, end);
      if (tag === NOT_SURE) return 'not-sure';
      if (tag % 2 === 0) {
        depth += 1;
        if (depth > MAX_XML_DEPTH) return 'not-sure';
      }
      index = Math.floor(tag / 2);
      if (!allowedRange(bytes, start, index)) return 'not-sure';
    }
    if (index === NOT_SURE) return 'not-sure';
  }
}

const NATIVE_ANSWERS: readonly Quick[] = ['not-sure', 'accepted', 'accepted-plain'];
const nativeScan = libxml2Native?.scanMarkup?.bind(libxml2Native);

/**
 * markupAllowedInJs, or the same steps in C where @fiscus/libxml2-native is built
 * (markup_scan.c: about ten times as fast on a large invoice; test/native-lane.test.ts holds the
 * two to the same answers).
 */
export function markupAllowed(bytes: Uint8Array): Quick {
  if (!nativeScan) return markupAllowedInJs(bytes);
  return NATIVE_ANSWERS[nativeScan(bytes, MAX_XML_DEPTH, MAX_XML_NAME_LENGTH)] ?? 'not-sure';
}

const prefixDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encodingDeclaration = /^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/;

/** The declaration names no encoding, or UTF-8 (as xml-rules.ts reads its first 200 characters). */
function declaresUtf8(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, DECLARATION, 0)) return true;
  // 1,000 bytes hold at least 200 whole UTF-16 units of valid UTF-8.
  const head = prefixDecoder.decode(bytes.subarray(0, 1000)).slice(0, 200);
  const encoding = encodingDeclaration.exec(head)?.[1];
  return encoding === undefined || encoding.toLowerCase() === 'utf-8';
}

/**
 * What the quick scan says: `not-sure` (the full rules may refuse the bytes: ask them),
 * `accepted` (they accept them), `accepted-plain` (they accept them, and the markup is elements
 * only: no comment, CDATA section or processing instruction, the XML declaration aside).
 */
export type Quick = 'not-sure' | 'accepted' | 'accepted-plain';

/**
 * Whether checkXmlRules certainly accepts `bytes` (at most `maxBytes` long, the limit without an
 * attachment), and whether their markup is plain; NotSure when it refuses them or when this
 * quick reading cannot tell.
 */
export function scanQuickly(bytes: Uint8Array, maxBytes: number): Quick {
  if (bytes.length > maxBytes) return 'not-sure';
  let first = 0;
  while (first < bytes.length && isBlank(bytes[first])) first += 1;
  // Empty, not starting with "<", or a BOM (EF BB BF): the full rules word the finding.
  if (bytes[first] !== LT || !declaresUtf8(bytes)) return 'not-sure';
  return markupAllowed(bytes);
}
