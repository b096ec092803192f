// fontkit ships no type declarations; these cover the one call the renderer makes.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    layout(text: string, features?: unknown): unknown;
    getGlyph(id: number, codePoints?: number[]): unknown;
    createSubset(): { glyphs: number[]; encode(): Uint8Array };
  }
  export interface FontCollection {
    fonts: Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}
