import PDFDocument from 'pdfkit';
import type { RenderTheme } from './html-styles.ts';
import { fillLabel, labelsFor } from './labels.ts';
import { reuseCompressedFontFiles, shareWordLayouts } from './pdf-document-reuse.ts';
import { fontsFor, type LoadedFont } from './pdf-fonts.ts';
import type {
  Column,
  Field,
  PartyBox,
  RenderedDocument,
  RenderedInvoice,
  Section,
  TableCell,
} from './rendered-document.ts';

const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = { left: 36, right: 36, top: 36, bottom: 46 };
const contentWidth = pageWidth - margin.left - margin.right;
const contentBottom = pageHeight - margin.bottom;
const pageBodyHeight = contentBottom - margin.top;

const colors = {
  accent: '#24527a',
  text: '#1d2329',
  muted: '#5b6773',
  rule: '#c9d1d9',
  zebra: '#f3f5f8',
  headerText: '#ffffff',
};

interface Metrics {
  base: number;
  small: number;
  title: number;
  sectionTitle: number;
  cellPadX: number;
  cellPadY: number;
  gap: number;
}

const themeMetrics: Record<RenderTheme, Metrics> = {
  standard: {
    base: 8.5,
    small: 7,
    title: 18,
    sectionTitle: 9,
    cellPadX: 3,
    cellPadY: 2.5,
    gap: 12,
  },
  compact: {
    base: 7.5,
    small: 6.2,
    title: 15,
    sectionTitle: 8,
    cellPadX: 2.5,
    cellPadY: 1.5,
    gap: 8,
  },
};

// No page holds more than about 3,000 characters of one block; longer text (only an invalid
// invoice has it) is cut before pdfkit spends time wrapping what could never be shown.
const maxBlockLength = 3000;

function capped(text: string): string {
  return text.length > maxBlockLength ? `${text.slice(0, maxBlockLength)}…` : text;
}

