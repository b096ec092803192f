import {
  fontsFor,
  reuseCompressedFontFiles,
  shareWordLayouts,
  type LoadedFont,
} from '@fiscus/fatturapa/render-kit';
import PDFDocument from 'pdfkit';
import { qrPng } from '../qr/index.ts';
import type {
  InvoiceView,
  ViewItem,
  ViewPart,
  ViewQr,
  ViewSection,
  ViewTable,
} from './invoice-view.ts';
import { fill } from './labels.ts';

// The Ministry's page (pdfmake defaults): A4, 40 pt margins, 7 pt body text, 10 pt headings.
const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 40;
const contentWidth = pageWidth - 2 * margin;
const contentBottom = pageHeight - margin - 10;
const pageBody = contentBottom - margin;
const columnGap = 20;
const cellPad = 3;

const size = {
  body: 7,
  heading: 10,
  subheading: 7.5,
  number: 16,
  system: 18,
  header: 9,
  total: 10,
};
const colors = {
  text: '#000000',
  label: '#343a40',
  rule: '#c0bfc1',
  border: '#bababa',
  headFill: '#f6f7fa',
  red: '#dd0000',
  link: '#0000ff',
};

// Longer text (only an invalid invoice has it) is cut before pdfkit spends time wrapping it.
const maxTextLength = 3000;

type FontName = 'regular' | 'bold';

