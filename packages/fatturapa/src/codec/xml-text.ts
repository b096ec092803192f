import type { Finding } from '../findings.ts';

export type DecodedXml =
  | {
      ok: true;
      text: string;
      /**
       * The UTF-8 encoding of `text`, when the file was UTF-8: a view of the input bytes, so
       * libxml2 can be handed them without encoding the text again.
       */
      utf8?: Uint8Array;
    }
  | { ok: false; finding: Finding };

const encodingDeclaration = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/** Encodings met in real invoices; latin-1 labels decode as windows-1252 (WHATWG), a superset. */
const SUPPORTED_ENCODINGS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'iso-8859-15': 'iso-8859-15',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
};

function unreadable(message: string, messageIt: string): DecodedXml {
  return {
    ok: false,
    finding: { layer: 'xml', code: '00106', propertyPath: '', message, messageIt },
  };
}

/**
 * Turns the bytes of an XML file into text: strips a UTF-8 BOM, honours UTF-16 BOMs and the
 * encoding declared in the XML declaration (ISO-8859-1 / windows-1252 files exist in the wild).
 * Invalid UTF-8 or NUL bytes mean the file is not text at all (binary garbage).
 */
export function decodeXmlBytes(bytes: Uint8Array): DecodedXml {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeWith('utf-16be', bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeWith('utf-16le', bytes.subarray(2));
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  // The declaration is ASCII in every encoding we accept, so peeking at it as latin-1 is safe.
  // `apply` takes the bytes as they are; spreading them goes through an iterator, 10× slower.
  const head = String.fromCharCode.apply(null, body.subarray(0, 200) as unknown as number[]);
  const declared = encodingDeclaration.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  const encoding = SUPPORTED_ENCODINGS[declared];
  if (!encoding) {
    return {
      ok: false,
      finding: {
        layer: 'xml',
        code: 'xml-encoding-unsupported',
        propertyPath: '',
        message: `Unsupported XML encoding "${declared}": use UTF-8`,
        messageIt: `Codifica XML "${declared}" non supportata: usare UTF-8`,
      },
    };
  }
  const decoded = decodeWith(encoding, body);
  // The decoder drops one more BOM: only without it are the bytes exactly the text's UTF-8.
  const exact = encoding === 'utf-8' && !(body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf);
  return decoded.ok && exact ? { ...decoded, utf8: body } : decoded;
}

// windows-1252 differs from ISO-8859-1 only in 0x80-0x9F (€, quotes, dashes…). Node's
// TextDecoder decodes that range as latin-1 control characters, so we map it ourselves.
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes = Array.from(bytes.subarray(start, start + chunk), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

// A decoder keeps no state between whole-input `decode` calls: one per encoding serves every file.
const decoders = new Map<string, InstanceType<typeof TextDecoder>>();

function decoderFor(encoding: string): InstanceType<typeof TextDecoder> {
  let decoder = decoders.get(encoding);
  if (!decoder) {
    decoder = new TextDecoder(encoding, { fatal: true });
    decoders.set(encoding, decoder);
  }
  return decoder;
}

function decodeWith(encoding: string, bytes: Uint8Array): DecodedXml {
  if (encoding === 'windows-1252') return { ok: true, text: decodeWindows1252(bytes) };
  let text: string;
  try {
    text = decoderFor(encoding).decode(bytes);
  } catch {
    return unreadable(
      `The file is not valid ${encoding.toUpperCase()} text (binary or corrupt content)`,
      'File non leggibile: contenuto binario o corrotto',
    );
  }
  return { ok: true, text };
}

/** Strips a BOM left in a string that was decoded by someone else. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
