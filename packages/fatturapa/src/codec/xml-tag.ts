/**
 * Start tags read by hand, in one pass: `<prefix:Name attr="value" …>` or `…/>`. Regular
 * expressions for the same grammar backtrack on hostile tags (long names, runs of blanks); this
 * reads each character once.
 */

/** XML's white space: space, tab, LF, CR (nothing else separates attributes). */
export function isXmlBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** A name's first character: ASCII letters, `_`, and anything from U+00C0 on. */
export function isNameStart(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code >= 0xc0
  );
}

/** A name's other characters (no colon). */
export function isNameChar(code: number): boolean {
  return (
    isNameStart(code) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0xb7
  );
}

/** Where a name (NameStart NameChar*) written from `start` ends, or -1 when there is none. */
function nameEnd(text: string, start: number): number {
  if (!isNameStart(text.charCodeAt(start))) return -1;
  let index = start + 1;
  while (index < text.length && isNameChar(text.charCodeAt(index))) index += 1;
  return index;
}

/** Where a qualified name (`Name` or `prefix:Name`) written from `start` ends, or -1. */
export function qualifiedNameEnd(text: string, start: number): number {
  const end = nameEnd(text, start);
  if (end === -1 || text.charCodeAt(end) !== 0x3a /* : */) return end;
  return nameEnd(text, end + 1);
}

/** An attribute's name: NameStart, then name characters or colons. */
function attributeNameEnd(text: string, start: number): number {
  if (!isNameStart(text.charCodeAt(start))) return -1;
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (!isNameChar(code) && code !== 0x3a) break;
    index += 1;
  }
  return index;
}

function skipBlanks(text: string, start: number): number {
  let index = start;
  while (index < text.length && isXmlBlank(text.charCodeAt(index))) index += 1;
  return index;
}

export interface StartTag {
  qualifiedName: string;
  /** Attribute names and their values as written (entities not decoded), in order. */
  attributes: [name: string, rawValue: string][];
  selfClosing: boolean;
  /** The index just after the tag's `>`. */
  end: number;
}

/**
 * Reads the start tag whose `<` is at `lt`; undefined when it is not a well-formed start tag
 * (attribute values may not hold `<`, attributes are separated by blanks).
 */
export function readStartTag(text: string, lt: number): StartTag | undefined {
  if (text.charCodeAt(lt) !== 0x3c /* < */) return undefined;
  const nameStop = qualifiedNameEnd(text, lt + 1);
  if (nameStop === -1) return undefined;
  const attributes: [string, string][] = [];
  let index = nameStop;
  // The next `<` after the current value; only moves forward, so each character is read once.
  let lessThan = -2;
  for (;;) {
    const afterBlanks = skipBlanks(text, index);
    const code = text.charCodeAt(afterBlanks);
    if (code === 0x3e /* > */ || code === 0x2f /* / */) {
      const selfClosing = code === 0x2f;
      const close = selfClosing ? afterBlanks + 1 : afterBlanks;
      if (text.charCodeAt(close) !== 0x3e) return undefined;
      return {
        qualifiedName: text.slice(lt + 1, nameStop),
        attributes,
        selfClosing,
        end: close + 1,
      };
    }
    // Another attribute: it must be separated from what precedes it by a blank.
    if (afterBlanks === index) return undefined;
    const attributeStop = attributeNameEnd(text, afterBlanks);
    if (attributeStop === -1) return undefined;
    const equals = skipBlanks(text, attributeStop);
    if (text.charCodeAt(equals) !== 0x3d /* = */) return undefined;
    const open = skipBlanks(text, equals + 1);
    const quote = text.charCodeAt(open);
    if (quote !== 0x22 && quote !== 0x27) return undefined;
    const close = text.indexOf(quote === 0x22 ? '"' : "'", open + 1);
    if (close === -1) return undefined;
    if (lessThan !== -1 && lessThan <= open) lessThan = text.indexOf('<', open + 1);
    if (lessThan !== -1 && lessThan < close) return undefined;
    attributes.push([text.slice(afterBlanks, attributeStop), text.slice(open + 1, close)]);
    index = close + 1;
  }
}
