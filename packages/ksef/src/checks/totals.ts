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
/** Invoice kinds whose lines make the whole invoice (advance and settlement invoices do not). */
const LINE_TOTAL_KINDS = new Set(['VAT', 'KOR']);

function advisory(code: string, path: string, message: string, messagePl: string): KsefFinding {
  return makeFinding('advisory', code, path, message, messagePl);
}

/** Zero (decimals are immutable: shared). */
const ZERO = new Decimal(0);

const sum = (values: Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), ZERO);

/** Off by more than the 0.01 tolerance. */
const differs = (a: Decimal, b: Decimal): boolean => a.minus(b).abs().greaterThan(TOLERANCE);

function checkLineTotals(fa: KsefElement, findings: KsefFinding[]): void {
  const kind = text(fa, 'RodzajFaktury') ?? '';
  const lines = children(fa, 'FaWiersz');
  if (!LINE_TOTAL_KINDS.has(kind) || lines.length === 0) return;
  // Lines without a rate or a value (art. 106e ust. 2, 3, 5): the totals cannot be rebuilt.
  const lineRates = lines.map((line) => text(line, 'P_12'));
  if (lineRates.some((rate) => rate === undefined)) return;
  // Each line read once: its net value P_11, else its gross value P_11A (gross lines).
  const lineNets = lines.map((line) => amount(line, 'P_11'));
  const lineValues = lines.map((line, index) => lineNets[index] ?? amount(line, 'P_11A'));
  if (lineValues.some((value) => value === undefined)) return;
  // Correction lines "before" (StanPrzed) count negatively: the totals are differences.
  const lineSigns = lines.map((line) => (text(line, 'StanPrzed') === '1' ? -1 : 1));
  for (const group of GROUPS) {
    const ofGroup: number[] = [];
    lineRates.forEach((rate, index) => {
      if (group.rates.includes(rate ?? '')) ofGroup.push(index);
    });
    const present = group.net.filter((field) => text(fa, field) !== undefined);
    if (ofGroup.length === 0 && present.length === 0) continue;
    const netTotal = sum(present.map((field) => amount(fa, field) ?? ZERO));
    const vatTotal = group.vat ? (amount(fa, group.vat) ?? ZERO) : ZERO;
    const gross = ofGroup.every(
      (index) => lineNets[index] === undefined && lineValues[index] !== undefined,
    );
    const linesNet = sum(
      ofGroup.map((index) => (lineValues[index] ?? ZERO).times(lineSigns[index] ?? 1)),
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
    // Gross lines too: their VAT is gross × rate / (100 + rate), so P_13_x × rate is within 0.01.
    if (!group.vat || text(fa, group.vat) === undefined) continue;
    const rates = new Set(ofGroup.map((index) => lineRates[index]));
    const lineVat = ofGroup.map((index) => amount(lines[index], 'P_11Vat'));
    const byLines = lineVat.every((value) => value !== undefined)
      ? sum(ofGroup.map((line, index) => (lineVat[index] ?? ZERO).times(lineSigns[line] ?? 1)))
      : undefined;
    const [rate] = [...rates];
    if (rates.size !== 1 || rate === undefined) continue;
    const expected = netTotal.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (differs(vatTotal, expected) && !(byLines && vatTotal.equals(byLines))) {
      findings.push(
        advisory(
          'advisory-vat-total',
          `Faktura.Fa.${group.vat}`,
          `${group.vat} (${vatTotal.toFixed()}) is not ${rate}% of ${field} (${expected.toFixed()}, tolerance 0.01) nor the sum of the lines' P_11Vat`,
          `${group.vat} (${vatTotal.toFixed()}) nie jest równe ${rate}% z ${field} (${expected.toFixed()}, tolerancja 0,01) ani sumie P_11Vat wierszy`,
        ),
      );
    }
  }
}

function checkGrossTotal(fa: KsefElement, findings: KsefFinding[]): void {
  const kind = text(fa, 'RodzajFaktury') ?? '';
  const total = amount(fa, 'P_15');
  const parts = [...NET_FIELDS, ...VAT_FIELDS].map((field) => amount(fa, field));
  const present = parts.filter((part): part is Decimal => part !== undefined);
  if (!LINE_TOTAL_KINDS.has(kind) || !total || present.length === 0) return;
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

/** The advisory checks of the totals (the field definitions of the XSD's annotations). */
export function checkTotals(fa: KsefElement): KsefFinding[] {
  const findings: KsefFinding[] = [];
  checkLineTotals(fa, findings);
  checkGrossTotal(fa, findings);
  checkConvertedVat(fa, findings);
  return findings;
}
