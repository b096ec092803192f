import Decimal from 'decimal.js';
import type { ViewItem, ViewPart, ViewSection } from './invoice-view.ts';
import { has, isNode, isYes, listOf, nodeOf, textOf, type KsefNode } from './ksef-json.ts';
import type { LabelKey } from './labels.ts';
import { formatDecimal, formatPercent } from './pl-format.ts';
import { tableOf, usedColumnCount, type ColumnSource } from './table-view.ts';
import type { ViewContext } from './view-context.ts';

/** Two columns filled alternately, as the Ministry's details section is. */
function alternate(items: ViewItem[][]): ViewItem[][] {
  const left: ViewItem[] = [];
  const right: ViewItem[] = [];
  items
    .filter((group) => group.length > 0)
    .forEach((group, index) => (index % 2 === 0 ? left : right).push(...group));
  return [left, right];
}

function rate6(text: string): string {
  return text === '' ? '' : formatDecimal(text, 6);
}

/** The rates of the lines when they are all the same (the Ministry shows one common rate). */
function commonRowRate(rows: KsefNode[]): string | undefined {
  const rates = new Set(rows.map((row) => textOf(row.KursWaluty)).filter((rate) => rate !== ''));
  return rates.size === 1 ? [...rates][0] : undefined;
}

const advanceKinds = ['ZAL', 'KOR_ZAL'];

export function detailsSection(c: ViewContext, fa: KsefNode): ViewSection {
  const kind = textOf(fa.RodzajFaktury);
  const rows = listOf(fa.FaWiersz);
  const okres = nodeOf(fa.OkresFa);
  const period =
    has(okres.P_6_Od) || has(okres.P_6_Do)
      ? [
          {
            kind: 'text' as const,
            text: c.t('deliveryPeriod', {
              from: c.date(okres.P_6_Od) || '…',
              to: c.date(okres.P_6_Do) || '…',
            }),
          },
        ]
      : [];
  const isForeign = has(fa.KodWaluty) && textOf(fa.KodWaluty) !== 'PLN';
  const rate = has(fa.KursWalutyZ) ? textOf(fa.KursWalutyZ) : commonRowRate(rows);
  const oss =
    rows.some((row) => has(row.P_12_XII)) ||
    listOf(nodeOf(fa.Zamowienie).ZamowienieWiersz).some((row) => has(row.P_12Z_XII));
  const groups: ViewItem[][] = [
    c.entry('issueDate', c.date(fa.P_1)),
    c.entry('issuePlace', textOf(fa.P_1M)),
    c.entry('discountPeriod', textOf(fa.OkresFaKorygowanej)),
    c.entry(advanceKinds.includes(kind) ? 'paymentReceivedDate' : 'deliveryDate', c.date(fa.P_6)),
    period,
    c.entry('currencyCode', textOf(fa.KodWaluty)),
    oss ? [{ kind: 'text', text: c.t('ossProcedure') }] : [],
    isForeign && rate ? c.entry('currencyRate', rate6(rate)) : [],
  ];
  const parts: ViewPart[] = [{ kind: 'columns', columns: alternate(groups) }];
  const partial = tableOf(
    listOf(fa.ZaliczkaCzesciowa),
    [
      { key: 'P_6Z', label: c.t('partialPaymentDate'), format: (text) => c.date(text) },
      {
        key: 'P_15Z',
        label: c.t('paymentAmount'),
        align: 'right',
        format: (text) => c.money(text),
      },
      { key: 'KursWalutyZW', label: c.t('currencyRate'), align: 'right', format: rate6 },
    ],
    c.t('partialPayments'),
  );
  if (partial) parts.push(partial);
  const advances = listOf(fa.FakturaZaliczkowa).map((advance) => ({
    number: textOf(advance.NrKSeFFaZaliczkowej) || textOf(advance.NrFaZaliczkowej),
  }));
  const advanceTable = tableOf(advances, [{ key: 'number', label: c.t('advanceInvoices') }]);
  if (advanceTable) parts.push(advanceTable);
  return { id: 'szczegoly', title: c.t('detailsHeader'), parts };
}

