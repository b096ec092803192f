// QR images of the KSeF links. Error correction M: the Ministry's own images in kody-qr.md
// decode as the same QR versions (6 for KOD I, 17 for KOD II) as `qrcode` gives at level M.
import QRCode from 'qrcode';

const ERROR_CORRECTION = 'M';
/** Quiet zone in modules (ISO/IEC 18004 asks for 4). */
const MARGIN = 4;

export interface QrSvgOptions {
  /** Text under the code: the KSeF number, OFFLINE or CERTYFIKAT (kody-qr.md). */
  label?: string;
  /** Width of the image in CSS pixels; the height follows. Default: 5 pixels per module. */
  size?: number;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (character) =>
    character === '&'
      ? '&amp;'
      : character === '<'
        ? '&lt;'
        : character === '>'
          ? '&gt;'
          : '&quot;',
  );
}

/** The dark modules as one SVG path, a run of dark modules in a row as one rectangle. */
function modulesPath(size: number, isDark: (row: number, column: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && isDark(row, column)) column += 1;
      parts.push(`M${start + MARGIN} ${row + MARGIN}h${column - start}v1h${start - column}z`);
    }
  }
  return parts.join('');
}

/** A QR code of `text` as an SVG document, optionally labelled underneath. Throws when the text is too long for a QR code. */
export function qrSvg(text: string, options: QrSvgOptions = {}): string {
  const code = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const size = code.modules.size;
  const data = code.modules.data;
  const box = size + 2 * MARGIN;
  const labelHeight = options.label ? 6 : 0;
  const width = options.size ?? box * 5;
  const height = (width * (box + labelHeight)) / box;
  // A long label (a KSeF number has 35 characters) is fitted to the code's width, whatever the
  // font the viewer substitutes; a short one (OFFLINE, CERTYFIKAT) keeps its natural width.
  const labelText = options.label ?? '';
  const fitted = labelText.length * 0.7 * 4 > box - 4;
  const fontSize = fitted ? (box - 4) / (0.7 * labelText.length) : 4;
  const fit = fitted ? ` textLength="${box - 4}" lengthAdjust="spacingAndGlyphs"` : '';
  const label = labelText
    ? `<text x="${box / 2}" y="${box + 3}" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize.toFixed(2)}" font-weight="bold" text-anchor="middle"${fit}>${escapeXml(labelText)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${box} ${box + labelHeight}" shape-rendering="crispEdges">` +
    `<rect width="${box}" height="${box + labelHeight}" fill="#fff"/>` +
    `<path fill="#000" d="${modulesPath(size, (row, column) => data[row * size + column] === 1)}"/>` +
    `${label}</svg>`
  );
}

export interface QrPngOptions {
  /** Pixels per module (the Ministry's examples use 5). */
  scale?: number;
}

/** A QR code of `text` as PNG bytes. Rejects when the text is too long for a QR code. */
export async function qrPng(text: string, options: QrPngOptions = {}): Promise<Uint8Array> {
  const buffer = await QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: MARGIN,
    scale: options.scale ?? 5,
  });
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
