import type { Finding } from '../findings.ts';
import { LONGEST_ELEMENT_NAME } from './descriptor.ts';

/**
 * Nesting limit: libxml2's own default (the schema check refuses deeper files the same way). A
 * FatturaPA file, enveloped XAdES signature included, is about a dozen levels deep.
 */
export const MAX_XML_DEPTH = 256;

/**
 * The longest name (prefix and local name each) accepted in a tag: no FatturaPA element or
 * attribute is longer. A longer name is no invoice's, and refusing it before anything reads the
 * file keeps hostile names (150,000 capitals) away from the conversion to JSON keys.
 */
export const MAX_XML_NAME_LENGTH = LONGEST_ELEMENT_NAME;

function limitFinding(code: string, message: string, messageIt: string): Finding {
  return { layer: 'xml', code, propertyPath: '', message, messageIt };
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** Where a name written from `start` ends: at a blank, `/`, `>`, `=`, `<`, a quote or the end. */
function nameEnd(text: string, start: number): number {
  let index = start;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (
      isBlank(code) ||
      code === 0x2f /* / */ ||
      code === 0x3e /* > */ ||
      code === 0x3d /* = */ ||
      code === 0x3c /* < */ ||
      code === 0x22 /* " */ ||
      code === 0x27 /* ' */
    ) {
      break;
    }
    index += 1;
  }
  return index;
}

/** The name from `start` to `end` is too long: its prefix or its local name. */
function nameTooLong(text: string, start: number, end: number, max: number): boolean {
  if (end - start <= max) return false;
  const colon = text.indexOf(':', start);
  if (colon === -1 || colon >= end) return true;
  return colon - start > max || end - colon - 1 > max;
}

/** The limits `scanMarkupLimits` enforces. */
export interface MarkupLimits {
  /** Deepest nesting of elements accepted. */
  maxDepth: number;
  /** Longest prefix or local name accepted in a tag. */
  maxNameLength: number;
}

/** What `scanMarkupLimits` found over a limit (the caller words its own finding). */
export type MarkupLimitViolation = { kind: 'name-too-long'; length: number } | { kind: 'too-deep' };

function tooLongName(length: number): Finding {
  return limitFinding(
    'xml-name-too-long',
    `A name of ${length} characters: no FatturaPA element or attribute is longer than ${MAX_XML_NAME_LENGTH}`,
    `Nome di ${length} caratteri: nessun elemento o attributo FatturaPA supera i ${MAX_XML_NAME_LENGTH}`,
  );
}

function tooDeep(): Finding {
  return limitFinding(
    'xml-too-deep',
    `Elements are nested more than ${MAX_XML_DEPTH} levels deep`,
    `Elementi annidati oltre ${MAX_XML_DEPTH} livelli`,
  );
}

/**
 * Reads the rest of a start tag from `index` (after its name): the attribute names' lengths are
 * checked. Returns where scanning goes on and whether the tag closed itself; a malformed tag is
 * left to the parser, which reports it.
 */
function scanAttributes(
  text: string,
  from: number,
  maxNameLength: number,
): { next: number; selfClosing: boolean; violation?: MarkupLimitViolation } {
  let index = from;
  for (;;) {
    while (index < text.length && isBlank(text.charCodeAt(index))) index += 1;
    const code = text.charCodeAt(index);
    if (code === 0x3e /* > */) return { next: index + 1, selfClosing: false };
    if (code === 0x2f /* / */) return { next: index + 1, selfClosing: true };
    const end = nameEnd(text, index);
    if (end === index) return { next: index, selfClosing: false };
    if (nameTooLong(text, index, end, maxNameLength)) {
      return {
        next: end,
        selfClosing: false,
        violation: { kind: 'name-too-long', length: end - index },
      };
    }
    index = end;
    while (index < text.length && isBlank(text.charCodeAt(index))) index += 1;
    if (text.charCodeAt(index) !== 0x3d /* = */) return { next: index, selfClosing: false };
    index += 1;
    while (index < text.length && isBlank(text.charCodeAt(index))) index += 1;
    const quote = text.charCodeAt(index);
    if (quote !== 0x22 && quote !== 0x27) return { next: index, selfClosing: false };
    const close = text.indexOf(quote === 0x22 ? '"' : "'", index + 1);
    if (close === -1) return { next: text.length, selfClosing: false };
    index = close + 1;
  }
}

/**
 * One linear pass over the markup of `text`, before any parser or conversion runs: finds a name
 * longer than `maxNameLength` and nesting deeper than `maxDepth`. Comments, CDATA sections and
 * processing instructions are skipped; anything malformed is left to the parser. Generic: the
 * UBL engine (@fiscus/ubl) uses it with its own limits and finding ids.
 */
export function scanMarkupLimits(
  text: string,
  { maxDepth, maxNameLength }: MarkupLimits,
): MarkupLimitViolation | undefined {
  let depth = 0;
  let index = text.indexOf('<');
  while (index !== -1) {
    const next = text.charCodeAt(index + 1);
    let resume = index + 1;
    if (next === 0x21 /* ! */) {
      const terminator = text.startsWith('<!--', index)
        ? '-->'
        : text.startsWith('<![CDATA[', index)
          ? ']]>'
          : '>';
      const end = text.indexOf(terminator, index + 2);
      if (end === -1) return undefined;
      resume = end + terminator.length;
    } else if (next === 0x3f /* ? */) {
      const end = text.indexOf('?>', index + 2);
      if (end === -1) return undefined;
      resume = end + 2;
    } else if (next === 0x2f /* / */) {
      const end = nameEnd(text, index + 2);
      if (nameTooLong(text, index + 2, end, maxNameLength)) {
        return { kind: 'name-too-long', length: end - index - 2 };
      }
      depth -= 1;
      resume = end;
    } else {
      const end = nameEnd(text, index + 1);
      if (nameTooLong(text, index + 1, end, maxNameLength)) {
        return { kind: 'name-too-long', length: end - index - 1 };
      }
      const tag = scanAttributes(text, end, maxNameLength);
      if (tag.violation) return tag.violation;
      if (!tag.selfClosing) {
        depth += 1;
        if (depth > maxDepth) return { kind: 'too-deep' };
      }
      resume = tag.next;
    }
    index = text.indexOf('<', resume);
  }
  return undefined;
}

/**
 * One linear pass over the markup of `text`, before any parser or conversion runs: refuses names
 * longer than any FatturaPA name (`xml-name-too-long`) and nesting deeper than `MAX_XML_DEPTH`
 * (`xml-too-deep`). Comments, CDATA sections and processing instructions are skipped; anything
 * malformed is left to the parser.
 */
export function checkMarkupLimits(text: string): Finding | undefined {
  const violation = scanMarkupLimits(text, {
    maxDepth: MAX_XML_DEPTH,
    maxNameLength: MAX_XML_NAME_LENGTH,
  });
  if (!violation) return undefined;
  return violation.kind === 'too-deep' ? tooDeep() : tooLongName(violation.length);
}
