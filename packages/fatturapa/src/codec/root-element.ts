import type { Finding } from '../findings.ts';
import type { InvoiceFormat } from '../model/index.ts';
import { isXmlChar } from './xml-reader.ts';
import { readStartTag } from './xml-tag.ts';
import { LEGACY_11_NAMESPACE, ORDINARY_NAMESPACE, SIMPLIFIED_NAMESPACE } from './namespaces.ts';

export interface RootElement {
  /** Local name, without prefix. */
  localName: string;
  namespace: string | undefined;
  attributes: Record<string, string>;
}

// Skips the XML declaration, comments and processing instructions before the root.
const prolog = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*/;

const PREDEFINED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Attribute values as the XML means them: predefined entities and character references. */
function decodeAttribute(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (match, entity: string) => {
    if (entity.startsWith('#')) {
      const codePoint = entity.startsWith('#x')
        ? Number.parseInt(entity.slice(2), 16)
        : Number.parseInt(entity.slice(1), 10);
      // References to no XML character are left as written: the parser reports them as malformed.
      return isXmlChar(codePoint) ? String.fromCodePoint(codePoint) : match;
    }
    return PREDEFINED_ENTITIES[entity] ?? match;
  });
}

/** Reads the root start tag (name, namespace, attributes) without parsing the document. */
export function readRootElement(text: string): RootElement | undefined {
  const start = prolog.exec(text)?.[0].length ?? 0;
  const tag = readStartTag(text.slice(start, start + 4096), 0);
  if (!tag) return undefined;
  const qualified = tag.qualifiedName;
  const colon = qualified.indexOf(':');
  const prefix = colon >= 0 ? qualified.slice(0, colon) : '';
  const attributes: Record<string, string> = {};
  for (const [name, raw] of tag.attributes) attributes[name] = decodeAttribute(raw);
  return {
    localName: colon >= 0 ? qualified.slice(colon + 1) : qualified,
    namespace: attributes[prefix ? `xmlns:${prefix}` : 'xmlns'],
    attributes,
  };
}

/** The root element's local name in a file of `format` (as classifyRoot requires it). */
export function rootElementName(format: InvoiceFormat): string {
  return format === 'FSM10' ? 'FatturaElettronicaSemplificata' : 'FatturaElettronica';
}

function formatFinding(code: string, message: string, messageIt: string): Finding {
  return { layer: 'xml', code, propertyPath: '', message, messageIt };
}

export type RootCheck =
  { ok: true; format: InvoiceFormat; sistemaEmittente?: string } | { ok: false; finding: Finding };

/**
 * Decides the invoice format from the root element: its name, namespace and `versione`.
 * The namespace decides the schema family; `versione` must be one that family accepts.
 */
export function classifyRoot(root: RootElement | undefined): RootCheck {
  if (!root) {
    return {
      ok: false,
      finding: formatFinding('xml-malformed', 'No root element found', 'Elemento radice assente'),
    };
  }
  const versione = root.attributes.versione?.trim();
  if (root.namespace === LEGACY_11_NAMESPACE || versione === '1.1' || versione === 'SDI11') {
    return {
      ok: false,
      finding: formatFinding(
        'xml-version-not-supported',
        'FatturaPA version 1.1 is not supported any more: use schema 1.2 (FPA12/FPR12) or FSM10',
        'Versione FatturaPA 1.1 non più supportata: usare lo schema 1.2 (FPA12/FPR12) o FSM10',
      ),
    };
  }
  const expected =
    root.localName === 'FatturaElettronica'
      ? { namespace: ORDINARY_NAMESPACE, versions: ['FPA12', 'FPR12'] as const }
      : root.localName === 'FatturaElettronicaSemplificata'
        ? { namespace: SIMPLIFIED_NAMESPACE, versions: ['FSM10'] as const }
        : undefined;
  if (!expected) {
    return {
      ok: false,
      finding: formatFinding(
        'xml-wrong-root',
        `The root element is <${root.localName}>, not <FatturaElettronica> or <FatturaElettronicaSemplificata>`,
        `Elemento radice <${root.localName}> non valido: atteso <FatturaElettronica> o <FatturaElettronicaSemplificata>`,
      ),
    };
  }
  if (root.namespace !== expected.namespace) {
    return {
      ok: false,
      finding: formatFinding(
        'xml-wrong-namespace',
        `The root element must be in namespace ${expected.namespace} (found ${root.namespace ?? 'none'})`,
        `L'elemento radice deve appartenere al namespace ${expected.namespace}`,
      ),
    };
  }
  const format = expected.versions.find((candidate) => candidate === versione);
  if (!format) {
    return {
      ok: false,
      finding: formatFinding(
        'xml-unknown-version',
        `Unknown versione "${versione ?? ''}": expected ${expected.versions.join(' or ')}`,
        `Attributo versione "${versione ?? ''}" non valido: atteso ${expected.versions.join(' o ')}`,
      ),
    };
  }
  const sistemaEmittente = root.attributes.SistemaEmittente;
  return { ok: true, format, ...(sistemaEmittente !== undefined ? { sistemaEmittente } : {}) };
}