// pdfkit accepts a parsed fontkit font wherever it takes a font file (it checks for `layout`);
// its type declarations only list paths and buffers.
function fontSource(font: LoadedFont): PDFKit.Mixins.PDFFontSource {
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

// Bounded so a stream of distinct texts cannot grow the process without limit.
const textWidthLimit = 20_000;
/**
 * The width of a text depends only on the font and its size; invoices measure the same labels
 * and values from one document to the next, several times each (to place them, then to draw
 * them), and pdfkit measures word by word every time. Theme → font and size → text → width.
 */
const textWidths = new Map<RenderTheme, Map<string, Map<string, number>>>();

function textWidthsOf(theme: RenderTheme): Map<string, Map<string, number>> {
  let widths = textWidths.get(theme);
  if (!widths) {
    widths = new Map();
    textWidths.set(theme, widths);
  }
  return widths;
}

/** Draws a rendered invoice on A4 pages, keeping a cursor and breaking pages itself. */
class PdfLayout {
  private y = margin.top;
  /** Footer reference of every page, in page order. */
  readonly pageReferences: string[] = [];
  private currentReference = '';
  /** Widths of texts in the current font and size (see textWidths). */
  private widths = new Map<string, number>();
  private readonly themeWidths: Map<string, Map<string, number>>;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly metrics: Metrics,
    theme: RenderTheme,
  ) {
    this.themeWidths = textWidthsOf(theme);
    // Every page, including any pdfkit opens by itself, gets the reference of its document.
    doc.on('pageAdded', () => this.pageReferences.push(this.currentReference));
  }

  /** Sets the font; every font change goes through here, so `widths` follows it. */
  private font(name: 'regular' | 'bold', size: number, color: string): this {
    this.doc.font(name).fontSize(size).fillColor(color);
    const key = `${name} ${size}`;
    let widths = this.themeWidths.get(key);
    if (!widths) {
      widths = new Map();
      this.themeWidths.set(key, widths);
    }
    this.widths = widths;
    return this;
  }

  private regular(size: number, color = colors.text): this {
    return this.font('regular', size, color);
  }

  private bold(size: number, color = colors.text): this {
    return this.font('bold', size, color);
  }

  /** `doc.widthOfString(text)` in the current font and size, measured once per process. */
  private widthOf(text: string): number {
    let width = this.widths.get(text);
    if (width === undefined) {
      width = this.doc.widthOfString(text);
      if (this.widths.size >= textWidthLimit) this.widths.clear();
      this.widths.set(text, width);
    }
    return width;
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = margin.top;
  }

  /**
   * Text cut, with an ellipsis, to what fits in `maxHeight` at `width`. Only an invalid invoice
   * gets there (the schema caps descriptions at 1,000 characters); a block taller than a page
   * would otherwise overflow it. The HTML shows such text in full.
   */
  private fitted(text: string, width: number, maxHeight: number): string {
    let fitted = capped(text);
    while (fitted.length > 1 && this.textHeight(fitted, width) > maxHeight) {
      const shorter = fitted.slice(0, Math.floor(fitted.length * 0.8));
      // Cut at a word end when there is one, so no half word is left before the ellipsis.
      fitted = `${beforeLastWord(shorter) || shorter}…`;
    }
    return fitted;
  }

  /** Moves to a new page unless `height` still fits above the footer. */
  private ensureSpace(height: number): void {
    if (this.y + height > contentBottom && this.y > margin.top) this.newPage();
  }

  /**
   * Words wider than the column, broken into lines here. pdfkit breaks them too, but by measuring
   * ever shorter prefixes, which grows with the square of the word's length: a 1,000-character
   * description without spaces (schema-valid) would take a second. Summing the cached width of
   * each character is linear; the small safety margin covers kerning, which the sum ignores.
   */
  private withLongWordsBroken(text: string, width: number): string {
    if (!/\S{16}/.test(text)) return text;
    const limit = width * 0.97;
    return text
      .split('\n')
      .map((line) =>
        line
          .split(' ')
          .map((word) => {
            if (word.length < 16 || this.widthOf(word) <= width) return word;
            const pieces: string[] = [];
            let piece = '';
            let pieceWidth = 0;
            for (const char of word) {
              const charWidth = this.widthOf(char);
              if (piece && pieceWidth + charWidth > limit) {
                pieces.push(piece);
                piece = '';
                pieceWidth = 0;
              }
              piece += char;
              pieceWidth += charWidth;
            }
            return [...pieces, piece].join('\n');
          })
          .join(' '),
      )
      .join('\n');
  }

  /** Height of `text` wrapped at `width` in the current font and size. */
  private textHeight(fullText: string, width: number): number {
    const text = this.withLongWordsBroken(capped(fullText), width);
    if (text === '') return 0;
    if (!text.includes('\n') && this.widthOf(text) <= width) {
      return this.doc.currentLineHeight(true);
    }
    return this.doc.heightOfString(text, { width, lineGap: 0 });
  }

  /**
   * Draws `text` in a box `width` wide. Most cells hold one short line: those skip pdfkit's line
   * wrapper, which is otherwise the larger part of the time spent on a page.
   */
  private drawText(
    fullText: string,
    x: number,
    y: number,
    width: number,
    align: 'left' | 'right' = 'left',
  ): void {
    const text = this.withLongWordsBroken(capped(fullText), width);
    if (text === '') return;
    if (!text.includes('\n')) {
      const textWidth = this.widthOf(text);
      if (textWidth <= width) {
        this.doc.text(text, align === 'right' ? x + width - textWidth : x, y, { lineBreak: false });
        return;
      }
    }
    this.doc.text(text, x, y, { width, align, lineGap: 0 });
  }

  startDocument(document: RenderedDocument, first: boolean): void {
    this.currentReference = document.reference;
    if (first) this.pageReferences.push(document.reference);
    else this.newPage();
    this.heading(document);
    for (const section of document.sections) this.section(section);
  }

  private heading(document: RenderedDocument): void {
    const m = this.metrics;
    const leftWidth = contentWidth * 0.55;
    const rightX = margin.left + contentWidth * 0.58;
    const rightWidth = contentWidth * 0.42;
    const top = this.y;
    this.bold(m.title, colors.accent);
    this.drawText(document.title, margin.left, top, leftWidth);
    let left = top + this.textHeight(document.title, leftWidth) + 2;
    this.regular(m.base, colors.muted);
    for (const line of [document.documentType, document.position ?? '']) {
      if (!line) continue;
      this.drawText(line, margin.left, left, leftWidth);
      left += this.textHeight(line, leftWidth);
    }
    const right = this.fieldRows(document.headline, rightX, top + 2, rightWidth, 0.32, true);
    this.y = Math.max(left, right) + 4;
    this.doc
      .moveTo(margin.left, this.y)
      .lineTo(margin.left + contentWidth, this.y)
      .lineWidth(1.5)
      .strokeColor(colors.accent)
      .stroke();
    this.y += m.gap;
  }

  /** Label/value rows in two columns; returns the y below the last row. */
  private fieldRows(
    fields: Field[],
    x: number,
    top: number,
    width: number,
    labelShare: number,
    boldValues = false,
  ): number {
    const m = this.metrics;
    const labelWidth = width * labelShare;
    const valueWidth = width - labelWidth - 6;
    let y = top;
    for (const field of fields) {
      this.regular(m.small, colors.muted);
      const labelHeight = this.textHeight(field.label, labelWidth);
      if (boldValues) this.bold(m.base);
      else this.regular(m.base);
      const valueHeight = this.textHeight(field.value, valueWidth);
      const height = Math.max(labelHeight, valueHeight);
      if (top === this.y && y + height > contentBottom) {
        this.newPage();
        y = this.y;
      }
      this.drawText(field.value, x + labelWidth + 6, y, valueWidth);
      this.regular(m.small, colors.muted);
      this.drawText(field.label, x, y + (m.base - m.small) / 2, labelWidth);
      y += height + 1.5;
    }
    return y;
  }

  private sectionTitle(title: string, followingHeight: number): void {
    const m = this.metrics;
    this.bold(m.sectionTitle, colors.accent);
    const height = this.textHeight(title.toUpperCase(), contentWidth) + 3;
    // A title is never left alone at the bottom of a page: it moves with what follows it.
    this.ensureSpace(height + followingHeight);
    this.bold(m.sectionTitle, colors.accent);
    this.drawText(title.toUpperCase(), margin.left, this.y, contentWidth);
    this.y += height;
  }

  private section(section: Section): void {
    switch (section.kind) {
      case 'parties':
        this.parties(section.parties);
        break;
      case 'fields':
        this.fields(section.title, section.fields);
        break;
      case 'paragraphs':
        this.paragraphs(section.title, section.paragraphs);
        break;
      case 'totals':
        this.totals(section.title, section.rows, section.grandTotal);
        break;
      case 'table':
        this.table(section.title, section.columns, section.rows);
        break;
    }
    this.y += this.metrics.gap;
  }

  private partyHeight(party: PartyBox, width: number): number {
    const m = this.metrics;
    this.bold(m.small);
    let height = this.textHeight(party.title.toUpperCase(), width) + 2;
    this.bold(m.base + 1);
    height += this.textHeight(party.name, width) + 3;
    for (const field of party.fields) {
      this.regular(m.small);
      height += this.textHeight(`${field.label}: ${field.value}`, width) + 1;
    }
    return height;
  }

  private parties(parties: PartyBox[]): void {
    const m = this.metrics;
    const gap = m.gap;
    const boxWidth = (contentWidth - gap) / 2;
    const pad = 6;
    for (let index = 0; index < parties.length; index += 2) {
      const pair = parties.slice(index, index + 2);
      const height =
        Math.max(...pair.map((party) => this.partyHeight(party, boxWidth - 2 * pad))) + 2 * pad;
      this.ensureSpace(height);
      pair.forEach((party, column) => {
        const x = margin.left + column * (boxWidth + gap);
        this.doc
          .roundedRect(x, this.y, boxWidth, height, 3)
          .lineWidth(0.75)
          .strokeColor(colors.rule)
          .stroke();
        const width = boxWidth - 2 * pad;
        let y = this.y + pad;
        this.bold(m.small, colors.muted);
        this.drawText(party.title.toUpperCase(), x + pad, y, width);
        y += this.textHeight(party.title.toUpperCase(), width) + 2;
        this.bold(m.base + 1);
        this.drawText(party.name, x + pad, y, width);
        y += this.textHeight(party.name, width) + 3;
        for (const field of party.fields) {
          this.regular(m.small, colors.muted);
          const label = `${field.label}: `;
          const fieldHeight = this.textHeight(label + field.value, width);
          if (fieldHeight <= this.doc.currentLineHeight(true)) {
            const labelWidth = this.widthOf(label);
            this.drawText(label, x + pad, y, width);
            this.regular(m.small);
            this.drawText(field.value, x + pad + labelWidth, y, width - labelWidth);
          } else {
            this.doc.text(label, x + pad, y, { width, continued: true, lineGap: 0 });
            this.doc.fillColor(colors.text).text(field.value);
          }
          y += fieldHeight + 1;
        }
      });
      this.y += height + (index + 2 < parties.length ? gap : 0);
    }
  }

  private fields(title: string, fields: Field[]): void {
    this.regular(this.metrics.base);
    const first = fields[0];
    this.sectionTitle(title, first ? this.textHeight(first.value, contentWidth * 0.72) : 0);
    this.y = this.fieldRows(fields, margin.left, this.y, contentWidth, 0.26);
  }

  private paragraphs(title: string, paragraphs: string[]): void {
    const m = this.metrics;
    this.regular(m.base);
    const first = paragraphs[0] ?? '';
    this.sectionTitle(title, this.textHeight(first, contentWidth));
    for (const paragraph of paragraphs) {
      this.regular(m.base);
      const text = this.fitted(paragraph, contentWidth, pageBodyHeight / 2);
      const height = this.textHeight(text, contentWidth);
      this.ensureSpace(height);
      this.regular(m.base);
      this.drawText(text, margin.left, this.y, contentWidth);
      this.y += height + 2;
    }
  }

  private totals(title: string, rows: Field[], grandTotal: Field | undefined): void {
    const m = this.metrics;
    const width = contentWidth * 0.5;
    const x = margin.left + contentWidth - width;
    const valueWidth = width * 0.4;
    const labelWidth = width - valueWidth;
    const rowHeight = m.base * 1.25 + 2;
    const height = rowHeight * (rows.length + (grandTotal ? 1.5 : 0));
    this.sectionTitle(title, height);
    this.ensureSpace(height);
    for (const row of rows) {
      this.regular(m.base, colors.muted);
      this.drawText(row.label, x, this.y, labelWidth);
      this.regular(m.base);
      this.drawText(row.value, x + labelWidth, this.y, valueWidth, 'right');
      this.y += Math.max(this.textHeight(row.value, valueWidth), rowHeight);
    }
    if (grandTotal) {
      this.doc
        .moveTo(x, this.y + 1)
        .lineTo(x + width, this.y + 1)
        .lineWidth(1.2)
        .strokeColor(colors.accent)
        .stroke();
      this.y += 4;
      this.bold(m.base + 1.5);
      this.drawText(grandTotal.label, x, this.y, labelWidth);
      this.drawText(grandTotal.value, x + labelWidth, this.y, valueWidth, 'right');
      this.y += rowHeight + 2;
    }
  }

  private columnWidths(columns: Column[]): number[] {
    const total = columns.reduce((sum, column) => sum + column.weight, 0);
    return columns.map((column) => (column.weight / total) * contentWidth);
  }

  private tableHeader(columns: Column[], widths: number[]): void {
    const m = this.metrics;
    this.bold(m.small);
    const height =
      Math.max(
        ...columns.map((column, index) =>
          this.textHeight(column.label, (widths[index] ?? 0) - 2 * m.cellPadX),
        ),
      ) +
      2 * m.cellPadY;
    this.doc.rect(margin.left, this.y, contentWidth, height).fill(colors.accent);
    let x = margin.left;
    columns.forEach((column, index) => {
      const width = widths[index] ?? 0;
      this.bold(m.small, colors.headerText);
      this.drawText(
        column.label,
        x + m.cellPadX,
        this.y + m.cellPadY,
        width - 2 * m.cellPadX,
        column.align,
      );
      x += width;
    });
    this.y += height;
  }

  private cellHeight(cell: TableCell, width: number): number {
    const m = this.metrics;
    this.regular(m.base);
    let height = this.textHeight(cell.text, width);
    const details = cell.details ?? [];
    if (details.length > 0) {
      this.regular(m.small);
      for (const detail of details) height += this.textHeight(detail, width);
    }
    return height;
  }

  /** A cell cut to fit in `maxHeight` (see `fitted`), its details in a quarter of it at most. */
  private fittedCell(cell: TableCell, width: number, maxHeight: number): TableCell {
    if (this.cellHeight(cell, width) <= maxHeight) return cell;
    this.regular(this.metrics.small);
    const details = this.fitted((cell.details ?? []).join('\n'), width, maxHeight / 4);
    const detailsHeight = this.textHeight(details, width);
    this.regular(this.metrics.base);
    const text = this.fitted(cell.text, width, maxHeight - detailsHeight);
    return details ? { text, details: [details] } : { text };
  }

  /** Cell contents with the height each takes, measured once for layout and drawing. */
  private measuredCell(cell: TableCell, width: number) {
    const m = this.metrics;
    this.regular(m.base);
    const textHeight = this.textHeight(cell.text, width);
    this.regular(m.small);
    const details = (cell.details ?? []).map((detail) => ({
      detail,
      height: this.textHeight(detail, width),
    }));
    return {
      text: cell.text,
      textHeight,
      details,
      height: textHeight + details.reduce((sum, detail) => sum + detail.height, 0),
    };
  }

  private measuredRow(row: TableCell[], innerWidths: number[]) {
    const m = this.metrics;
    const measure = (cells: TableCell[]) =>
      cells.map((cell, index) => this.measuredCell(cell, innerWidths[index] ?? 0));
    let cells = measure(row);
    let height = Math.max(m.base, ...cells.map((cell) => cell.height)) + 2 * m.cellPadY;
    // A row never takes more than a page under its section title and repeated heading; the
    // longest valid description (1,000 characters) stays well below that.
    const maxHeight = pageBodyHeight - 48;
    if (height > maxHeight) {
      cells = measure(
        row.map((cell, index) => this.fittedCell(cell, innerWidths[index] ?? 0, maxHeight)),
      );
      height = Math.max(m.base, ...cells.map((cell) => cell.height)) + 2 * m.cellPadY;
    }
    return { cells, height };
  }

  private table(title: string, columns: Column[], rows: TableCell[][]): void {
    const m = this.metrics;
    const widths = this.columnWidths(columns);
    const innerWidths = widths.map((width) => width - 2 * m.cellPadX);
    const headerHeight = m.small * 2.6 + 2 * m.cellPadY;
    const firstRow = rows[0];
    this.sectionTitle(
      title,
      headerHeight + (firstRow ? this.measuredRow(firstRow, innerWidths).height : 0),
    );
    this.tableHeader(columns, widths);
    rows.forEach((row, rowIndex) => {
      const { cells, height } = this.measuredRow(row, innerWidths);
      if (this.y + height > contentBottom) {
        this.newPage();
        // Each page of a long table starts with its column headings again.
        this.tableHeader(columns, widths);
      }
      if (rowIndex % 2 === 1) {
        this.doc.rect(margin.left, this.y, contentWidth, height).fill(colors.zebra);
      }
      let x = margin.left;
      cells.forEach((cell, index) => {
        const width = innerWidths[index] ?? 0;
        const align = columns[index]?.align ?? 'left';
        let y = this.y + m.cellPadY;
        this.regular(m.base);
        this.drawText(cell.text, x + m.cellPadX, y, width, align);
        y += cell.textHeight;
        for (const { detail, height: detailHeight } of cell.details) {
          this.regular(m.small, colors.muted);
          this.drawText(detail, x + m.cellPadX, y, width, align);
          y += detailHeight;
        }
        x += widths[index] ?? 0;
      });
      this.y += height;
      this.doc
        .moveTo(margin.left, this.y)
        .lineTo(margin.left + contentWidth, this.y)
        .lineWidth(0.4)
        .strokeColor(colors.rule)
        .stroke();
    });
  }

  /** "Page x of y" and the document reference on every page, once the page count is known. */
  footers(invoice: RenderedInvoice): void {
    const range = this.doc.bufferedPageRange();
    const total = range.count;
    const m = this.metrics;
    for (let index = 0; index < total; index += 1) {
      this.doc.switchToPage(range.start + index);
      // Writing below the bottom margin would make pdfkit open a new page.
      const savedBottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      const y = pageHeight - margin.bottom + 16;
      this.doc
        .moveTo(margin.left, y - 4)
        .lineTo(margin.left + contentWidth, y - 4)
        .lineWidth(0.5)
        .strokeColor(colors.rule)
        .stroke();
      this.regular(m.small, colors.muted);
      this.doc.text(this.pageReferences[index] ?? '', margin.left, y, {
        width: contentWidth * 0.7,
        lineBreak: false,
      });
      const pageLabel = invoice.pageLabel ?? labelsFor(invoice.lang === 'it' ? 'it' : 'en').page;
      const pageText = fillLabel(pageLabel, { page: index + 1, pages: total });
      this.doc.text(pageText, margin.left + contentWidth * 0.7, y, {
        width: contentWidth * 0.3,
        align: 'right',
        lineBreak: false,
      });
      this.doc.page.margins.bottom = savedBottom;
    }
  }
}

