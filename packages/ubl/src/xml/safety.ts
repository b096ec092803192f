import {
  declaresDtd,
  forbiddenCharacterIn,
  scanMarkupLimits,
} from '@fiscus/fatturapa/xml-hardening';
import { xmlFinding, type Finding } from '../findings.ts';
import { MAX_XML_DEPTH, MAX_XML_MARKUP, MAX_XML_NAME_LENGTH } from './limits.ts';

export function tooLargeFinding(size: number, maxBytes: number): Finding {
  return xmlFinding(
    'XML-TOO-LARGE',
    `The document is ${size} bytes, above the limit of ${maxBytes} bytes`,
  );
}

/** The size of `text` in UTF-8 when it may be above `maxBytes` (counted only then), else 0. */
export function oversize(text: string, maxBytes: number): number {
  // A UTF-16 unit takes at most 3 bytes in UTF-8.
  if (text.length * 3 <= maxBytes) return 0;
  const size = Buffer.byteLength(text, 'utf8');
  return size > maxBytes ? size : 0;
}

/** How many times `char` occurs in `text`, counting no further than `limit`. */
function countUpTo(text: string, char: string, limit: number): number {
  let count = 0;
  for (let index = text.indexOf(char); index !== -1 && count <= limit;) {
    count += 1;
    index = text.indexOf(char, index + 1);
  }
  return count;
}

/**
 * The checks done on the text before any parser sees it, the shared hardening of
 * @fiscus/fatturapa worded for UBL: emptiness, characters XML forbids (NUL and other controls:
 * binary data), lone surrogates, text that is not markup, any DTD or entity declaration (UBL
 * never needs one, so XXE and entity expansion are refused before anything follows them), names
 * longer than any UBL name, nesting deeper than libxml2 accepts and more markup than the tree
 * may hold in memory. The first problem only.
 */
export function checkXmlSafety(text: string): Finding[] {
  if (text.trim() === '') return [xmlFinding('XML-EMPTY', 'The document is empty')];
  const forbidden = forbiddenCharacterIn(text);
  if (forbidden === 'control') {
    return [
      xmlFinding(
        'XML-CHARACTER',
        'The document contains a character XML forbids (NUL or another control character): binary data, not XML text',
      ),
    ];
  }
  if (forbidden === 'lone-surrogate') {
    return [
      xmlFinding(
        'XML-CHARACTER',
        'The document contains a lone surrogate: it is not a valid character',
      ),
    ];
  }
  if (!text.trimStart().startsWith('<')) {
    return [xmlFinding('XML-NOT-XML', 'The document is not XML: it does not start with "<"')];
  }
  if (declaresDtd(text)) {
    return [
      xmlFinding(
        'XML-DOCTYPE',
        'DOCTYPE and entity declarations are not allowed (protection against external entities and entity expansion)',
      ),
    ];
  }
  const tags = countUpTo(text, '<', MAX_XML_MARKUP);
  if (tags + countUpTo(text, '=', MAX_XML_MARKUP - tags) > MAX_XML_MARKUP) {
    return [
      xmlFinding(
        'XML-TOO-MANY-NODES',
        `The document has more than ${MAX_XML_MARKUP} tags and attributes`,
      ),
    ];
  }
  const violation = scanMarkupLimits(text, {
    maxDepth: MAX_XML_DEPTH,
    maxNameLength: MAX_XML_NAME_LENGTH,
  });
  if (violation?.kind === 'too-deep') {
    return [xmlFinding('XML-DEPTH', `Elements are nested more than ${MAX_XML_DEPTH} levels deep`)];
  }
  if (violation?.kind === 'name-too-long') {
    return [
      xmlFinding(
        'XML-NAME-TOO-LONG',
        `A name of ${violation.length} characters: the limit is ${MAX_XML_NAME_LENGTH}`,
      ),
    ];
  }
  return [];
}
