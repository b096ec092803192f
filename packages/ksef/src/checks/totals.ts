import Decimal from 'decimal.js';
import type { KsefElement } from '../codec/ksef-json.ts';
import { makeFinding, type KsefFinding } from '../findings.ts';
import { amount, children, text } from './read.ts';

const TOLERANCE = new Decimal('0.01');

/** A VAT rate group: the P_12 values of its lines and the totals fields that sum them. */
interface RateGroup {
  rates: readonly string[];
  /** The net totals (P_13_x) of the group: their sum is compared with the lines. */
  net: readonly string[];
  /** The VAT total (P_14_x) and its PLN conversion (P_14_xW), for taxed groups. */
  vat?: string;
  vatPln?: string;
}

/** The rate groups of the XSD's annotations on P_13_x / P_14_x / P_14_xW. */
const GROUPS: readonly RateGroup[] = [
  { rates: ['23', '22'], net: ['P_13_1'], vat: 'P_14_1', vatPln: 'P_14_1W' },
  { rates: ['8', '7'], net: ['P_13_2'], vat: 'P_14_2', vatPln: 'P_14_2W' },
  { rates: ['5'], net: ['P_13_3'], vat: 'P_14_3', vatPln: 'P_14_3W' },
  { rates: ['4', '3'], net: ['P_13_4'], vat: 'P_14_4', vatPln: 'P_14_4W' },
  { rates: ['0', '0 KR', '0 WDT', '0 EX'], net: ['P_13_6_1', 'P_13_6_2', 'P_13_6_3'] },
  { rates: ['zw'], net: ['P_13_7'] },
  { rates: ['np', 'np I', 'np II'], net: ['P_13_8', 'P_13_9'] },
  { rates: ['oo'], net: ['P_13_10'] },
];
/** Every net and VAT total that P_15 sums (P_14_xW are conversions, not added). */
const NET_FIELDS = [
  'P_13_1',
  'P_13_2',
  'P_13_3',
  'P_13_4',
  'P_13_5',
  'P_13_6_1',
  'P_13_6_2',
  'P_13_6_3',
  'P_13_7',
  'P_13_8',
  'P_13_9',
  'P_13_10',
  'P_13_11',
];
const VAT_FIELDS = ['P_14_1', 'P_14_2', 'P_14_3', 'P_14_4', 'P_14_5'];

/**
 * What the lines of a kind of invoice (RodzajFaktury) are to its totals, by the XSD's annotations
 * of FaWiersz, Zamowienie, P_13_x, P_14_x and P_15:
 * - `invoice`: the lines (FaWiersz) add up to P_13_x per rate (VAT, UPR; KOR: differences, the
 *   lines "before" (StanPrzed) subtracted);
 * - `order`: the lines are the order's (Zamowienie/ZamowienieWiersz, summing to
 *   WartoscZamowienia), the totals the advance received (ZAL; KOR_ZAL: its difference);
 * - `whole`: the lines are the whole order, the totals what remains after the advances listed in
 *   FakturaZaliczkowa, whose amounts the invoice does not give (ROZ; KOR_ROZ: its difference).
 * For every kind P_15 is the sum of P_13_x and P_14_x (the total, the advance, the amount
 * remaining, or the correction of one of them), and P_14_x the VAT of P_13_x at its rate.
 */
type LinesAre = 'invoice' | 'order' | 'whole';
interface KindTotals {
  lines: LinesAre;
  /** A correction: its totals are differences, each the difference of two rounded amounts. */
  correction: boolean;
  /** The totals per rate may be left out (a simplified invoice, art. 106e ust. 5 pkt 3: P_15). */
  perRateOptional?: boolean;
}
const KINDS: ReadonlyMap<string, KindTotals> = new Map([
  ['VAT', { lines: 'invoice', correction: false }],
  ['KOR', { lines: 'invoice', correction: true }],
  ['UPR', { lines: 'invoice', correction: false, perRateOptional: true }],
  ['ZAL', { lines: 'order', correction: false }],
  ['KOR_ZAL', { lines: 'order', correction: true }],
  ['ROZ', { lines: 'whole', correction: false }],
  ['KOR_ROZ', { lines: 'whole', correction: true }],
]);

function advisory(code: string, path: string, message: string, messagePl: string): KsefFinding {
  return makeFinding('advisory', code, path, message, messagePl);
}