/** Renders the invoice to PDF bytes with pdfkit (no browser involved). */
export function renderedInvoiceToPdf(
  invoice: RenderedInvoice,
  theme: RenderTheme,
): Promise<Uint8Array> {
  const fonts = fontsFor(theme);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin.top, left: margin.left, right: margin.right, bottom: 16 },
    bufferPages: true,
    // No default Helvetica: loading its metrics for every document costs more than it is used.
    font: '',
    info: {
      Title: invoice.documents.map((document) => document.reference).join(' · '),
      Creator: 'Fiscus',
      Producer: invoice.producer ?? 'Fiscus @fiscus/fatturapa',
    },
    lang: invoice.lang,
    displayTitle: true,
  });
  const chunks: Uint8Array[] = [];
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  reuseCompressedFontFiles(doc);
  const keepWordLayouts = shareWordLayouts(doc);
  doc.registerFont('regular', fontSource(fonts.regular));
  doc.registerFont('bold', fontSource(fonts.bold));
  const layout = new PdfLayout(doc, themeMetrics[theme], theme);
  invoice.documents.forEach((document, index) => layout.startDocument(document, index === 0));
  layout.footers(invoice);
  doc.end();
  keepWordLayouts();
  return finished;
}

/** The text before its last (possibly partial) word and the white space ahead of it. */
function beforeLastWord(text: string): string {
  let end = text.length;
  while (end > 0 && !/\s/.test(text[end - 1]!)) end -= 1;
  while (end > 0 && /\s/.test(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}
