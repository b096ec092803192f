import { checkMarkupLimits, MAX_XML_DEPTH } from '@fiscus/fatturapa/xml-markup-limits';
import { makeFinding, type KsefFinding } from '../findings.ts';
import { scanQuickly } from './quick-scan.ts';

/** weryfikacja-faktury.md, "Rozmiar pliku": an invoice without attachments, at most 1 MB. */
export const MAX_BYTES = 1_000_000;
/** weryfikacja-faktury.md, "Rozmiar pliku": an invoice with attachments, at most 3 MB. */
export const MAX_BYTES_WITH_ATTACHMENT = 3_000_000;

/** The text of the XML with its UTF-8 bytes, once layer 1 accepts them. */
export interface AcceptedXml {
  text: string;
  bytes: Uint8Array;
  /**
   * The markup is elements only (no comment, CDATA section or processing instruction but the
   * declaration): libxml2 may then leave out the blanks between elements without changing
   * any value or verdict (see quick-validate.ts). Absent when not known.
   */
  plain?: boolean;
}

function xmlFinding(code: string, message: string, messagePl: string): KsefFinding {
  return makeFinding('xml', code, '', message, messagePl);
}

const tooLarge = (size: number, limit: number, attachment: boolean): KsefFinding =>
  xmlFinding(
    'xml-too-large',
    `The invoice is ${size} bytes, above KSeF's limit of ${limit} bytes ${attachment ? 'with' : 'without'} an attachment`,
    `Faktura ma ${size} bajtów, powyżej limitu KSeF ${limit} bajtów dla faktury ${attachment ? 'z załącznikiem' : 'bez załącznika'}`,
  );

// XML 1.0 forbids the C0 controls other than TAB, LF and CR, and U+FFFE/U+FFFF; KSeF also
// refuses the discouraged characters of the XML specification (weryfikacja-faktury.md).
const forbiddenCharacter =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;
const loneSurrogate = /\p{Cs}/u;
// An element named Zalacznik (the attachment of FA(3)), whatever its prefix.
const attachmentTag = /<(?:[\w.-]+:)?Zalacznik[\s/>]/;
const encodingDeclaration = /^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/;

function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The markup KSeF refuses, in one linear pass: a DOCTYPE (and with it any entity declaration)
 * and processing instructions other than the XML declaration at the very start. Comments and
 * CDATA sections are skipped; raw `<` appears nowhere else in well-formed XML.
 */