/** Zero (decimals are immutable: shared). */
const ZERO = new Decimal(0);

const sum = (values: Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), ZERO);

/** Off by more than `tolerance` (0.01 unless told). */
const differs = (a: Decimal, b: Decimal, tolerance = TOLERANCE): boolean =>
  a.minus(b).abs().greaterThan(tolerance);

/** The lines as the totals read them: each one's rate, value and sign read once. */
interface Lines {
  elements: KsefElement[];
  /** P_12 (P_12Z of an order line). */
  rates: (string | undefined)[];
  /** The net value P_11 (P_11NettoZ); undefined for a gross line or a line without value. */
  nets: (Decimal | undefined)[];
  /** The net value, else the gross value P_11A (gross lines). */
  values: (Decimal | undefined)[];
  /** -1 for a correction's line "before" (StanPrzed, StanPrzedZ): the totals are differences. */
  signs: number[];
}

function readLines(fa: KsefElement, kind: KindTotals): Lines {
  if (kind.lines === 'order') {
    const elements = children(children(fa, 'Zamowienie')[0], 'ZamowienieWiersz');
    const nets = elements.map((line) => amount(line, 'P_11NettoZ'));
    return {
      elements,
      rates: elements.map((line) => text(line, 'P_12Z')),
      nets,
      values: nets,
      signs: elements.map((line) => (text(line, 'StanPrzedZ') === '1' ? -1 : 1)),
    };
  }
  const elements = children(fa, 'FaWiersz');
  const nets = elements.map((line) => amount(line, 'P_11'));
  return {
    elements,
    rates: elements.map((line) => text(line, 'P_12')),
    nets,
    values: elements.map((line, index) => nets[index] ?? amount(line, 'P_11A')),
    signs: elements.map((line) => (text(line, 'StanPrzed') === '1' ? -1 : 1)),
  };
}

/** The indexes of the lines at a rate of `group`. */
function linesOf(lines: Lines, group: RateGroup): number[] {
  const ofGroup: number[] = [];
  lines.rates.forEach((rate, index) => {
    if (rate !== undefined && group.rates.includes(rate)) ofGroup.push(index);
  });
  return ofGroup;
}

/** The net total of `group` (the sum of its P_13_x present) and the fields present. */
function netOf(fa: KsefElement, group: RateGroup): { present: string[]; total: Decimal } {
  const present = group.net.filter((field) => text(fa, field) !== undefined);
  return { present, total: sum(present.map((field) => amount(fa, field) ?? ZERO)) };
}

/** VAT, KOR, UPR: P_13_x (with P_14_x for gross lines) per rate is the sum of the lines. */
function checkLineTotals(
  fa: KsefElement,
  kind: KindTotals,
  lines: Lines,
  findings: KsefFinding[],
): void {
  if (lines.elements.length === 0) return;
  // Lines without a rate or a value (art. 106e ust. 2, 3, 5): the totals cannot be rebuilt.
  if (lines.rates.some((rate) => rate === undefined)) return;
  if (lines.values.some((value) => value === undefined)) return;
  // A simplified invoice may give P_15 alone: no totals per rate to compare.
  const fields = [...NET_FIELDS, ...VAT_FIELDS];
  if (kind.perRateOptional && !fields.some((field) => text(fa, field) !== undefined)) return;
  for (const group of GROUPS) {
    const ofGroup = linesOf(lines, group);
    const { present, total: netTotal } = netOf(fa, group);
    if (ofGroup.length === 0 && present.length === 0) continue;
    const vatTotal = group.vat ? (amount(fa, group.vat) ?? ZERO) : ZERO;
    const gross = ofGroup.every(
      (index) => lines.nets[index] === undefined && lines.values[index] !== undefined,
    );
    const linesNet = sum(
      ofGroup.map((index) => (lines.values[index] ?? ZERO).times(lines.signs[index] ?? 1)),
    );
    const field = present[0] ?? group.net[0] ?? '';
    if (gross) {
      if (differs(netTotal.plus(vatTotal), linesNet)) {
        findings.push(
          advisory(
            'advisory-net-total',
            `Faktura.Fa.${field}`,
            `${group.net.join(' + ')} plus ${group.vat ?? 'VAT'} (${netTotal.plus(vatTotal).toFixed()}) differ from the sum of the gross values P_11A of the lines at rate ${group.rates.join('/')} (${linesNet.toFixed()})`,
            `${group.net.join(' + ')} wraz z ${group.vat ?? 'VAT'} (${netTotal.plus(vatTotal).toFixed()}) różni się od sumy wartości brutto P_11A wierszy ze stawką ${group.rates.join('/')} (${linesNet.toFixed()})`,
          ),
        );
      }
    } else if (differs(netTotal, linesNet)) {
      findings.push(
        advisory(
          'advisory-net-total',
          `Faktura.Fa.${field}`,
          `${group.net.join(' + ')} (${netTotal.toFixed()}) differs from the sum of the lines' net values P_11 at rate ${group.rates.join('/')} (${linesNet.toFixed()})`,
          `${group.net.join(' + ')} (${netTotal.toFixed()}) różni się od sumy wartości netto P_11 wierszy ze stawką ${group.rates.join('/')} (${linesNet.toFixed()})`,
        ),
      );
    }
  }
}

