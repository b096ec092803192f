import type { KsefJson } from '@fiscus/ksef';

/*
 * What the Polish lists, KSeF and the public page need to know of an FA invoice, read from its
 * JSON (`ksefToJson`): who issues it to whom, its number, date, kind, total, the buyer's e-mail,
 * and its attachment (FA(3) `Zalacznik`) as text.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const node = (value: unknown): Node => (isNode(value) ? value : {});
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
function text(value: unknown): string | null {
  const one = first(value);
  if (typeof one === 'string') return one;
  if (typeof one === 'number') return String(one);
  if (isNode(one) && typeof one.__value === 'string') return one.__value;
  return null;
}

export type InvoiceFacts = {
  /** FA (3) or FA (2), as KodFormularza's kodSystemowy says. */
  systemCode: string;
  schemaVersion: string;
  invoiceNumber: string;
  invoiceDate: string | null;
  invoiceType: string;
  sellerNip: string | null;
  sellerName: string | null;
  buyerNip: string | null;
  buyerName: string | null;
  buyerEmail: string | null;
  grossAmount: string | null;
  currencyCode: string | null;
};

export function invoiceFacts(json: KsefJson | unknown): InvoiceFacts {
  const faktura = node(node(json).Faktura);
  const header = node(faktura.Naglowek);
  const form = node(header.KodFormularza);
  const seller = node(faktura.Podmiot1);
  const buyer = node(faktura.Podmiot2);
  const fa = node(faktura.Fa);
  const contacts = list(buyer.DaneKontaktowe).map(node);
  return {
    systemCode: typeof form.kodSystemowy === 'string' ? form.kodSystemowy : 'FA (3)',
    schemaVersion: typeof form.wersjaSchemy === 'string' ? form.wersjaSchemy : '1-0E',
    invoiceNumber: text(fa.P_2) ?? '',
    invoiceDate: text(fa.P_1),
    invoiceType: text(fa.RodzajFaktury) ?? 'VAT',
    sellerNip: text(node(seller.DaneIdentyfikacyjne).NIP),
    sellerName: text(node(seller.DaneIdentyfikacyjne).Nazwa),
    buyerNip: text(node(buyer.DaneIdentyfikacyjne).NIP),
    buyerName: text(node(buyer.DaneIdentyfikacyjne).Nazwa),
    buyerEmail: contacts.map((contact) => text(contact.Email)).find(Boolean) ?? null,
    grossAmount: text(fa.P_15),
    currencyCode: text(fa.KodWaluty),
  };
}

/**
 * The invoice's attachment (FA(3) `Zalacznik`: data blocks with a heading, key-value metadata,
 * paragraphs and tables) as plain text, one block after another; null when it has none.
 */
export function attachmentText(json: KsefJson | unknown): string | null {
  const blocks = list(node(node(node(json).Faktura).Zalacznik).BlokDanych).map(node);
  if (blocks.length === 0) return null;
  const lines: string[] = [];
  for (const block of blocks) {
    const heading = text(block.ZNaglowek);
    if (heading) lines.push(heading, '='.repeat(Math.min(heading.length, 80)));
    for (const meta of list(block.MetaDane).map(node)) {
      lines.push(`${text(meta.ZKlucz) ?? ''}: ${text(meta.ZWartosc) ?? ''}`);
    }
    for (const part of list(block.Tekst).map(node)) {
      for (const paragraph of list(part.Akapit)) lines.push(text(paragraph) ?? '');
    }
    for (const table of list(block.Tabela).map(node)) {
      for (const meta of list(table.TMetaDane).map(node)) {
        lines.push(`${text(meta.TKlucz) ?? ''}: ${text(meta.TWartosc) ?? ''}`);
      }
      const columns = list(node(table.TNaglowek).Kol).map(
        (column) => text(node(column).NKom) ?? '',
      );
      if (columns.length > 0) lines.push(columns.join('\t'));
      for (const row of list(table.Wiersz).map(node)) {
        lines.push(
          list(row.WKom)
            .map((cell) => text(cell) ?? '')
            .join('\t'),
        );
      }
      const sums = list(node(table.Suma).SKom);
      if (sums.length > 0) lines.push(sums.map((cell) => text(cell) ?? '').join('\t'));
    }
    lines.push('');
  }
  return lines.join('\n');
}
