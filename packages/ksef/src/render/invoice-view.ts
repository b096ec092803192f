import type { RenderLanguage } from './labels.ts';

/**
 * An FA invoice read for people, laid out as the Ministry's visualiser lays it out: a header with
 * the invoice and KSeF numbers, then sections one under the other, each opened by a rule and a
 * heading. All text is final (translated, formatted); the HTML and the PDF renderers only draw it.
 */
export interface InvoiceView {
  lang: RenderLanguage;
  header: ViewHeader;
  sections: ViewSection[];
  /** "Wytworzona w: …" (Naglowek.SystemInfo), closing the last page. */
  generatedIn?: ViewEntry;
  /** "{page} z {pages}" label of the page footers. */
  pageLabel: string;
  /** Short title for the PDF metadata and the HTML title. */
  title: string;
}

export interface ViewHeader {
  /** "Krajowy System ", "e" (drawn in red, as on the Ministry's logo), "-Faktur". */
  systemName: [string, string, string];
  invoiceNumberLabel: string;
  invoiceNumber: string;
  /** Faktura podstawowa, korygująca, … */
  kind: string;
  /** Numer KSeF, when known. */
  ksefNumber?: ViewEntry;
  /** FA (3) 1-0E */
  form?: ViewEntry;
}

/** `label: value` on one line; a bare text when the label is empty. */
export interface ViewEntry {
  label: string;
  value: string;
}

/** What a column of a section holds, top to bottom. */
export type ViewItem =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'entry'; label: string; value: string }
  | { kind: 'text'; text: string }
  | { kind: 'link'; label: string; url: string };

export interface ViewColumn {
  align: 'left' | 'right';
  label: string;
  /** Wide columns (names, descriptions) take the room the others leave. */
  wide?: boolean;
}

export interface ViewTable {
  kind: 'table';
  caption?: string;
  columns: ViewColumn[];
  rows: string[][];
}

export type ViewPart =
  /** One to three columns side by side (parties, details, payment). */
  | { kind: 'columns'; columns: ViewItem[][] }
  | ViewTable
  /** A total right-aligned under a table, in larger type. */
  | { kind: 'total'; label: string; value: string }
  | ViewQr;

export interface ViewQr {
  kind: 'qr';
  /** The text the code holds (KOD I: the verification link; KOD II: the certificate link). */
  link: string;
  /** Under the code: the KSeF number, OFFLINE or CERTYFIKAT. */
  caption: string;
  description: string;
  /** Side of the code in PDF points (the Ministry draws KOD I at 150, KOD II at 210). */
  size: number;
}

export interface ViewSection {
  /** Machine name of the section (stable across languages), for tests and CSS. */
  id: string;
  title?: string;
  parts: ViewPart[];
}
