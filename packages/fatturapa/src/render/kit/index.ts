/**
 * The render kit: the generic half of the FatturaPA rendering, shared by the other document
 * engines (`@fiscus/ubl`, `@fiscus/ksef`) so every document the product shows has one look.
 * A document engine reads its document into a `RenderedInvoice` (already formatted text in one
 * language, arranged in sections) and hands it to `renderedInvoiceToHtml` or
 * `renderedInvoiceToPdf`: same stylesheet, DejaVu fonts, colours, section layout, page breaking
 * and footers. The number and date formatters know it, en, pl, nl and fr.
 */
export type {
  Column,
  Field,
  PartyBox,
  RenderedDocument,
  RenderedInvoice,
  RenderLang,
  Section,
  TableCell,
} from '../rendered-document.ts';
export type { RenderTheme } from '../html-styles.ts';
export { escapeHtml, renderedInvoiceToHtml } from '../html-renderer.ts';
export { htmlStyles } from '../html-styles.ts';
export { renderedInvoiceToPdf } from '../pdf-renderer.ts';
export { formatDate } from '../date-format.ts';
export { formatDecimal, formatMoney, formatRate } from '../number-format.ts';
// The PDF machinery itself, for an engine that lays out its own document (the KSeF engine draws
// the Ministry's visualisation): DejaVu parsed once per process, and the per-document reuse hooks.
export { fontsFor, type LoadedFont, type PdfFonts } from '../pdf-fonts.ts';
export { reuseCompressedFontFiles, shareWordLayouts } from '../pdf-document-reuse.ts';