/** "23%", "0% KR", "zw", "np I": the rate as the invoice states it. */
function taxRate(text: string): string {
  if (text === '') return '';
  const zero = /^0 (KR|WDT|EX)$/.exec(text);
  if (zero) return `0% ${zero[1]}`;
  return /^\d+(\.\d+)?$/.test(text) ? `${formatDecimal(text, 0)}%` : text;
}

function yesMark(c: ViewContext): (text: string) => string {
  return (text) => (text === '1' ? c.t('yes') : '');
}

function lineSources(c: ViewContext, fa: KsefNode, rows: KsefNode[]) {
  const margin = isYes(nodeOf(nodeOf(fa.Adnotacje).PMarzy).P_PMarzy);
  const main: ColumnSource[] = [
    { key: 'NrWierszaFa', label: c.t('lp') },
    { key: 'UU_ID', label: c.t('uniqueRowNumber') },
    { key: 'P_7', label: c.t('productName'), wide: true },
    { key: 'P_9A', label: c.t('netUnitPrice'), align: 'right', format: (text) => c.amount(text) },
    { key: 'P_9B', label: c.t('grossUnitPrice'), align: 'right', format: (text) => c.amount(text) },
    { key: 'P_8B', label: c.t('quantity'), align: 'right', format: (text) => c.quantity(text) },
    { key: 'P_8A', label: c.t('unit') },
    { key: 'P_10', label: c.t('discount'), align: 'right', format: (text) => c.amount(text) },
    {
      key: 'P_12',
      label: c.t('taxRate'),
      align: 'right',
      // Margin-scheme lines carry no rate: the Ministry prints "marża" there.
      format: (text) => (text === '' && margin ? c.t('rateMargin') : taxRate(text)),
    },
    { key: 'P_12_XII', label: c.t('ossTaxRate'), align: 'right', format: formatPercent },
    { key: 'P_12_Zal_15', label: c.t('annex15'), format: yesMark(c) },
    { key: 'P_11', label: c.t('netValue'), align: 'right', format: (text) => c.amount(text) },
    { key: 'P_11A', label: c.t('grossValue'), align: 'right', format: (text) => c.amount(text) },
    { key: 'P_11Vat', label: c.t('vatValue'), align: 'right', format: (text) => c.amount(text) },
  ];
  if (!commonRowRate(rows)) {
    main.push({ key: 'KursWaluty', label: c.t('rowCurrencyRate'), align: 'right', format: rate6 });
  }
  main.push({ key: 'StanPrzed', label: c.t('stateBefore'), format: yesMark(c) });
  const codes: ColumnSource[] = [
    { key: 'GTIN', label: c.t('gtin') },
    { key: 'PKWiU', label: c.t('pkwiu') },
    { key: 'CN', label: c.t('cn') },
    { key: 'PKOB', label: c.t('pkob') },
    {
      key: 'KwotaAkcyzy',
      label: c.t('exciseAmount'),
      align: 'right',
      format: (text) => c.amount(text),
    },
    { key: 'GTU', label: c.t('gtu') },
    { key: 'Procedura', label: c.t('procedure') },
    { key: 'P_6A', label: c.t('rowDeliveryDate'), format: (text) => c.date(text) },
    { key: 'Indeks', label: c.t('index') },
  ];
  return { main, codes };
}

// More columns than this do not fit an A4 width at the visualiser's type size: the codes of the
// lines (GTIN, PKWiU, …) then go to a second table under the first, as the Ministry does.
const maxColumns = 10;

function totalLine(c: ViewContext, fa: KsefNode): ViewPart[] {
  const kind = textOf(fa.RodzajFaktury);
  const keys: Record<string, LabelKey> = {
    VAT: 'totalDue',
    UPR: 'totalDue',
    KOR: 'totalDueCorrection',
    KOR_ROZ: 'totalDueCorrection',
    ROZ: 'remainingDue',
    ZAL: 'advanceAmount',
    KOR_ZAL: 'advanceAmountCorrection',
  };
  const key = keys[kind] ?? 'totalDue';
  return has(fa.P_15) ? [{ kind: 'total', label: c.t(key), value: c.money(fa.P_15) }] : [];
}

