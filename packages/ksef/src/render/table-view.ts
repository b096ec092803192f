import type { ViewColumn, ViewTable } from './invoice-view.ts';
import { textOf, type KsefNode } from './ksef-json.ts';

/** A column read from one element of each row, formatted by `format`. */
export interface ColumnSource {
  key: string;
  label: string;
  align?: 'left' | 'right';
  wide?: boolean;
  format?: (text: string, row: KsefNode) => string;
}

/**
 * A table of the rows with only the columns some row fills, as the Ministry's tables do (an
 * invoice uses a few of the twenty-odd line fields). Undefined when no row has any value.
 */
export function tableOf(
  rows: KsefNode[],
  sources: ColumnSource[],
  caption?: string,
): ViewTable | undefined {
  const cells = rows.map((row) =>
    sources.map((source) => {
      const text = textOf(row[source.key]);
      return source.format ? source.format(text, row) : text;
    }),
  );
  const used = sources
    .map((_, index) => index)
    .filter((index) => cells.some((row) => (row[index] ?? '') !== ''));
  if (used.length === 0) return undefined;
  const columns = used.map((index): ViewColumn => {
    const source = sources[index]!;
    return { label: source.label, align: source.align ?? 'left', wide: source.wide };
  });
  return {
    kind: 'table',
    ...(caption ? { caption } : {}),
    columns,
    rows: cells.map((row) => used.map((index) => row[index] ?? '')),
  };
}

/** How many of `sources` some row fills. */
export function usedColumnCount(rows: KsefNode[], sources: ColumnSource[]): number {
  return sources.filter((source) =>
    rows.some((row) => {
      const text = textOf(row[source.key]);
      return (source.format ? source.format(text, row) : text) !== '';
    }),
  ).length;
}
