import type { ViewPart, ViewSection } from './invoice-view.ts';
import { has, listOf, textOf, type KsefNode } from './ksef-json.ts';
import { formatDecimal } from './pl-format.ts';
import { tableOf } from './table-view.ts';
import type { ViewContext } from './view-context.ts';

// FA_RR(1), the VAT RR invoice a buyer issues for a flat-rate farmer's produce: the Ministry's
// visualiser shows it with the FA sections, its own details, lines and totals.

function rate(text: string): string {
  return /^\d+(\.\d+)?$/.test(text) ? `${formatDecimal(text, 0)}%` : text;
}

export function rrDetailsSection(c: ViewContext, rr: KsefNode): ViewSection {
  const items = [
    ...c.entry('rrIssueDate', c.date(rr.P_4B)),
    ...c.entry('rrDetailsPurchaseDate', c.date(rr.P_4A)),
    ...c.entry('issuePlace', textOf(rr.P_1M)),
    ...c.entry('currencyCode', textOf(rr.KodWaluty)),
  ];
  return {
    id: 'szczegoly',
    title: c.t('detailsHeader'),
    parts: [{ kind: 'columns', columns: [items] }],
  };
}

export function rrLinesSection(c: ViewContext, rr: KsefNode): ViewSection | undefined {
  const parts: ViewPart[] = [];
  const table = tableOf(
    listOf(rr.FakturaRRWiersz),
    [
      { key: 'NrWierszaFa', label: c.t('lp') },
      { key: 'P_5', label: c.t('rrProduct'), wide: true },
      { key: 'P_6A', label: c.t('unit') },
      { key: 'P_6B', label: c.t('quantity'), align: 'right', format: (text) => c.quantity(text) },
      { key: 'P_6C', label: c.t('rrQuality') },
      { key: 'P_7', label: c.t('rrUnitPrice'), align: 'right', format: (text) => c.amount(text) },
      { key: 'P_8', label: c.t('rrValue'), align: 'right', format: (text) => c.amount(text) },
      { key: 'P_9', label: c.t('rrRate'), align: 'right', format: rate },
      { key: 'P_10', label: c.t('rrRefund'), align: 'right', format: (text) => c.amount(text) },
      { key: 'P_11', label: c.t('rrGross'), align: 'right', format: (text) => c.amount(text) },
      { key: 'P_4AA', label: c.t('rrDetailsPurchaseDate'), format: (text) => c.date(text) },
      {
        key: 'StanPrzed',
        label: c.t('stateBefore'),
        format: (text) => (text === '1' ? c.t('yes') : ''),
      },
    ],
    c.t('issuedInCurrency', { currency: c.currency }),
  );
  if (table) parts.push(table);
  if (has(rr.P_11_1))
    parts.push({ kind: 'total', label: c.t('rrTotalValue'), value: c.money(rr.P_11_1) });
  if (has(rr.P_11_2))
    parts.push({ kind: 'total', label: c.t('rrTotalRefund'), value: c.money(rr.P_11_2) });
  if (has(rr.P_12_1))
    parts.push({ kind: 'total', label: c.t('rrTotalDue'), value: c.money(rr.P_12_1) });
  if (has(rr.P_12_2)) {
    parts.push({ kind: 'columns', columns: [[...c.entry('rrInWords', textOf(rr.P_12_2))]] });
  }
  return parts.length ? { id: 'pozycje', title: c.t('linesHeader'), parts } : undefined;
}
