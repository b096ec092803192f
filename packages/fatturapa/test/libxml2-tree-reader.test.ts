import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_TYPE, typesOf } from '../src/codec/descriptor.ts';
import { readLibxml2Tree } from '../src/codec/libxml2-tree-reader.ts';
import { classifyRoot, readRootElement, rootElementName } from '../src/codec/root-element.ts';
import { readXml } from '../src/codec/xml-reader.ts';
import { stripBom } from '../src/codec/xml-text.ts';
import { invoiceFromRoot, readInvoiceXml } from '../src/codec/xml-to-json.ts';
import { readInvoiceText } from '../src/invoice-input.ts';
import { parseWellFormed } from '../src/schema/document-parser.ts';
import { libxml2, libxml2Memory } from '../src/schema/libxml2-bindings.ts';
import { escapeNamespaceUris, validateSchemaOfText } from '../src/schema/xsd-validation.ts';
import {
  listFiles,
  officialSamples,
  realworldSamples,
  repoRoot,
  schemaValidRealworld,
} from './corpus-paths.ts';

// The tree reader reads libxml2's structs through the offsets of libxml2-wasm's WebAssembly
// build (libxml2-tree-reader.ts) and drives its internal bindings (libxml2-bindings.ts). A new
// release may move either without a type error: these tests make an upgrade fail here, not
// silently change the invoices validation reads.

/** Every official sample and every schema-valid real-world document of the corpus. */
const corpus = [...listFiles(officialSamples), ...schemaValidRealworld()];

/**
 * Documents whose model validation reads with the plain reader, on purpose: the tree reader is
 * not asked (see validateSchemaOfText) or gives up (see readLibxml2Tree).
 */
const PLAIN_READER_ONLY: Record<string, string> = {
  'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT02780790107_11004.xml':
    'a namespace URI with a quote: parsed again with the URIs escaped, through the public API',
  'Slamdunk__php-validatore-fattura-elettronica/ok_bug_attribute_with_space.xml':
    'a namespace URI with a space: parsed again with the URIs escaped, through the public API',
};

function corpusName(file: string): string {
  return file.startsWith(realworldSamples)
    ? path.relative(realworldSamples, file)
    : path.join('official', path.relative(officialSamples, file));
}

async function readText(file: string): Promise<{ text: string; utf8?: Uint8Array }> {
  const read = await readInvoiceText(readFileSync(file));
  if (!read.ok) throw new Error(`${file} cannot be read: ${read.findings[0]?.code}`);
  return { text: stripBom(read.text), ...(read.utf8 ? { utf8: read.utf8 } : {}) };
}

/** The document as libxml2 hands its text over: CR LF and lone CRs become LF (XML 1.0 §2.11). */
function withLibxml2LineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

describe('libxml2-wasm, read through its struct offsets', () => {
  it('is pinned to one exact version, the one installed', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(repoRoot, 'packages/fatturapa/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const installed = JSON.parse(
      readFileSync(path.join(repoRoot, 'node_modules/libxml2-wasm/package.json'), 'utf8'),
    ) as { version: string };
    expect(manifest.dependencies['libxml2-wasm']).toBe(installed.version);
  });

  it('still has the internal bindings and the memory view the fast path needs', () => {
    expect(libxml2).toBeDefined();
    expect(libxml2Memory()?.words.length).toBeGreaterThan(0);
  });

  it('covers the whole corpus', () => {
    expect(listFiles(officialSamples).length).toBeGreaterThanOrEqual(17);
    expect(schemaValidRealworld().length).toBeGreaterThanOrEqual(80);
  });
});

describe('validation reads the same model from libxml2 tree as the plain reader', () => {
  it.each(corpus.map((file) => [corpusName(file), file]))('%s', async (name, file) => {
    const { text, utf8 } = await readText(file);
    const root = classifyRoot(readRootElement(text));
    if (!root.ok) {
      // FatturaPA 1.1: refused before either reader runs (its tree is compared below).
      expect(root.finding.code).toBe('xml-version-not-supported');
      return;
    }
    const schema = validateSchemaOfText(text, root.format, {
      ...(utf8 ? { utf8 } : {}),
      treeRoot: rootElementName(root.format),
    });
    expect(schema.wellFormed).toBe(true);
    const plain = readInvoiceXml(text, root);
    expect(plain.ok).toBe(true);
    if (name in PLAIN_READER_ONLY) {
      expect(schema.tree).toBeUndefined();
      return;
    }
    expect(schema.tree, 'the tree reader gave up: only PLAIN_READER_ONLY may').toBeDefined();
    if (!schema.tree) return;
    expect(invoiceFromRoot(schema.tree, root)).toStrictEqual(plain);
  });
});

describe('the tree reader converts every document of the corpus as the plain reader', () => {
  // Straight on libxml2's parse of the text as written, for the documents validation refuses
  // (FatturaPA 1.1) or leaves to the plain reader as well: the offsets are read on every one.
  it.each(corpus.map((file) => [corpusName(file), file]))('%s', async (_name, file) => {
    if (!libxml2) throw new Error('libxml2-wasm internal bindings missing');
    const { text } = await readText(file);
    const element = readRootElement(text);
    if (!element) throw new Error(`${file} has no root element`);
    const root = classifyRoot(element);
    // 1.1 documents have the same element names as FPR12's where they have the same fields.
    const types = typesOf(root.ok ? root.format : 'FPR12');
    // As validation does when libxml2 refuses a namespace URI (a quote or a space in it).
    const utf8 = new TextEncoder().encode(escapeNamespaceUris(text));
    const document = parseWellFormed(libxml2, utf8);
    expect(document).not.toBe(0);
    try {
      const tree = readLibxml2Tree(document, types, ROOT_TYPE, {
        rootName: element.localName,
        hadCr: false,
      });
      const plain = readXml(withLibxml2LineBreaks(text), types, ROOT_TYPE).root;
      expect(tree).toStrictEqual(plain);
    } finally {
      libxml2.xmlFreeDoc(document);
    }
  });
});