function fontSource(font: LoadedFont): PDFKit.Mixins.PDFFontSource {
  // pdfkit takes a parsed fontkit font wherever it takes a file; its types list files only.
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

/** Lays the view out on A4 pages with a cursor, breaking pages itself. */
class PdfLayout {
  private y = margin;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly qrImages: Map<string, Uint8Array>,
  ) {}

  private font(name: FontName, fontSize: number, color: string = colors.text): void {
    this.doc.font(name).fontSize(fontSize).fillColor(color);
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = margin;
  }

  private ensure(height: number): void {
    if (this.y + height > contentBottom && this.y > margin) this.newPage();
  }

  /**
   * Words wider than `width` broken into lines by summing character widths (linear): pdfkit
   * would break them by measuring ever shorter prefixes, quadratic in the word's length.
   */
  private broken(text: string, width: number): string {
    const capped = text.length > maxTextLength ? `${text.slice(0, maxTextLength)}…` : text;
    if (!/\S{20}/.test(capped)) return capped;
    const limit = width * 0.97;
    return capped
      .split('\n')
      .map((line) =>
        line
          .split(' ')
          .map((word) => {
            if (word.length < 20 || this.doc.widthOfString(word) <= width) return word;
            const pieces: string[] = [];
            let piece = '';
            let pieceWidth = 0;
            for (const char of word) {
              const charWidth = this.doc.widthOfString(char);
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

  private height(text: string, width: number): number {
    if (text === '') return 0;
    return this.doc.heightOfString(this.broken(text, width), { width, lineGap: 1 });
  }

  private text(
    text: string,
    x: number,
    y: number,
    width: number,
    options: PDFKit.Mixins.TextOptions = {},
  ): void {
    if (text === '') return;
    this.doc.text(this.broken(text, width), x, y, { width, lineGap: 1, ...options });
  }

  header(view: InvoiceView): void {
    const { header } = view;
    const [name1, nameE, name3] = header.systemName;
    this.font('regular', size.system);
    this.doc.text(name1, margin, this.y, { continued: true, lineBreak: false });
    this.doc.font('bold').fillColor(colors.red).text(nameE, { continued: true });
    this.doc.fillColor(colors.text).text(name3, { lineBreak: false });
    let y = this.y + this.doc.currentLineHeight(true) + 2;
    const right = { align: 'right' as const };
    this.font('bold', size.header, colors.label);
    this.text(header.invoiceNumberLabel, margin, y, contentWidth, right);
    y += this.height(header.invoiceNumberLabel, contentWidth);
    this.font('bold', size.number);
    const numberWidth = contentWidth * 0.6;
    this.text(header.invoiceNumber, margin + contentWidth - numberWidth, y, numberWidth, right);
    y += this.height(header.invoiceNumber, numberWidth);
    this.font('regular', size.header);
    this.text(header.kind, margin, y, contentWidth, right);
    y += this.height(header.kind, contentWidth);
    for (const entry of [header.ksefNumber, header.form]) {
      if (!entry) continue;
      const value = entry.value;
      this.font('regular', size.header);
      const valueWidth = this.doc.widthOfString(value);
      this.font('bold', size.header, colors.label);
      const label = `${entry.label} `;
      const labelWidth = this.doc.widthOfString(label);
      const x = margin + contentWidth - valueWidth - labelWidth;
      this.doc.text(label, x, y, { lineBreak: false });
      this.font('regular', size.header);
      this.doc.text(value, x + labelWidth, y, { lineBreak: false });
      y += this.doc.currentLineHeight(true) + 1;
    }
    this.y = y;
  }

  section(section: ViewSection): void {
    const titleHeight = section.title ? 20 : 0;
    const first = section.parts[0];
    // A heading never stays alone at the bottom of a page: it moves with what follows.
    this.ensure(16 + titleHeight + (first ? Math.min(this.partHeight(first), pageBody / 3) : 0));
    this.y += 8;
    this.doc
      .moveTo(margin, this.y)
      .lineTo(margin + contentWidth, this.y)
      .lineWidth(1)
      .strokeColor(colors.rule)
      .stroke();
    this.y += 8;
    if (section.title) {
      this.font('bold', size.heading, colors.label);
      this.text(section.title, margin, this.y, contentWidth);
      this.y += this.height(section.title, contentWidth) + 6;
    }
    for (const part of section.parts) this.part(part);
  }

  private partHeight(part: ViewPart): number {
    switch (part.kind) {
      case 'columns':
        return this.columnsHeight(part.columns);
      case 'table':
        return 40;
      case 'total':
        return 20;
      case 'qr':
        return part.size + 20;
    }
  }

  private part(part: ViewPart): void {
    switch (part.kind) {
      case 'columns':
        this.columns(part.columns);
        break;
      case 'table':
        this.table(part);
        break;
      case 'total':
        this.total(part.label, part.value);
        break;
      case 'qr':
        this.qr(part);
        break;
    }
  }

  private columnWidth(count: number): number {
    return (contentWidth - columnGap * (count - 1)) / count;
  }

  private itemHeight(item: ViewItem, width: number): number {
    switch (item.kind) {
      case 'heading':
        this.font('bold', size.heading);
        return this.height(item.text, width) + 5;
      case 'subheading':
        this.font('bold', size.subheading);
        return this.height(item.text, width) + 6;
      case 'entry':
        return this.entryHeight(item.label, item.value, width);
      case 'text':
        this.font('regular', size.body);
        return this.height(item.text, width) + 1;
      case 'link':
        return this.entryHeight(item.label, item.url, width);
    }
  }

  /** A bold label and its value on one line when they fit, else measured all in bold (wider). */
  private entryHeight(label: string, value: string, width: number): number {
    this.font('bold', size.body);
    const labelWidth = this.doc.widthOfString(`${label}: `);
    this.font('regular', size.body);
    if (!value.includes('\n') && labelWidth + this.doc.widthOfString(value) <= width) {
      return this.doc.currentLineHeight(true) + 1 + 1;
    }
    this.font('bold', size.body);
    return this.height(`${label}: ${value}`, width) + 1;
  }

  private columnsHeight(columns: ViewItem[][]): number {
    const width = this.columnWidth(columns.length);
    return Math.max(
      0,
      ...columns.map((column) =>
        column.reduce((sum, item) => sum + this.itemHeight(item, width), 0),
      ),
    );
  }

  private item(item: ViewItem, x: number, y: number, width: number): void {
    switch (item.kind) {
      case 'heading':
        this.font('bold', size.heading, colors.label);
        this.text(item.text, x, y, width);
        break;
      case 'subheading':
        this.font('bold', size.subheading, colors.label);
        this.text(item.text, x, y + 5, width);
        break;
      case 'text':
        this.font('regular', size.body);
        this.text(item.text, x, y, width);
        break;
      case 'entry':
      case 'link': {
        const value = item.kind === 'entry' ? item.value : item.url;
        this.font('bold', size.body, colors.label);
        const label = `${item.label}: `;
        this.doc.text(label, x, y, { width, continued: true, lineGap: 1 });
        this.font('regular', size.body, item.kind === 'link' ? colors.link : colors.text);
        this.doc.text(this.broken(value, width), {
          lineGap: 1,
          ...(item.kind === 'link' && /^https?:\/\//i.test(value) ? { link: value } : {}),
        });
        break;
      }
    }
  }

  private columns(columns: ViewItem[][]): void {
    const height = this.columnsHeight(columns);
    if (height > pageBody) {
      // Taller than a page (an invalid invoice's lists): one column after the other instead.
      for (const item of columns.flat()) {
        const itemHeight = this.itemHeight(item, contentWidth);
        this.ensure(itemHeight);
        this.item(item, margin, this.y, contentWidth);
        this.y += itemHeight;
      }
      return;
    }
    this.ensure(height);
    const width = this.columnWidth(columns.length);
    columns.forEach((column, index) => {
      let y = this.y;
      const x = margin + index * (width + columnGap);
      for (const item of column) {
        const itemHeight = this.itemHeight(item, width);
        this.item(item, x, y, width);
        y += itemHeight;
      }
    });
    this.y += height + 4;
  }

  /** Column widths: narrow columns as wide as their content (within bounds), wide ones share the rest. */
  private tableWidths(table: ViewTable): number[] {
    const natural = table.columns.map((column, index) => {
      this.font('bold', size.body);
      const headerWords = column.label.split(/\s+/).map((word) => this.doc.widthOfString(word));
      // A heading on one or two lines rather than a word a line, when the table has the room.
      headerWords.push(Math.min(this.doc.widthOfString(column.label) / 2, 60));
      this.font('regular', size.body);
      const cells = table.rows.map((row) =>
        Math.max(0, ...(row[index] ?? '').split('\n').map((line) => this.doc.widthOfString(line))),
      );
      return Math.max(...headerWords, ...cells, 8) + 2 * cellPad + 1;
    });
    const wide = table.columns.map((column) => column.wide === true);
    const narrowWidths = natural.map((width, index) => (wide[index] ? 0 : Math.min(width, 110)));
    const narrowSum = narrowWidths.reduce((sum, width) => sum + width, 0);
    const wideCount = wide.filter(Boolean).length;
    if (wideCount > 0) {
      const minWide = 90 * wideCount;
      const scale = narrowSum + minWide > contentWidth ? (contentWidth - minWide) / narrowSum : 1;
      const narrow = narrowWidths.map((width) => width * scale);
      const rest = (contentWidth - narrow.reduce((sum, width) => sum + width, 0)) / wideCount;
      return narrow.map((width, index) => (wide[index] ? rest : width));
    }
    const naturalSum = natural.reduce((sum, width) => sum + width, 0);
    if (naturalSum <= contentWidth) return natural;
    return natural.map((width) => (width / naturalSum) * contentWidth);
  }

  private tableHead(table: ViewTable, widths: number[]): void {
    this.font('bold', size.body, colors.label);
    const height =
      Math.max(
        ...table.columns.map((column, index) =>
          this.height(column.label, (widths[index] ?? 0) - 2 * cellPad),
        ),
      ) +
      2 * cellPad;
    let x = margin;
    table.columns.forEach((column, index) => {
      const width = widths[index] ?? 0;
      this.doc.rect(x, this.y, width, height).fillAndStroke(colors.headFill, colors.border);
      this.font('bold', size.body, colors.label);
      this.text(column.label, x + cellPad, this.y + cellPad, width - 2 * cellPad, {
        align: column.align,
      });
      x += width;
    });
    this.y += height;
  }

  private table(table: ViewTable): void {
    const widths = this.tableWidths(table);
    const inner = widths.map((width) => width - 2 * cellPad);
    this.font('regular', size.body);
    const rowHeight = (row: string[]): number =>
      Math.max(...row.map((cell, index) => this.height(cell, inner[index] ?? 0)), size.body) +
      2 * cellPad;
    const firstRow = table.rows[0];
    const captionHeight = table.caption ? 14 : 0;
    this.ensure(captionHeight + 30 + (firstRow ? Math.min(rowHeight(firstRow), pageBody / 2) : 0));
    if (table.caption) {
      this.font('bold', size.body, colors.label);
      this.text(table.caption, margin, this.y + 2, contentWidth);
      this.y += this.height(table.caption, contentWidth) + 6;
    }
    this.tableHead(table, widths);
    for (const row of table.rows) {
      this.font('regular', size.body);
      let cells = row;
      let height = rowHeight(cells);
      const maxHeight = pageBody - 60;
      if (height > maxHeight) {
        // A row never takes more than a page: cut (only an invalid invoice gets here).
        cells = row.map((cell) => (cell.length > 600 ? `${cell.slice(0, 600)}…` : cell));
        height = Math.min(rowHeight(cells), maxHeight);
      }
      if (this.y + height > contentBottom) {
        this.newPage();
        // Each page of a long table starts with its column headings again.
        this.tableHead(table, widths);
      }
      let x = margin;
      cells.forEach((cell, index) => {
        const width = widths[index] ?? 0;
        this.doc.rect(x, this.y, width, height).lineWidth(0.75).stroke(colors.border);
        this.font('regular', size.body);
        this.text(cell, x + cellPad, this.y + cellPad, width - 2 * cellPad, {
          align: table.columns[index]?.align ?? 'left',
          height: height - 2 * cellPad,
          ellipsis: true,
        });
        x += width;
      });
      this.y += height;
    }
    this.y += 6;
  }

  private total(label: string, value: string): void {
    this.font('regular', size.total);
    const valueWidth = this.doc.widthOfString(value);
    this.font('bold', size.total, colors.label);
    const labelText = `${label} `;
    const labelWidth = this.doc.widthOfString(labelText);
    this.ensure(18);
    this.y += 4;
    const x = Math.max(margin, margin + contentWidth - valueWidth - labelWidth);
    this.doc.text(labelText, x, this.y, { lineBreak: false });
    this.font('regular', size.total);
    this.doc.text(value, x + labelWidth, this.y, { lineBreak: false });
    this.y += this.doc.currentLineHeight(true) + 6;
  }

  private qr(part: ViewQr): void {
    this.font('regular', size.body);
    const captionHeight = this.height(part.caption, part.size + columnGap - 4) + 8;
    this.ensure(part.size + captionHeight);
    const image = this.qrImages.get(part.link);
    if (image) this.doc.image(Buffer.from(image), margin, this.y, { width: part.size });
    this.font('regular', size.body);
    // The KSeF number (35 characters) is a little wider than KOD I: it may use the gap beside it.
    const captionWidth = part.size + columnGap - 4;
    this.text(part.caption, margin, this.y + part.size + 4, captionWidth, { align: 'center' });
    const x = margin + part.size + columnGap;
    const width = contentWidth - part.size - columnGap;
    this.font('bold', size.body, colors.label);
    this.text(part.description, x, this.y + 2, width);
    const linkY = this.y + 2 + this.height(part.description, width) + 5;
    this.font('regular', size.body, colors.link);
    this.text(
      part.link,
      x,
      linkY,
      width,
      /^https?:\/\//i.test(part.link) ? { link: part.link } : {},
    );
    this.y += part.size + captionHeight;
  }

  generatedIn(label: string, value: string): void {
    this.font('bold', size.body, colors.label);
    this.ensure(14);
    this.y += 8;
    this.doc.text(`${label} `, margin, this.y, { continued: true });
    this.font('regular', size.body);
    this.doc.text(value);
    this.y = this.doc.y;
  }

  /** "1 z 2" right-aligned under every page, once the page count is known. */
  footers(pageLabel: string): void {
    const range = this.doc.bufferedPageRange();
    for (let index = 0; index < range.count; index += 1) {
      this.doc.switchToPage(range.start + index);
      // Writing below the bottom margin would make pdfkit open a new page.
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.font('regular', size.body);
      // No-break spaces are drawn as glyphs, so the text copied out reads "1 z 3", not "1z3".
      const label = fill(pageLabel, { page: index + 1, pages: range.count }).replace(
        / /g,
        '\u00a0',
      );
      const x = margin + contentWidth - this.doc.widthOfString(label);
      this.doc.text(label, x, pageHeight - margin + 8, { lineBreak: false });
      this.doc.page.margins.bottom = bottom;
    }
  }
}

async function qrImagesOf(view: InvoiceView): Promise<Map<string, Uint8Array>> {
  const images = new Map<string, Uint8Array>();
  for (const section of view.sections) {
    for (const part of section.parts) {
      if (part.kind !== 'qr' || images.has(part.link)) continue;
      try {
        images.set(part.link, await qrPng(part.link, { scale: 4 }));
      } catch {
        // A text too long for a QR code (a KOD II link made elsewhere): the link is still printed.
      }
    }
  }
  return images;
}

/** The view as A4 PDF bytes (pdfkit, DejaVu fonts from the render kit). */
export async function invoiceViewToPdf(view: InvoiceView): Promise<Uint8Array> {
  const qrImages = await qrImagesOf(view);
  const fonts = fontsFor('standard');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: 20 },
    bufferPages: true,
    font: '',
    info: { Title: view.title, Creator: 'Fiscus', Producer: 'Fiscus @fiscus/ksef' },
    lang: view.lang,
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
  const layout = new PdfLayout(doc, qrImages);
  layout.header(view);
  for (const section of view.sections) layout.section(section);
  if (view.generatedIn) layout.generatedIn(view.generatedIn.label, view.generatedIn.value);
  layout.footers(view.pageLabel);
  doc.end();
  keepWordLayouts();
  return finished;
}
