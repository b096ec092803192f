import { compressedFontFile } from './pdf-fonts.ts';

// pdfkit starts every document from scratch: what it works out about the fonts is redone for each
// invoice although it only depends on the font. These hooks on one document's instance hand it
// what earlier documents worked out. They rely on pdfkit internals (pinned 0.20.x), checked
// before use: without them, a hook does nothing and pdfkit does the work itself.

/** What reuseCompressedFontFiles uses of a pdfkit object reference. */
interface PdfReferenceInternals {
  compress: boolean;
  buffer: unknown;
  finalize: () => void;
}

/**
 * pdfkit compresses every stream as it finishes a document, the embedded font files included:
 * for a one-page invoice that is the largest part of the compression, spent again on the same
 * font file for every document. The document's references to a remembered font file (see
 * compressedFontFile) are handed its compressed form, made once with the same zlib call: the
 * bytes written do not change.
 */
export function reuseCompressedFontFiles(doc: PDFKit.PDFDocument): void {
  const target = doc as unknown as { ref?: (data?: object) => unknown };
  const ref = target.ref;
  if (typeof ref !== 'function') return;
  target.ref = (data?: object) => {
    const reference = ref.call(doc, data) as Partial<PdfReferenceInternals>;
    const finalize = reference.finalize;
    if (typeof finalize !== 'function' || typeof reference.compress !== 'boolean') {
      return reference;
    }
    reference.finalize = () => {
      const chunks = reference.buffer;
      const compressed =
        reference.compress && Array.isArray(chunks) && chunks.length === 1
          ? compressedFontFile(chunks[0])
          : undefined;
      if (compressed) {
        reference.compress = false;
        reference.buffer = [compressed];
      }
      finalize.call(reference);
    };
    return reference;
  };
}

/** What shareWordLayouts uses of a document's font (pdfkit's EmbeddedFont). */
interface EmbeddedFontInternals {
  /** The fontkit font it embeds. */
  font: object;
  /** Word → its laid-out run, scaled to 1000 units per em: pdfkit's cache for one document. */
  layoutCache: Record<string, unknown>;
}

interface SharedWords {
  runs: Record<string, unknown>;
  size: number;
}

// Bounded so a stream of distinct texts cannot grow the process without limit.
const sharedWordLimit = 50_000;
const sharedWords = new WeakMap<object, SharedWords>();

function sharedWordsOf(font: object): SharedWords {
  let shared = sharedWords.get(font);
  if (!shared) {
    shared = { runs: Object.create(null) as Record<string, unknown>, size: 0 };
    sharedWords.set(font, shared);
  }
  return shared;
}

function isFreshEmbeddedFont(value: unknown): value is EmbeddedFontInternals {
  const font = value as Partial<EmbeddedFontInternals> | undefined;
  return (
    typeof font?.font === 'object' &&
    font.font !== null &&
    typeof font.layoutCache === 'object' &&
    font.layoutCache !== null &&
    Object.keys(font.layoutCache).length === 0
  );
}

/**
 * pdfkit lays out every word of a document through its font once per document (the positions
 * scaled to the PDF's units), then caches it for that document only. A run depends only on the
 * font and the word, and pdfkit never changes one it has cached; so each document's cache looks
 * up the words of earlier documents first (its prototype). Returns what to call once the
 * document is ended (drawing is synchronous, so no other document runs in between): it adds
 * the words this document laid out for the next ones.
 */
export function shareWordLayouts(doc: PDFKit.PDFDocument): () => void {
  const target = doc as unknown as { font?: (...args: unknown[]) => unknown; _font?: unknown };
  const font = target.font;
  if (typeof font !== 'function') return () => undefined;
  const layers = new Map<object, { font: object; runs: Record<string, unknown> }>();
  target.font = (...args: unknown[]) => {
    const result = font.apply(doc, args);
    const embedded = target._font;
    if (isFreshEmbeddedFont(embedded) && !layers.has(embedded)) {
      const runs = Object.create(sharedWordsOf(embedded.font).runs) as Record<string, unknown>;
      embedded.layoutCache = runs;
      layers.set(embedded, { font: embedded.font, runs });
    }
    return result;
  };
  return () => {
    for (const { font: embeddedFont, runs } of layers.values()) {
      let shared = sharedWordsOf(embeddedFont);
      // Own keys only: the words this document added to what it inherited.
      const words = Object.keys(runs);
      if (shared.size + words.length > sharedWordLimit) {
        sharedWords.delete(embeddedFont);
        shared = sharedWordsOf(embeddedFont);
      }
      for (const word of words) shared.runs[word] = runs[word];
      shared.size += words.length;
    }
  };
}