/**
 * A collective correction (KOR with OkresFaKorygowanej) grants a discount for a period: the
 * Ministry shows it as Rabat, the lines it concerns (if any) and the total discount.
 */
function discountSection(c: ViewContext, fa: KsefNode): ViewSection {
  const rows = listOf(fa.FaWiersz);
  const table = tableOf(rows, [
    { key: 'NrWierszaFa', label: c.t('lp') },
    { key: 'P_7', label: c.t('productName'), wide: true },
    { key: 'P_8B', label: c.t('quantity'), align: 'right', format: (text) => c.quantity(text) },
    { key: 'P_8A', label: c.t('unit') },
  ]);
  const someLines = rows.some((row) => has(row.NrWierszaFa));
  const parts: ViewPart[] = [];
  if (has(fa.P_15))
    parts.push({ kind: 'total', label: c.t('discountTotal'), value: c.money(fa.P_15) });
  parts.push({
    kind: 'columns',
    columns: [[{ kind: 'text', text: c.t(someLines ? 'discountNotAll' : 'discountAll') }]],
  });
  if (table) parts.push(table);
  return { id: 'rabat', title: c.t('discountHeader'), parts };
}

export function linesSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  if (textOf(fa.RodzajFaktury) === 'KOR' && has(fa.OkresFaKorygowanej)) {
    return discountSection(c, fa);
  }
  const rows = listOf(fa.FaWiersz);
  const { main, codes } = lineSources(c, fa, rows);
  const caption = c.t('issuedInCurrency', { currency: c.currency });
  const parts: ViewPart[] = [];
  if (usedColumnCount(rows, main) + usedColumnCount(rows, codes) <= maxColumns) {
    const table = tableOf(rows, [...main, ...codes], caption);
    if (table) parts.push(table);
  } else {
    const first = tableOf(rows, main, caption);
    if (first) parts.push(first);
    const second = tableOf(rows, [{ key: 'NrWierszaFa', label: c.t('lp') }, ...codes]);
    if (second && second.columns.length > 1) parts.push(second);
  }
  // An advance invoice documents the order, not lines: its total goes under the order.
  if (parts.length === 0 && isNode(fa.Zamowienie)) return undefined;
  parts.push(...totalLine(c, fa));
  return parts.length ? { id: 'pozycje', title: c.t('linesHeader'), parts } : undefined;
}

export function orderSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  const order = nodeOf(fa.Zamowienie);
  const rows = listOf(order.ZamowienieWiersz);
  if (rows.length === 0 && !has(order.WartoscZamowienia)) return undefined;
  const table = tableOf(
    rows,
    [
      { key: 'NrWierszaZam', label: c.t('lp') },
      { key: 'UU_IDZ', label: c.t('uniqueRowNumber') },
      { key: 'P_7Z', label: c.t('productName'), wide: true },
      {
        key: 'P_9AZ',
        label: c.t('netUnitPrice'),
        align: 'right',
        format: (text) => c.amount(text),
      },
      { key: 'P_8BZ', label: c.t('quantity'), align: 'right', format: (text) => c.quantity(text) },
      { key: 'P_8AZ', label: c.t('unit') },
      { key: 'P_12Z', label: c.t('taxRate'), align: 'right', format: taxRate },
      { key: 'P_12Z_XII', label: c.t('ossTaxRate'), align: 'right', format: formatPercent },
      {
        key: 'P_11NettoZ',
        label: c.t('netValue'),
        align: 'right',
        format: (text) => c.amount(text),
      },
      { key: 'P_11VatZ', label: c.t('vatValue'), align: 'right', format: (text) => c.amount(text) },
      { key: 'GTINZ', label: c.t('gtin') },
      { key: 'PKWiUZ', label: c.t('pkwiu') },
      { key: 'CNZ', label: c.t('cn') },
      { key: 'GTUZ', label: c.t('gtu') },
      { key: 'ProceduraZ', label: c.t('procedure') },
      { key: 'StanPrzedZ', label: c.t('stateBefore'), format: yesMark(c) },
    ],
    c.t('issuedInCurrency', { currency: c.currency }),
  );
  const parts: ViewPart[] = [];
  if (table) parts.push(table);
  if (has(order.WartoscZamowienia)) {
    parts.push({
      kind: 'total',
      label: `${c.t('orderValue')}:`,
      value: c.money(order.WartoscZamowienia),
    });
  }
  if (listOf(fa.FaWiersz).length === 0) parts.push(...totalLine(c, fa));
  return { id: 'zamowienie', title: c.t('orderHeader'), parts };
}

