import type { FatturaElettronica, FatturaElettronicaBody } from '../../model/index.ts';
import { abs, canonicalRate, parseScaled, pow10, rescale } from '../../calc/fixed-decimal.ts';
import { exactLineTotal } from '../../calc/line-total.ts';
import type { SdiReport } from './messages.ts';
import { eachObject, objectsOf } from '../../calc/json-guards.ts';

/*
 * SDI's calculation checks follow the "Elenco controlli" v1.8 that the AdE table cites for
 * 2.2.1.11, 2.2.2.5 and 2.2.2.6 (the document itself is not in spec/): the tolerances are
 * - 00423 PrezzoTotale = PrezzoUnitario (after the line's discounts) × Quantita: ±0.01;
 * - 00422 ImponibileImporto = Σ PrezzoTotale + Σ ImportoContributoCassa of the same rate (and
 *   natura at 0%) + Arrotondamento: ±1.00 EUR;
 * - 00421 Imposta = ImponibileImporto × AliquotaIVA / 100: ±0.01 (so either rounding, up or
 *   down, of the exact product passes).
 */
const CENT_AT_8 = pow10(6);
const EURO_AT_8 = pow10(8);
const SCALE = 8;

/** Group key for the imponibile check: the rate, and the natura when the rate is zero. */
function groupKey(rate: string | undefined, natura: string | undefined): string | undefined {
  const canonical = canonicalRate(rate);
  if (canonical === undefined) return undefined;
  return canonical === '0.00' ? `0|${natura ?? ''}` : canonical;
}

function checkBodyAmounts(body: FatturaElettronicaBody, i: number, report: SdiReport): void {
  const bodyPath = `fattura_elettronica_body[${i}].dati_beni_servizi`;
  const computed = new Map<string, bigint>();
  const addTo = (key: string | undefined, value: bigint) => {
    if (key !== undefined) computed.set(key, (computed.get(key) ?? 0n) + value);
  };

  eachObject(body.dati_beni_servizi?.dettaglio_linee, (line, j) => {
    const declared = parseScaled(line.prezzo_totale, SCALE);
    if (declared === undefined) return;
    const exact = exactLineTotal(line);
    if (exact !== undefined) {
      // Compare at the exact scale so that no intermediate rounding eats the tolerance.
      const scale = Math.max(exact.scale, SCALE);
      const difference = abs(
        rescale(declared, SCALE, scale) - rescale(exact.value, exact.scale, scale),
      );
      if (difference > CENT_AT_8 * pow10(scale - SCALE)) {
        report.add('00423', `${bodyPath}.dettaglio_linee[${j}].prezzo_totale`);
      }
    }
    addTo(groupKey(line.aliquota_iva, line.natura), declared);
  });
  for (const cassa of objectsOf(
    body.dati_generali?.dati_generali_documento?.dati_cassa_previdenziale,
  )) {
    const amount = parseScaled(cassa.importo_contributo_cassa, SCALE);
    if (amount !== undefined) addTo(groupKey(cassa.aliquota_iva, cassa.natura), amount);
  }

  /** Per group: declared imponibile net of rounding, with and without spese accessorie. */
  const declared = new Map<string, { net: bigint; netOfExtras: bigint; firstRow: number }>();
  eachObject(body.dati_beni_servizi?.dati_riepilogo, (row, j) => {
    const rowPath = `${bodyPath}.dati_riepilogo[${j}]`;
    const imponibile = parseScaled(row.imponibile_importo, SCALE);
    const rate = parseScaled(row.aliquota_iva, 2);
    const tax = parseScaled(row.imposta, SCALE);
    if (imponibile !== undefined && rate !== undefined && tax !== undefined) {
      // imponibile (8 decimals) × rate (2 decimals) / 100 is exact at 12 decimals.
      const exactTax = imponibile * rate;
      if (abs(tax * pow10(4) - exactTax) > CENT_AT_8 * pow10(4)) {
        report.add('00421', `${rowPath}.imposta`);
      }
    }
    const key = groupKey(row.aliquota_iva, row.natura);
    if (imponibile === undefined || key === undefined) return;
    const rounding = parseScaled(row.arrotondamento, SCALE) ?? 0n;
    const extras = parseScaled(row.spese_accessorie, SCALE) ?? 0n;
    const entry = declared.get(key);
    if (entry) {
      entry.net += imponibile - rounding;
      entry.netOfExtras += imponibile - rounding - extras;
    } else {
      declared.set(key, {
        net: imponibile - rounding,
        netOfExtras: imponibile - rounding - extras,
        firstRow: j,
      });
    }
  });

  for (const [key, entry] of declared) {
    const expected = computed.get(key);
    if (expected === undefined) continue; // a summary without lines is 00443/00444's business
    // Spese accessorie are either written as lines too or only in the summary; SDI's formula
    // is met by either reading, so both are accepted.
    const ok =
      abs(entry.net - expected) <= EURO_AT_8 || abs(entry.netOfExtras - expected) <= EURO_AT_8;
    if (!ok)
      report.add('00422', `${bodyPath}.dati_riepilogo[${entry.firstRow}].imponibile_importo`);
  }
}

/** 00421, 00422, 00423 for every body of an ordinary invoice, with SDI's tolerances. */
export function checkAmounts(invoice: FatturaElettronica, report: SdiReport): void {
  eachObject(invoice.fattura_elettronica_body, (body, i) => checkBodyAmounts(body, i, report));
}
