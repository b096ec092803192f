import { xmlFinding, type Finding } from '../findings.ts';

/** The document as text, and its UTF-8 bytes when the input already was exactly those. */
export interface DecodedInput {
  text: string;
  utf8?: Uint8Array;
}

/** Where the XML declaration may name an encoding: it must come first, so this is plenty. */
const DECLARATION_WINDOW = 256;
const encodingAttribute = /encoding\s*=\s*["']([\w.:-]{1,40})["']/;

/** The encoding the XML declaration at the start of `bytes` names, if any. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] !== 0x3c || bytes[1] !== 0x3f) return undefined;
  let head = '';
  const end = Math.min(bytes.length, DECLARATION_WINDOW);
  for (let index = 0; index < end; index += 1) {
    const code = bytes[index] ?? 0;
    head += String.fromCharCode(code);
    if (code === 0x3e /* > */) break;
  }
  return encodingAttribute.exec(head)?.[1];
}

/**
 * Decodes the bytes of a document: a BOM (UTF-8, UTF-16 LE/BE) decides the encoding, then the
 * XML declaration (UTF-8 when it names none); the BOM is dropped. Bytes that are not valid in
 * their encoding, or an encoding no decoder knows, give a fatal finding.
 */
export function decodeInput(bytes: Uint8Array): DecodedInput | Finding {
  let label: string;
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    label = 'utf-8';
    start = 3;
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    label = 'utf-16le';
    start = 2;
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    label = 'utf-16be';
    start = 2;
  } else if (bytes[0] === 0x3c && bytes[1] === 0x00) {
    label = 'utf-16le';
  } else if (bytes[0] === 0x00 && bytes[1] === 0x3c) {
    label = 'utf-16be';
  } else {
    label = (declaredEncoding(bytes) ?? 'utf-8').toLowerCase();
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  } catch {
    return xmlFinding('XML-ENCODING', `The document's encoding "${label}" is not supported`);
  }
  const body = start === 0 ? bytes : bytes.subarray(start);
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return xmlFinding(
      'XML-ENCODING',
      `The document's bytes are not valid ${decoder.encoding.toUpperCase()}`,
    );
  }
  return decoder.encoding === 'utf-8' ? { text, utf8: body } : { text };
}
