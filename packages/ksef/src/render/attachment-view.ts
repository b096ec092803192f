import type { ViewItem, ViewPart, ViewSection, ViewTable } from './invoice-view.ts';
import { has, listOf, nodeOf, textOf, textsOf, type KsefNode } from './ksef-json.ts';
import { formatDateTime } from './pl-format.ts';
import { tableOf } from './table-view.ts';
import type { ViewContext } from './view-context.ts';

// The Ministry's visualiser splits attachment tables wider than this into several tables.
const maxAttachmentColumns = 8;

function keyValueTable(c: ViewContext, rows: KsefNode[], key: string, value: string) {
  return tableOf(rows, [
    { key, label: c.t('attachmentKey') },
    { key: value, label: c.t('attachmentValue'), wide: true },
  ]);
}

/** A cell by its column's declared type (Kol/@Typ: txt, dec, int, date, datetime, time). */
function cellText(c: ViewContext, type: string, value: unknown): string {
  const text = textOf(value);
  if (text === '') return '';
  if (type === 'dec') return c.quantity(text);
  if (type === 'date') return c.date(text);
  if (type === 'datetime') return formatDateTime(text);
  return text;
}

/** Tabela of a data block: its columns (NKom), rows (WKom) and sums (SKom), in slices. */
function dataTables(c: ViewContext, tabela: KsefNode): ViewTable[] {
  const columns = listOf(nodeOf(tabela.TNaglowek).Kol);
  if (columns.length === 0) return [];
  const types = columns.map((column) => textOf(column.Typ));
  const rows = listOf(tabela.Wiersz).map((row) => textsOfCells(row.WKom));
  const sums = textsOfCells(nodeOf(tabela.Suma).SKom);
  const tables: ViewTable[] = [];
  for (let start = 0; start < columns.length; start += maxAttachmentColumns) {
    const slice = columns.slice(start, start + maxAttachmentColumns);
    const cells = (values: unknown[]): string[] =>
      slice.map((_, index) => cellText(c, types[start + index] ?? '', values[start + index]));
    const body = rows.map(cells);
    if (sums.length) body.push(cells(sums));
    tables.push({
      kind: 'table',
      columns: slice.map((column, index) => ({
        label: textOf(column.NKom),
        align: ['dec', 'int'].includes(types[start + index] ?? '') ? 'right' : 'left',
        wide: index === 0,
      })),
      rows: body,
    });
  }
  return tables;
}

/** The cells of a row as given, empty ones kept (a column may be empty in one row). */
function textsOfCells(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** Zalacznik: each data block with its heading, key/value data, paragraphs and tables. */
export function attachmentSection(c: ViewContext, faktura: KsefNode): ViewSection | undefined {
  const blocks = listOf(nodeOf(faktura.Zalacznik).BlokDanych);
  if (blocks.length === 0) return undefined;
  const parts: ViewPart[] = [];
  blocks.forEach((block, index) => {
    const heading: ViewItem[] = [
      { kind: 'subheading', text: c.t('attachmentBlock', { index: index + 1 }) },
      ...c.entry('attachmentBlockHeader', textOf(block.ZNaglowek)),
    ];
    parts.push({ kind: 'columns', columns: [heading] });
    const meta = keyValueTable(c, listOf(block.MetaDane), 'ZKlucz', 'ZWartosc');
    if (meta) parts.push(meta);
    const paragraphs = textsOf(nodeOf(block.Tekst).Akapit);
    if (paragraphs.length) {
      parts.push({
        kind: 'columns',
        columns: [paragraphs.map((text): ViewItem => ({ kind: 'text', text }))],
      });
    }
    listOf(block.Tabela).forEach((tabela, tableIndex) => {
      const caption = has(block.ZNaglowek)
        ? `${textOf(block.ZNaglowek)} ${tableIndex + 1}`
        : c.t('attachmentTable');
      parts.push({ kind: 'columns', columns: [[{ kind: 'subheading', text: caption }]] });
      const tableMeta = keyValueTable(c, listOf(tabela.TMetaDane), 'TKlucz', 'TWartosc');
      if (tableMeta) parts.push(tableMeta);
      if (has(tabela.Opis)) {
        parts.push({
          kind: 'columns',
          columns: [c.entry('attachmentDescription', textOf(tabela.Opis))],
        });
      }
      parts.push(...dataTables(c, tabela));
    });
  });
  return { id: 'zalacznik', title: c.t('attachmentHeader'), parts };
}
