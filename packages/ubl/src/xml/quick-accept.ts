import { libxml2Native } from '@fiscus/libxml2-native';
import { declaredEncoding } from './decode.ts';
import { MAX_XML_DEPTH, MAX_XML_MARKUP, MAX_XML_NAME_LENGTH } from './limits.ts';

/**
 * Layer 1's fast lane where @fiscus/libxml2-native is built: whether the full checks
 * (acceptInputFully in parse.ts: decoding, then safety.ts on the text) certainly accept these
 * bytes, read in C without decoding them (markup_scan.c: the KSeF quick scan's steps plus UBL's
 * markup count and DTD test). It is conservative: well-formed UTF-8 only (no BOM, no other
 * encoding declared), no character XML or KSeF frowns on, no DOCTYPE or processing instruction
 * but the declaration, no "<!" followed by D or E anywhere, nesting, names and markup within
 * limits. Anything else, or no addon, is "not sure" (undefined): the full checks then run and
 * word the finding. test/native-lane.test.ts holds the two to the same answers.
 */

const scan = libxml2Native?.scanMarkup?.bind(libxml2Native);
const BLANKS = new Set([0x20, 0x0a, 0x09, 0x0d]);
/** `bytes` when layer 1 certainly accepts them as they are (UTF-8), else undefined. */
export function acceptQuickly(bytes: Uint8Array): Uint8Array | undefined {
  if (!scan || bytes.length === 0) return undefined;
  let first = 0;
  while (first < bytes.length && BLANKS.has(bytes[first] ?? 0)) first += 1;
  if (bytes[first] !== 0x3c) return undefined;
  const encoding = declaredEncoding(bytes)?.toLowerCase();
  if (encoding !== undefined && encoding !== 'utf-8') return undefined;
  return scan(bytes, MAX_XML_DEPTH, MAX_XML_NAME_LENGTH, MAX_XML_MARKUP) === 0 ? undefined : bytes;
}
