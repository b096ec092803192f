import { ParseOption, XmlDocument, XmlParseError } from 'libxml2-wasm';
import { SdiMessageError } from './sdi-message-error.ts';

/** SDI messages are a few KB; anything above this is not one (and is not worth parsing). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Decodes bytes as UTF-8 (SDI messages always are) and drops a byte-order mark. */
export function messageText(input: string | Uint8Array): string {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
  return text.replace(/^\uFEFF/, '');
}

/**
 * Parses untrusted XML with libxml2 and hands the document to `read`, disposing it afterwards.
 * DOCTYPE and entity declarations are refused before the parser sees the text: no SDI message
 * has one, and refusing them stops XXE and entity-expansion bombs outright. Errors are
 * `SdiMessageError`s, never parser exceptions.
 */
export function withParsedXml<T>(
  input: string | Uint8Array,
  read: (document: XmlDocument) => T,
): T {
  const text = messageText(input);
  if (text.trim() === '') throw new SdiMessageError('empty', 'The message is empty');
  if (text.length > MAX_MESSAGE_BYTES) {
    throw new SdiMessageError('too-large', `The message is larger than ${MAX_MESSAGE_BYTES} bytes`);
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new SdiMessageError(
      'doctype-forbidden',
      'DOCTYPE and entity declarations are not allowed in an SDI message',
    );
  }
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(text, {
      encoding: 'utf-8',
      option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE,
    });
  } catch (error) {
    const first = error instanceof XmlParseError ? error.details[0] : undefined;
    throw new SdiMessageError(
      'malformed-xml',
      first
        ? `Malformed XML at line ${first.line}, column ${first.col}: ${first.message.trim()}`
        : 'Malformed XML',
    );
  }
  try {
    return read(document);
  } finally {
    document.dispose();
  }
}