/**
 * ZAL: an advance is received for the order, so it is at the order's rates: an advance in
 * P_13_x / P_14_x of a rate no line of the order has (every line giving its rate P_12Z) is wrong.
 * How an advance is spread over the order's rates is not fixed, so the amounts are not compared.
 */
function checkAdvanceRates(fa: KsefElement, lines: Lines, findings: KsefFinding[]): void {
  if (lines.elements.length === 0 || lines.rates.some((rate) => rate === undefined)) return;
  for (const group of GROUPS) {
    if (linesOf(lines, group).length > 0) continue;
    const field = [...group.net, group.vat ?? ''].find(
      (name) => name !== '' && amount(fa, name)?.isZero() === false,
    );
    if (field === undefined) continue;
    const value = amount(fa, field)?.toFixed() ?? '';
    findings.push(
      advisory(
        'advisory-net-total',
        `Faktura.Fa.${field}`,
        `${field} (${value}) is an advance at rate ${group.rates.join('/')}, but no line of the order (ZamowienieWiersz) has that rate`,
        `${field} (${value}) to zaliczka ze stawką ${group.rates.join('/')}, a żaden wiersz zamówienia (ZamowienieWiersz) nie ma tej stawki`,
      ),
    );
  }
}

/** The rates at which P_14_x is checked: the lines' one rate of the group, else the group's. */
function ratesToCheck(lines: Lines, ofGroup: number[], group: RateGroup): readonly string[] {
  const rates = new Set(ofGroup.map((index) => lines.rates[index] ?? ''));
  if (rates.size === 1) return [...rates];
  // No line at this rate (or none giving its rate): P_14_x is the VAT at one of the group's.
  return rates.size === 0 ? group.rates : [];
}

/**
 * P_14_x is P_13_x × the rate, to 0.01 per rounding in it: one for the VAT of the invoice (one
 * per line whose VAT is rounded on its own, P_11Vat, where the lines are not the totals), and one
 * per advance subtracted (FakturaZaliczkowa: the VAT of each advance was rounded by the formula of
 * art. 106f ust. 1 pkt 3), twice for a correction (the difference of two such totals). Where the
 * lines are the invoice's totals, the sum of their P_11Vat is accepted too (art. 106e ust. 10).
 * Gross lines too: their VAT is gross × rate / (100 + rate), so P_13_x × rate is within 0.01.
 */
