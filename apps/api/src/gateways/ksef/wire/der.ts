/*
 * The little DER (X.690) that PKCS#10 requests and X.509 certificates need, read and written
 * byte-exactly: Node's crypto signs and verifies, but neither it nor node-forge (RSA only) reads
 * or writes a request or certificate holding an EC P-256 key. Definite lengths only (DER); a
 * reader keeps every element's exact bytes, so that what is verified is what was signed.
 */

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
} as const;

/** A context-specific tag: `[n]`, constructed (EXPLICIT, or IMPLICIT over a SET/SEQUENCE). */
export function contextTag(number: number, constructed = true): number {
  return 0x80 | (constructed ? 0x20 : 0) | number;
}

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

/** One element: its tag, its content and its exact encoding (header and content). */
export type DerElement = { tag: number; content: Buffer; raw: Buffer };

const MAX_DEPTH = 32;

/** Reads one element at `offset`; throws DerError on anything that is not plain DER. */
export function readElement(bytes: Buffer, offset = 0): DerElement {
  if (offset + 2 > bytes.length) throw new DerError('Truncated element');
  const tag = bytes[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) throw new DerError('Multi-byte tags are not used here');
  const first = bytes[offset + 1] ?? 0;
  let length: number;
  let header = 2;
  if (first < 0x80) {
    length = first;
  } else {
    const count = first & 0x7f;
    if (count === 0) throw new DerError('Indefinite lengths are not DER');
    if (count > 4) throw new DerError('Element too long');
    if (offset + 2 + count > bytes.length) throw new DerError('Truncated length');
    length = 0;
    for (let index = 0; index < count; index += 1) {
      length = length * 256 + (bytes[offset + 2 + index] ?? 0);
    }
    if (length < 0x80 || (count > 1 && (bytes[offset + 2] ?? 0) === 0)) {
      throw new DerError('Length not in its shortest form');
    }
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError('Truncated content');
  return {
    tag,
    content: bytes.subarray(offset + header, end),
    raw: bytes.subarray(offset, end),
  };
}

/** The one element the bytes hold, nothing after it. */
export function readWhole(bytes: Buffer): DerElement {
  const element = readElement(bytes);
  if (element.raw.length !== bytes.length) throw new DerError('Bytes after the element');
  return element;
}

/** The children of a constructed element, in order. */
export function childrenOf(element: DerElement, depth = 0): DerElement[] {
  if (depth > MAX_DEPTH) throw new DerError('Nested too deep');
  if ((element.tag & 0x20) === 0) throw new DerError('Not a constructed element');
  const children: DerElement[] = [];
  let offset = 0;
  while (offset < element.content.length) {
    const child = readElement(element.content, offset);
    children.push(child);
    offset += child.raw.length;
  }
  return children;
}

/** The element's children, checking its tag. */
export function expectConstructed(element: DerElement | undefined, tag: number): DerElement[] {
  if (!element || element.tag !== tag) throw new DerError(`Expected tag 0x${tag.toString(16)}`);
  return childrenOf(element);
}

export function expectTag(element: DerElement | undefined, tag: number): DerElement {
  if (!element || element.tag !== tag) throw new DerError(`Expected tag 0x${tag.toString(16)}`);
  return element;
}

/** An OBJECT IDENTIFIER's dotted text. */
export function oidText(element: DerElement | undefined): string {
  const { content } = expectTag(element, TAG.oid);
  if (content.length === 0) throw new DerError('Empty OID');
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    if (value === 0 && byte === 0x80) throw new DerError('OID arc not in its shortest form');
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) throw new DerError('OID arc too large');
    if ((byte & 0x80) === 0) {
      if (arcs.length === 0) {
        const top = value < 40 ? 0 : value < 80 ? 1 : 2;
        arcs.push(top, value - top * 40);
      } else {
        arcs.push(value);
      }
      value = 0;
    }
  }
  if ((content[content.length - 1] ?? 0) & 0x80) throw new DerError('OID ends mid-arc');
  return arcs.join('.');
}

/** A string-valued attribute's text (UTF8String, PrintableString, IA5String, BMPString). */
export function stringText(element: DerElement): string {
  switch (element.tag) {
    case TAG.utf8String:
      return new TextDecoder('utf-8', { fatal: true }).decode(element.content);
    case TAG.printableString:
    case TAG.ia5String:
      return element.content.toString('latin1');
    case TAG.bmpString: {
      if (element.content.length % 2 !== 0) throw new DerError('Odd BMPString');
      const swapped = Buffer.from(element.content);
      swapped.swap16();
      return swapped.toString('utf16le');
    }
    default:
      throw new DerError(`Not a string (tag 0x${element.tag.toString(16)})`);
  }
}

/** A BIT STRING's bytes (no unused bits allowed: signatures and keys are whole bytes). */
export function bitStringBytes(element: DerElement | undefined): Buffer {
  const { content } = expectTag(element, TAG.bitString);
  if (content.length === 0 || content[0] !== 0) throw new DerError('Bit string with unused bits');
  return content.subarray(1);
}

// --- writing ------------------------------------------------------------------------------------

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function element(tag: number, content: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
}

export function sequence(...children: Uint8Array[]): Buffer {
  return element(TAG.sequence, Buffer.concat(children));
}

export function set(...children: Uint8Array[]): Buffer {
  return element(TAG.set, Buffer.concat(children));
}

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const [top = 0, second = 0, ...rest] = arcs;
  const bytes: number[] = [];
  for (const arc of [top * 40 + second, ...rest]) {
    const group: number[] = [arc % 128];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      group.unshift(0x80 | (value % 128));
    }
    bytes.push(...group);
  }
  return element(TAG.oid, Buffer.from(bytes));
}

/** A non-negative INTEGER from its big-endian magnitude. */
export function unsignedInteger(magnitude: Uint8Array): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  const trimmed = Buffer.from(magnitude.subarray(start));
  const padded = (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
  return element(TAG.integer, padded.length === 0 ? Buffer.from([0]) : padded);
}

export function smallInteger(value: number): Buffer {
  return unsignedInteger(Buffer.from([value]));
}

export function bitString(bytes: Uint8Array, unusedBits = 0): Buffer {
  return element(TAG.bitString, Buffer.concat([Buffer.from([unusedBits]), bytes]));
}

export function octetString(bytes: Uint8Array): Buffer {
  return element(TAG.octetString, bytes);
}

export function derNull(): Buffer {
  return Buffer.from([TAG.null, 0]);
}

export function derBoolean(value: boolean): Buffer {
  return Buffer.from([TAG.boolean, 1, value ? 0xff : 0]);
}

export function utf8String(text: string): Buffer {
  return element(TAG.utf8String, Buffer.from(text, 'utf8'));
}

const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** PrintableString when the text allows it, else UTF8String. */
export function printableOrUtf8(text: string): Buffer {
  return PRINTABLE.test(text)
    ? element(TAG.printableString, Buffer.from(text, 'latin1'))
    : utf8String(text);
}

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5), whole seconds, UTC. */
export function time(instant: Date): Buffer {
  const iso = instant.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  const year = instant.getUTCFullYear();
  return year < 2050
    ? element(TAG.utcTime, Buffer.from(digits.slice(2), 'latin1'))
    : element(TAG.generalizedTime, Buffer.from(digits, 'latin1'));
}
