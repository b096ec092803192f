import type { Finding } from '../findings.ts';
import { checkMarkupLimits } from './xml-markup-limits.ts';

/** Default size limit: SDI rejects single invoice files above 5 MB (code 00003). */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export interface XmlSafetyOptions {
  /** Maximum accepted size of the XML in bytes (default 5 MB, SDI's limit). */
  maxBytes?: number;
}

function xmlFinding(code: string, message: string, messageIt: string): Finding {
  return { layer: 'xml', code, propertyPath: '', message, messageIt };
}

export function emptyFileFinding(): Finding {
  return xmlFinding('00106', 'The file is empty', 'File vuoto');
}

export function tooLargeFinding(size: number, maxBytes: number): Finding {
  return xmlFinding(
    '00003',
    `The file is ${size} bytes, above the limit of ${maxBytes} bytes`,
    `Dimensione del file (${size} byte) superiore al limite di ${maxBytes} byte`,
  );
}

// Control characters other than TAB/LF/CR are not allowed in XML 1.0: their presence means
// binary content, not a text file.
const forbiddenControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/; // eslint-disable-line no-control-regex
// A surrogate code unit not paired with its other half (text given as a string, not bytes): no
// character at all, and PostgreSQL refuses it in jsonb.
const loneSurrogate = /\p{Cs}/u;
const dtdDeclaration = /<!(?:DOCTYPE|ENTITY)/i;

/**
 * The first reason `text` cannot be XML text at all: a control character XML 1.0 forbids (binary
 * content) or a lone surrogate. Generic: shared with the UBL engine through
 * `@fiscus/fatturapa/xml-hardening`.
 */
export function forbiddenCharacterIn(text: string): 'control' | 'lone-surrogate' | undefined {
  if (forbiddenControl.test(text)) return 'control';
  if (loneSurrogate.test(text)) return 'lone-surrogate';
  return undefined;
}

/** Whether `text` declares a DTD or an entity (refused: XXE and entity expansion). */
export function declaresDtd(text: string): boolean {
  return dtdDeclaration.test(text);
}

/**
 * Checks done before any parser sees the text: size, emptiness, binary content, lone surrogates,
 * any DTD, then names longer than any FatturaPA name and nesting deeper than 256 levels.
 * FatturaPA never needs a DOCTYPE, so it is refused outright: that stops XXE (external
 * entities) and entity expansion bombs (billion laughs) before they can be followed.
 */
export function checkXmlSafety(text: string, options: XmlSafetyOptions = {}): Finding[] {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // A UTF-8 string takes at most 3 bytes per UTF-16 unit: only count exactly when it matters.
  if (text.length * 3 > maxBytes) {
    const size = new TextEncoder().encode(text).length;
    if (size > maxBytes) return [tooLargeFinding(size, maxBytes)];
  }
  if (text.trim() === '') return [emptyFileFinding()];
  const forbidden = forbiddenCharacterIn(text);
  if (forbidden === 'control') {
    return [
      xmlFinding(
        '00106',
        'The file contains binary data, not XML text',
        'Il file contiene dati binari, non testo XML',
      ),
    ];
  }
  if (forbidden === 'lone-surrogate') {
    return [
      xmlFinding(
        '00106',
        'The text holds a lone surrogate: it is not a valid character',
        'Il testo contiene un carattere non valido (surrogato isolato)',
      ),
    ];
  }
  if (!text.trimStart().startsWith('<')) {
    return [
      xmlFinding(
        'xml-malformed',
        'The file is not XML: it does not start with "<"',
        'Il file non è XML',
      ),
    ];
  }
  if (declaresDtd(text)) {
    return [
      xmlFinding(
        'xml-doctype-forbidden',
        'DOCTYPE and entity declarations are not allowed (XXE / entity expansion protection)',
        'DOCTYPE e dichiarazioni di entità non ammessi',
      ),
    ];
  }
  const limit = checkMarkupLimits(text);
  return limit ? [limit] : [];
}
