import { decodeXmlBytes, stripBom } from './codec/xml-text.ts';
import { DEFAULT_MAX_BYTES, emptyFileFinding, tooLargeFinding } from './codec/xml-safety.ts';
import type { Finding } from './findings.ts';
import { looksLikeP7m, openP7m, type Signer } from './p7m/p7m.ts';

const MAX_ENVELOPES = 3;

export interface InvoiceInputOptions {
  /** Size limit of the file in bytes (default 5 MB, SDI's limit, code 00003). */
  maxBytes?: number;
}

export type InvoiceText =
  | {
      ok: true;
      text: string;
      /** The text's UTF-8 bytes, when the file was UTF-8 (see `decodeXmlBytes`). */
      utf8?: Uint8Array;
      signer?: Signer;
      size: number;
    }
  | { ok: false; findings: Finding[] };

/**
 * Turns what a caller hands us (XML text, XML bytes in any accepted encoding, or a CAdES .p7m
 * as DER or base64) into XML text, verifying and unwrapping the signature on the way.
 */
export async function readInvoiceText(
  input: string | Uint8Array,
  options: InvoiceInputOptions = {},
): Promise<InvoiceText> {
  const read = readUnsignedInvoiceText(input, options);
  return 'signed' in read ? openSignedInvoice(read.signed) : read;
}

/**
 * `readInvoiceText` up to the signature, synchronously: a .p7m comes back as `{ signed }`, its
 * bytes, for `openSignedInvoice`. `utf8` may be a view of the caller's bytes: use it at once.
 */
export function readUnsignedInvoiceText(
  input: string | Uint8Array,
  options: InvoiceInputOptions = {},
): InvoiceText | { signed: Uint8Array } {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof input === 'string') {
    const text = stripBom(input);
    // A base64 .p7m pasted as text: unwrap it like the bytes of a file.
    if (text.trimStart().startsWith('<') || !/^\s*M[IC]/.test(text)) {
      return { ok: true, text, size: text.length };
    }
    return readUnsignedInvoiceText(new TextEncoder().encode(text), options);
  }
  // Checked on the raw bytes, before decoding anything (a 20 MB upload costs nothing).
  if (input.length > maxBytes)
    return { ok: false, findings: [tooLargeFinding(input.length, maxBytes)] };
  if (input.length === 0) return { ok: false, findings: [emptyFileFinding()] };
  if (looksLikeP7m(input)) return { signed: input };
  const decoded = decodeXmlBytes(input);
  if (!decoded.ok) return { ok: false, findings: [decoded.finding] };
  return { ...decoded, size: input.length };
}

/** The rest of `readInvoiceText` for a .p7m: verifies and opens it, then decodes the XML. */
export async function openSignedInvoice(input: Uint8Array): Promise<InvoiceText> {
  let content = input;
  let signer: Signer | undefined;
  // Some signing tools wrap an already signed file again (a .p7m inside a .p7m): open each
  // envelope, a few levels at most; the outer signer is the one reported.
  for (let level = 0; level < MAX_ENVELOPES && looksLikeP7m(content); level += 1) {
    const opened = await openP7m(content);
    if (!opened.ok) return opened;
    signer ??= opened.signer;
    content = opened.content;
  }
  const decoded = decodeXmlBytes(content);
  if (!decoded.ok) return { ok: false, findings: [decoded.finding] };
  // The content is openP7m's own copy: its UTF-8 view stays valid after the awaits.
  return { ...decoded, ...(signer ? { signer } : {}), size: input.length };
}