function checkVatTotals(
  fa: KsefElement,
  kind: KindTotals,
  lines: Lines,
  findings: KsefFinding[],
): void {
  const advances = kind.lines === 'invoice' ? 0 : children(fa, 'FakturaZaliczkowa').length;
  for (const group of GROUPS) {
    if (!group.vat || text(fa, group.vat) === undefined) continue;
    const vatTotal = amount(fa, group.vat) ?? ZERO;
    const { present, total: netTotal } = netOf(fa, group);
    const field = present[0] ?? group.net[0] ?? '';
    const ofGroup = linesOf(lines, group);
    const rates = ratesToCheck(lines, ofGroup, group);
    if (rates.length === 0) continue;
    // The lines' own VAT (P_11Vat, art. 106e ust. 10), each rounded on its own.
    const lineVat =
      kind.lines === 'order'
        ? []
        : ofGroup.map((index) => amount(lines.elements[index], 'P_11Vat'));
    let byLines: Decimal | undefined;
    let roundings = 1;
    if (kind.lines === 'invoice') {
      if (lineVat.every((value) => value !== undefined)) {
        byLines = sum(
          ofGroup.map((line, index) => (lineVat[index] ?? ZERO).times(lines.signs[line] ?? 1)),
        );
      }
    } else {
      const linesRounded = lineVat.filter((value) => value !== undefined).length;
      roundings = Math.max(1, linesRounded) + advances * (kind.correction ? 2 : 1);
    }
    const tolerance = TOLERANCE.times(roundings);
    const expected = rates.map((rate) =>
      netTotal.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
    );
    if (expected.some((vat) => !differs(vatTotal, vat, tolerance))) continue;
    if (byLines && vatTotal.equals(byLines)) continue;
    const percent = rates.map((rate) => `${rate}%`).join(' or ');
    const procent = rates.map((rate) => `${rate}%`).join(' albo ');
    const values = expected.map((vat) => vat.toFixed()).join(', ');
    const lineSum = kind.lines === 'invoice' ? " nor the sum of the lines' P_11Vat" : '';
    const lineSumPl = kind.lines === 'invoice' ? ' ani sumie P_11Vat wierszy' : '';
    findings.push(
      advisory(
        'advisory-vat-total',
        `Faktura.Fa.${group.vat}`,
        `${group.vat} (${vatTotal.toFixed()}) is not ${percent} of ${field} (${values}, tolerance ${tolerance.toFixed()})${lineSum}`,
        `${group.vat} (${vatTotal.toFixed()}) nie jest równe ${procent} z ${field} (${values}, tolerancja ${tolerance.toFixed().replace('.', ',')})${lineSumPl}`,
      ),
    );
  }
}

/** Rates with no VAT: a line of the order at one of them needs no P_11VatZ. */
const UNTAXED_RATES = new Set(GROUPS.filter((group) => !group.vat).flatMap((group) => group.rates));

/**
 * ZAL: WartoscZamowienia is the order's value with its VAT, the sum of P_11NettoZ and P_11VatZ
 * of its lines (ZamowienieWiersz). Not for KOR_ZAL: its order lines may be differences, or only
 * the lines corrected.
 */
function checkOrderTotal(fa: KsefElement, lines: Lines, findings: KsefFinding[]): void {
  const order = children(fa, 'Zamowienie')[0];
  const total = amount(order, 'WartoscZamowienia');
  if (!total || lines.elements.length === 0) return;
  const parts: Decimal[] = [];
  for (const [index, line] of lines.elements.entries()) {
    const net = lines.nets[index];
    const rate = lines.rates[index];
    const vat = amount(line, 'P_11VatZ') ?? (rate && UNTAXED_RATES.has(rate) ? ZERO : undefined);
    // A line without its value or its VAT: the order's value cannot be rebuilt.
    if (!net || !vat) return;
    parts.push(net, vat);
  }
  const expected = sum(parts);
  if (differs(total, expected)) {
    findings.push(
      advisory(
        'advisory-order-total',
        'Faktura.Fa.Zamowienie.WartoscZamowienia',
        `WartoscZamowienia (${total.toFixed()}) differs from the sum of P_11NettoZ and P_11VatZ of the order's lines (${expected.toFixed()})`,
        `WartoscZamowienia (${total.toFixed()}) różni się od sumy P_11NettoZ i P_11VatZ wierszy zamówienia (${expected.toFixed()})`,
      ),
    );
  }
}

/** Every kind: P_15 is the sum of P_13_x and P_14_x (whatever amount the kind makes them). */
function checkGrossTotal(fa: KsefElement, findings: KsefFinding[]): void {
  const total = amount(fa, 'P_15');
  const parts = [...NET_FIELDS, ...VAT_FIELDS].map((field) => amount(fa, field));
  const present = parts.filter((part): part is Decimal => part !== undefined);
  if (!total || present.length === 0) return;
  const expected = sum(present);
  if (differs(total, expected)) {
    findings.push(
      advisory(
        'advisory-gross-total',
        'Faktura.Fa.P_15',
        `P_15 (${total.toFixed()}) differs from the sum of P_13_x and P_14_x (${expected.toFixed()})`,
        `P_15 (${total.toFixed()}) różni się od sumy P_13_x i P_14_x (${expected.toFixed()})`,
      ),
    );
  }
}

