import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { RenderTheme } from './html-styles.ts';

/** A parsed TrueType font, as pdfkit accepts it in place of a file or a buffer. */
export type LoadedFont = fontkit.Font;

export interface PdfFonts {
  regular: LoadedFont;
  bold: LoadedFont;
}

// pdfkit's built-in Helvetica only encodes WinAnsi; real invoices carry Latin Extended names
// (Łódź, Ştefan), Greek, Cyrillic and Arabic. DejaVu covers those. The files come from the
// `dejavu-fonts-ttf` package, found through module resolution: nothing is downloaded at run time.
const fontFiles: Record<RenderTheme, { regular: string; bold: string }> = {
  standard: { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' },
  compact: { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' },
};

const loaded = new Map<RenderTheme, PdfFonts>();

function fontDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** What pdfkit reads of a layout: the shared glyphs, and positions it may scale in place. */
class LaidOutRun {
  constructor(
    readonly glyphs: fontkit.Glyph[],
    readonly positions: fontkit.GlyphPosition[],
  ) {}

  get advanceWidth(): number {
    return this.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  }
}

// Bounded so a stream of distinct texts cannot grow the process without limit.
const layoutCacheLimit = 50_000;

/**
 * pdfkit shapes every word through fontkit (OpenType GSUB/GPOS), which is most of the time spent
 * on a PDF, and it caches words per document only. Invoices repeat the same labels and values
 * from one document to the next, so the parsed font is wrapped with a layout cache shared by all
 * documents. pdfkit scales the positions of a run in place: each caller gets its own copies.
 */
function withSharedLayoutCache(font: fontkit.Font): LoadedFont {
  const cache = new Map<string, fontkit.GlyphRun>();
  const layout = (
    text: string,
    features?: string[] | Record<string, boolean>,
  ): fontkit.GlyphRun | LaidOutRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = cache.get(text);
    if (!run) {
      run = font.layout(text);
      if (cache.size >= layoutCacheLimit) cache.clear();
      cache.set(text, run);
    }
    return new LaidOutRun(
      run.glyphs,
      run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
        xAdvance,
        yAdvance,
        xOffset,
        yOffset,
      })),
    );
  };
  const createSubset = (): fontkit.Subset => rememberingSubset(font.createSubset());
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      if (property === 'createSubset') return createSubset;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** fontkit's subset keeps the glyph ids it includes, in order (not in its type declarations). */
type FontSubset = fontkit.Subset & { glyphs?: unknown };

const subsetCacheLimit = 256;
const encodedSubsets = new Map<string, Uint8Array>();
/** The compressed form of each remembered subset, as pdfkit writes it (see compressedFontFile). */
const compressedSubsets = new WeakMap<Uint8Array, Uint8Array>();

/**
 * The embedded font file depends only on the glyphs a document uses, in the order it used them;
 * documents of the same kind use the same ones, so the encoded file (the costliest part of
 * finishing a PDF) is kept for the next document with the same glyphs.
 */
function rememberingSubset(subset: FontSubset): FontSubset {
  const encode = subset.encode.bind(subset);
  subset.encode = () => {
    if (!Array.isArray(subset.glyphs)) return encode();
    const key = subset.glyphs.join(',');
    let encoded = encodedSubsets.get(key);
    if (!encoded) {
      encoded = encode();
      if (encodedSubsets.size >= subsetCacheLimit) encodedSubsets.clear();
      encodedSubsets.set(key, encoded);
      // The same call pdfkit makes on a stream (zlib's defaults): the same bytes.
      compressedSubsets.set(encoded, deflateSync(encoded));
    }
    return encoded;
  };
  return subset;
}

/**
 * The compressed form of `encoded` when it is a remembered subset (the bytes pdfkit would write
 * for it), otherwise undefined.
 */
export function compressedFontFile(encoded: unknown): Uint8Array | undefined {
  return encoded instanceof Uint8Array ? compressedSubsets.get(encoded) : undefined;
}

interface DecodableGlyph {
  _decode?: () => unknown;
}

/**
 * Embedding a subset re-reads the outline of every glyph used, for every document (fontkit's
 * subsetter calls the glyph's private `_decode` only to find composite glyphs). The outlines of
 * a static font never change, so each glyph keeps its first reading. If a fontkit release renames
 * that method, this does nothing and the subsetter simply reads outlines again.
 */
function withRememberedOutlines(font: fontkit.Font): void {
  const getGlyph = font.getGlyph.bind(font);
  const remembered = new WeakSet<object>();
  font.getGlyph = (id, codePoints) => {
    const glyph: fontkit.Glyph & DecodableGlyph = getGlyph(id, codePoints);
    const decode = glyph._decode;
    if (typeof decode === 'function' && !remembered.has(glyph)) {
      remembered.add(glyph);
      let outline: unknown;
      let read = false;
      glyph._decode = () => {
        if (!read) {
          outline = decode.call(glyph);
          read = true;
        }
        return outline;
      };
    }
    return glyph;
  };
}

function loadFont(path: string): LoadedFont {
  const font = fontkit.create(readFileSync(path));
  if ('fonts' in font) throw new Error(`${path} is a font collection, not a single font`);
  withRememberedOutlines(font);
  return withSharedLayoutCache(font);
}

/**
 * The fonts of a theme, parsed once per process: parsing a 700 KB TTF for every document would
 * cost more than rendering the document itself. pdfkit subsets them into each PDF.
 */
export function fontsFor(theme: RenderTheme): PdfFonts {
  let fonts = loaded.get(theme);
  if (!fonts) {
    const directory = fontDirectory();
    fonts = {
      regular: loadFont(join(directory, fontFiles[theme].regular)),
      bold: loadFont(join(directory, fontFiles[theme].bold)),
    };
    loaded.set(theme, fonts);
  }
  return fonts;
}
