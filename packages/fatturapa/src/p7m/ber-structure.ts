/**
 * A strict walk over the BER encoding of a whole envelope, before anything reads it: ASN.1
 * readers are lenient (they stop once they have what they want), OpenSSL and SDI are not. One
 * element must fill the file exactly; every definite length must fit its container; an
 * indefinite length (what streaming signers write) must end with a well-formed end-of-contents
 * marker (00 00) before its container does. Non-minimal length forms stay allowed: BER permits
 * them.
 */

/** Nesting of a CMS envelope with its certificates is about 15; anything far deeper is hostile. */
const MAX_DEPTH = 100;

interface Frame {
  /** Where a definite-length element ends; undefined for an indefinite length. */
  end: number | undefined;
  /** How far its content may reach: its own end, or its container's for an indefinite length. */
  limit: number;
}

/** Why `bytes` is not exactly one well-formed BER element, or undefined when it is. */
export function berEncodingError(bytes: Uint8Array): string | undefined {
  const stack: Frame[] = [];
  let pos = 0;
  let done = false;
  for (;;) {
    const top = stack[stack.length - 1];
    if (top?.end !== undefined && pos === top.end) {
      stack.pop();
      if (stack.length === 0) done = true;
      continue;
    }
    if (done) {
      return pos === bytes.length
        ? undefined
        : `${bytes.length - pos} bytes after the end of the envelope`;
    }
    const limit = top ? top.limit : bytes.length;
    if (pos >= limit) {
      return top?.end === undefined && top
        ? 'an indefinite length is not closed by an end-of-contents marker'
        : 'the envelope is truncated';
    }
    const identifier = bytes[pos] ?? 0;
    pos += 1;
    if ((identifier & 0x1f) === 0x1f) {
      // High tag number form: base-128 digits, the last without its high bit.
      let digits = 0;
      for (;;) {
        if (pos >= limit) return 'a tag is truncated';
        const digit = bytes[pos] ?? 0;
        if (digits === 0 && digit === 0x80) return 'a tag number has a leading zero digit';
        pos += 1;
        digits += 1;
        if (digits > 4) return 'a tag number is too large';
        if ((digit & 0x80) === 0) break;
      }
    }
    if (pos >= limit) return 'a length is missing';
    const first = bytes[pos] ?? 0;
    pos += 1;
    if (identifier === 0x00) {
      // End-of-contents: exactly 00 00, and only where an indefinite length is open.
      if (first !== 0x00) return 'malformed end-of-contents marker';
      if (!top || top.end !== undefined)
        return 'end-of-contents marker outside an indefinite length';
      stack.pop();
      if (stack.length === 0) done = true;
      continue;
    }
    const constructed = (identifier & 0x20) !== 0;
    if (first === 0x80) {
      if (!constructed) return 'indefinite length on a primitive element';
      stack.push({ end: undefined, limit });
    } else if (first === 0xff) {
      return 'reserved length octet 0xFF';
    } else {
      let length = first;
      if (first & 0x80) {
        const count = first & 0x7f;
        if (count > 4) return 'a length is too large';
        if (pos + count > limit) return 'a length is truncated';
        length = 0;
        for (let index = 0; index < count; index += 1) {
          length = length * 256 + (bytes[pos + index] ?? 0);
        }
        pos += count;
      }
      const end = pos + length;
      if (end > limit) return 'an element is longer than what contains it';
      if (constructed) stack.push({ end, limit: end });
      else {
        pos = end;
        if (stack.length === 0) done = true;
      }
    }
    if (stack.length > MAX_DEPTH) return 'elements nested too deep';
  }
}