function checkConvertedVat(fa: KsefElement, findings: KsefFinding[]): void {
  const currency = text(fa, 'KodWaluty');
  if (currency === undefined) return;
  const lines = children(fa, 'FaWiersz');
  for (const group of GROUPS) {
    if (!group.vat || !group.vatPln) continue;
    const vat = amount(fa, group.vat);
    const converted = amount(fa, group.vatPln);
    if (currency === 'PLN') {
      if (converted) {
        findings.push(
          advisory(
            'advisory-vat-pln',
            `Faktura.Fa.${group.vatPln}`,
            `${group.vatPln} converts VAT of a foreign-currency invoice: this invoice is in PLN`,
            `${group.vatPln} dotyczy faktur w walucie obcej: ta faktura jest w PLN`,
          ),
        );
      }
      continue;
    }
    if (!vat || vat.isZero()) continue;
    if (!converted) {
      findings.push(
        advisory(
          'advisory-vat-pln',
          `Faktura.Fa.${group.vatPln}`,
          `The invoice is in ${currency}: ${group.vat} needs its amount in PLN (${group.vatPln})`,
          `Faktura w walucie ${currency}: do ${group.vat} brak kwoty w złotych (${group.vatPln})`,
        ),
      );
      continue;
    }
    const ofGroup = lines.filter((line) => group.rates.includes(text(line, 'P_12') ?? ''));
    const lineRates = new Set(ofGroup.map((line) => text(line, 'KursWaluty')));
    const lineRate = lineRates.size === 1 ? [...lineRates][0] : undefined;
    const rateText = text(fa, 'KursWalutyZ') ?? lineRate;
    if (rateText === undefined) continue;
    const exchange = amount({ rate: rateText }, 'rate');
    if (!exchange) continue;
    const expected = vat.times(exchange).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (differs(converted, expected)) {
      findings.push(
        advisory(
          'advisory-vat-pln',
          `Faktura.Fa.${group.vatPln}`,
          `${group.vatPln} (${converted.toFixed()}) is not ${group.vat} at the rate ${rateText} (${expected.toFixed()}, tolerance 0.01)`,
          `${group.vatPln} (${converted.toFixed()}) nie odpowiada ${group.vat} po kursie ${rateText} (${expected.toFixed()}, tolerancja 0,01)`,
        ),
      );
    }
  }
}

/** The fields of Fa the totals read, and those of its lines (FaWiersz). */
export const TOTALS_FIELDS: readonly string[] = [
  ...new Set([
    ...GROUPS.flatMap((group) => [...group.net, group.vat ?? '', group.vatPln ?? '']),
    ...NET_FIELDS,
    ...VAT_FIELDS,
    'RodzajFaktury',
    'P_15',
    'KodWaluty',
    'KursWalutyZ',
    'FakturaZaliczkowa',
  ]),
].filter((field) => field !== '');
export const LINE_FIELDS: readonly string[] = [
  'P_12',
  'P_11',
  'P_11A',
  'P_11Vat',
  'StanPrzed',
  'KursWaluty',
];
/** The fields of the order (Zamowienie) and of its lines (ZamowienieWiersz). */
export const ORDER_FIELDS: readonly string[] = ['WartoscZamowienia'];
export const ORDER_LINE_FIELDS: readonly string[] = [
  'P_12Z',
  'P_11NettoZ',
  'P_11VatZ',
  'StanPrzedZ',
];

/** The advisory checks of the totals (the field definitions of the XSD's annotations). */
export function checkTotals(fa: KsefElement): KsefFinding[] {
  const findings: KsefFinding[] = [];
  const kind = KINDS.get(text(fa, 'RodzajFaktury') ?? '');
  if (kind) {
    const lines = readLines(fa, kind);
    if (kind.lines === 'invoice') checkLineTotals(fa, kind, lines, findings);
    if (kind.lines === 'order' && !kind.correction) {
      checkAdvanceRates(fa, lines, findings);
      checkOrderTotal(fa, lines, findings);
    }
    checkVatTotals(fa, kind, lines, findings);
    checkGrossTotal(fa, findings);
  }
  checkConvertedVat(fa, findings);
  return findings;
}
