/**
 * What an invoice looks like once read for people: plain, already formatted text in one language,
 * arranged in sections. The HTML and the PDF renderers both draw this, so they show the same
 * content; neither looks at the invoice model itself.
 */
/** The languages the shared render kit formats numbers and dates in (see ./kit). */
export type RenderLang = 'it' | 'en' | 'pl' | 'nl' | 'fr';

export interface RenderedInvoice {
  lang: RenderLang;
  /**
   * The footer's "page x of y" with `{page}` and `{pages}`; FatturaPA's own label of `lang`
   * when absent (other packages rendering through the kit pass theirs).
   */
  pageLabel?: string;
  /** The PDF's Producer entry; `Fiscus @fiscus/fatturapa` when absent. */
  producer?: string;
  /** One per `fattura_elettronica_body`: a multi-body file holds several invoices. */
  documents: RenderedDocument[];
}

export interface RenderedDocument {
  /** "Fattura" / "Invoice" or the document type's own name for notes and self-invoices. */
  title: string;
  /** Code and official description of the document type, e.g. "TD01 - Fattura". */
  documentType: string;
  /** Number, date, currency and format, shown beside the title. */
  headline: Field[];
  /** "Document 1 of 2 in the file", when the file holds more than one. */
  position?: string;
  /** Short reference for page footers, e.g. "Fattura 123 del 18/12/2014". */
  reference: string;
  sections: Section[];
}

export interface Field {
  label: string;
  value: string;
}

/** A party (supplier, customer, representative…) as a box of lines. */
export interface PartyBox {
  title: string;
  name: string;
  fields: Field[];
}

export interface Column {
  label: string;
  align: 'left' | 'right';
  /** Share of the table width, relative to the other columns. */
  weight: number;
}

export interface TableCell {
  text: string;
  /** Secondary lines shown smaller under the text (codes, periods, references). */
  details?: string[];
}

export type Section =
  | { kind: 'parties'; parties: PartyBox[] }
  | { kind: 'fields'; title: string; fields: Field[] }
  | { kind: 'table'; title: string; columns: Column[]; rows: TableCell[][] }
  | { kind: 'paragraphs'; title: string; paragraphs: string[] }
  | { kind: 'totals'; title: string; rows: Field[]; grandTotal?: Field };