function checkMarkup(text: string): KsefFinding | undefined {
  let index = text.indexOf('<');
  while (index !== -1) {
    let resume = index + 1;
    if (text.startsWith('<!--', index)) {
      const end = text.indexOf('-->', index + 4);
      if (end === -1) return undefined;
      resume = end + 3;
    } else if (text.startsWith('<![CDATA[', index)) {
      const end = text.indexOf(']]>', index + 9);
      if (end === -1) return undefined;
      resume = end + 3;
    } else if (text.startsWith('<!', index)) {
      return xmlFinding(
        'xml-doctype',
        'DOCTYPE and entity declarations are not allowed',
        'Deklaracje DOCTYPE i encji są niedozwolone',
      );
    } else if (text.startsWith('<?', index)) {
      const declaration = index === 0 && /^<\?xml[\s?]/.test(text.slice(0, 6));
      if (!declaration) {
        return xmlFinding(
          'xml-processing-instruction',
          'Processing instructions other than the XML declaration are not allowed',
          'Instrukcje przetwarzania XML (poza prologiem) są niedozwolone',
        );
      }
      const end = text.indexOf('?>', index + 2);
      if (end === -1) return undefined;
      resume = end + 2;
    }
    index = text.indexOf('<', resume);
  }
  return undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Accepted bytes whose text is decoded only when asked for. */
function acceptedBytes(bytes: Uint8Array, plain: boolean, text?: string): AcceptedXml {
  let decoded = text;
  return {
    bytes,
    plain,
    get text(): string {
      decoded ??= decoder.decode(bytes);
      return decoded;
    },
  };
}

/** The usual invoice, accepted by the quick scan of quick-scan.ts without decoding it. */
function quickly(input: string | Uint8Array): AcceptedXml | undefined {
  if (typeof input !== 'string') {
    const quick = scanQuickly(input, MAX_BYTES);
    return quick === 'not-sure' ? undefined : acceptedBytes(input, quick === 'accepted-plain');
  }
  if (input.length * 3 > MAX_BYTES_WITH_ATTACHMENT || loneSurrogate.test(input)) return undefined;
  const bytes = encoder.encode(input);
  const quick = scanQuickly(bytes, MAX_BYTES);
  return quick === 'not-sure' ? undefined : acceptedBytes(bytes, quick === 'accepted-plain', input);
}

/**
 * Layer 1, the XML rules KSeF applies before anything else (weryfikacja-faktury.md, "Weryfikacja
 * XML" and "Rozmiar pliku"): size, UTF-8 without BOM, an XML declaration naming no other
 * encoding, only allowed characters, no DOCTYPE or entities, no processing instructions; then
 * nesting deeper than 256 levels and over-long names (the hardening of @fiscus/fatturapa).
 * Returns the decoded text when it passes.
 */
export function checkXmlRules(input: string | Uint8Array): {
  accepted?: AcceptedXml;
  findings: KsefFinding[];
} {
  const quick = quickly(input);
  if (quick) return { accepted: quick, findings: [] };
  const refuse = (finding: KsefFinding): { findings: KsefFinding[] } => ({ findings: [finding] });
  // A UTF-8 string takes at most 3 bytes per UTF-16 unit: only encode when it may matter.
  const roughSize = typeof input === 'string' ? input.length * 3 : input.length;
  if (roughSize > MAX_BYTES_WITH_ATTACHMENT) {
    const size = typeof input === 'string' ? new TextEncoder().encode(input).length : input.length;
    if (size > MAX_BYTES_WITH_ATTACHMENT) {
      return refuse(tooLarge(size, MAX_BYTES_WITH_ATTACHMENT, true));
    }
  }
  let text: string;
  if (typeof input === 'string') {
    if (loneSurrogate.test(input)) {
      return refuse(
        xmlFinding(
          'xml-character',
          'The text holds a lone surrogate: it is not a character',
          'Tekst zawiera niesparowany surogat: to nie jest znak',
        ),
      );
    }
    text = input;
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      return refuse(
        xmlFinding(
          'xml-encoding',
          'The file is not valid UTF-8',
          'Plik nie jest poprawnie zakodowany w UTF-8',
        ),
      );
    }
  }
  if (text.startsWith('\uFEFF')) {
    return refuse(
      xmlFinding(
        'xml-bom',
        'The file starts with a byte order mark (BOM): KSeF requires UTF-8 without BOM',
        'Plik zaczyna się znakiem BOM: KSeF wymaga UTF-8 bez BOM',
      ),
    );
  }
  if (text.trim() === '') {
    return refuse(xmlFinding('xml-empty', 'The file is empty', 'Plik jest pusty'));
  }
  const forbidden = forbiddenCharacter.exec(text);
  if (forbidden) {
    const name = describeCharacter(forbidden[0]);
    return refuse(
      xmlFinding(
        'xml-character',
        `The text holds the character ${name}, which KSeF does not allow`,
        `Tekst zawiera znak ${name}, niedozwolony w KSeF`,
      ),
    );
  }
  const encoding = encodingDeclaration.exec(text.slice(0, 200))?.[1];
  if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8') {
    return refuse(
      xmlFinding(
        'xml-encoding',
        `The XML declaration names the encoding "${encoding.slice(0, 40)}": KSeF accepts UTF-8 only`,
        `Prolog XML wskazuje kodowanie "${encoding.slice(0, 40)}": KSeF przyjmuje tylko UTF-8`,
      ),
    );
  }
  if (!text.trimStart().startsWith('<')) {
    return refuse(
      xmlFinding(
        'xml-malformed',
        'The file is not XML: it does not start with "<"',
        'Plik nie jest dokumentem XML',
      ),
    );
  }
  const markup = checkMarkup(text);
  if (markup) return refuse(markup);
  const limit = checkMarkupLimits(text);
  if (limit) {
    return refuse(
      limit.code === 'xml-too-deep'
        ? xmlFinding(
            'xml-too-deep',
            `Elements are nested more than ${MAX_XML_DEPTH} levels deep`,
            `Elementy zagnieżdżone głębiej niż ${MAX_XML_DEPTH} poziomów`,
          )
        : xmlFinding(
            'xml-name-too-long',
            'A name longer than any name of the KSeF schemas',
            'Nazwa dłuższa niż jakakolwiek nazwa schematów KSeF',
          ),
    );
  }
  const bytes = typeof input === 'string' ? new TextEncoder().encode(text) : input;
  if (bytes.length > MAX_BYTES && !attachmentTag.test(text)) {
    return refuse(tooLarge(bytes.length, MAX_BYTES, false));
  }
  return { accepted: { text, bytes }, findings: [] };
}