interface SummaryRow {
  rate: string;
  net: string;
  tax: string;
  gross: string;
  taxPln: string;
}

function sum(...values: unknown[]): string {
  let total = new Decimal(0);
  for (const value of values) {
    const text = textOf(value);
    try {
      if (text !== '') total = total.plus(text);
    } catch {
      // Not a number (an invalid invoice): the summary shows the other amounts.
    }
  }
  return total.toFixed(2);
}

/** The P_13_x / P_14_x pairs of FA(3), one row per rate the invoice uses. */
function summaryRows(c: ViewContext, fa: KsefNode): SummaryRow[] {
  const taxed: [string, LabelKey][] = [
    ['1', 'rate23'],
    ['2', 'rate8'],
    ['3', 'rate5'],
    ['4', 'rate4'],
  ];
  const rows: SummaryRow[] = [];
  for (const [n, label] of taxed) {
    const net = fa[`P_13_${n}`];
    const tax = fa[`P_14_${n}`];
    const taxPln = fa[`P_14_${n}W`];
    if (!has(net) && !has(tax) && !has(taxPln)) continue;
    rows.push({
      rate: c.t(label),
      net: sum(net),
      tax: sum(tax),
      gross: sum(net, tax),
      taxPln: has(taxPln) ? sum(taxPln) : '',
    });
  }
  if (has(fa.P_13_5) || has(fa.P_14_5)) {
    rows.push({
      rate: c.t('rateOss'),
      net: sum(fa.P_13_5),
      tax: sum(fa.P_14_5),
      gross: sum(fa.P_13_5, fa.P_14_5),
      taxPln: '',
    });
  }
  const untaxed: [string, LabelKey][] = [
    ['P_13_6_1', 'rate0Domestic'],
    ['P_13_6_2', 'rate0Wdt'],
    ['P_13_6_3', 'rate0Export'],
    ['P_13_7', 'rateExempt'],
    ['P_13_8', 'rateNpI'],
    ['P_13_9', 'rateNpII'],
    ['P_13_10', 'rateReverse'],
    ['P_13_11', 'rateMargin'],
  ];
  for (const [key, label] of untaxed) {
    if (!has(fa[key])) continue;
    const net = sum(fa[key]);
    rows.push({ rate: c.t(label), net, tax: '0.00', gross: net, taxPln: '' });
  }
  return rows;
}

export function summarySection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  const rows = summaryRows(c, fa);
  if (rows.length === 0) return undefined;
  const withPln = rows.some((row) => row.taxPln !== '');
  const table: ViewPart = {
    kind: 'table',
    columns: [
      { label: c.t('lp'), align: 'left' },
      { label: c.t('taxRate'), align: 'left', wide: true },
      { label: c.t('netAmount'), align: 'right' },
      { label: c.t('taxAmount'), align: 'right' },
      { label: c.t('grossAmount'), align: 'right' },
      ...(withPln ? [{ label: c.t('taxAmountPln'), align: 'right' as const }] : []),
    ],
    rows: rows.map((row, index) => [
      String(index + 1),
      row.rate,
      c.money(row.net),
      c.money(row.tax),
      c.money(row.gross),
      ...(withPln ? [row.taxPln ? formatDecimal(row.taxPln) + '\u00a0PLN' : ''] : []),
    ]),
  };
  return { id: 'podsumowanie-stawek', title: c.t('summaryHeader'), parts: [table] };
}
