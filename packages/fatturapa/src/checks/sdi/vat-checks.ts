import type { FatturaElettronica, FatturaElettronicaBody } from '../../model/index.ts';
import { canonicalRate, parseScaled } from '../../calc/fixed-decimal.ts';
import type { SdiReport } from './messages.ts';
import { eachObject, textOf } from '../../calc/json-guards.ts';

/** Generic natura codes refused for invoices dated from 2021-01-01 (code 00445). */
const GENERIC_NATURA = new Set(['N2', 'N3', 'N6']);
const GENERIC_NATURA_FROM = '2021-01-01';

/** 1.00 at scale 2: a positive rate below 1% was written as a fraction ("0.22" for 22%). */
const ONE_PERCENT = 100n;

function isFractionRate(rate: bigint | undefined): boolean {
  return rate !== undefined && rate > 0n && rate < ONE_PERCENT;
}

/** Natura and rate rules of one body. */
function checkBodyVat(body: FatturaElettronicaBody, i: number, report: SdiReport): void {
  const bodyPath = `fattura_elettronica_body[${i}]`;
  const document = body.dati_generali?.dati_generali_documento;
  const type = document?.tipo_documento;
  const genericRefused = (document?.data ?? '') >= GENERIC_NATURA_FROM;
  const lines = body.dati_beni_servizi?.dettaglio_linee;
  const summary = body.dati_beni_servizi?.dati_riepilogo;
  const cassa = document?.dati_cassa_previdenziale;

  /** Rates and naturas used by lines and contributions, with where each was first seen. */
  const usedRates = new Map<string, string>();
  const usedNature = new Map<string, string>();
  const note = (rate: string | undefined, natura: string | undefined, path: string) => {
    const canonical = canonicalRate(rate);
    if (canonical !== undefined && !usedRates.has(canonical)) {
      usedRates.set(canonical, `${path}.aliquota_iva`);
    }
    if (natura !== undefined && !usedNature.has(natura)) usedNature.set(natura, `${path}.natura`);
  };

  eachObject(lines, (line, j) => {
    const path = `${bodyPath}.dati_beni_servizi.dettaglio_linee[${j}]`;
    const rate = parseScaled(line.aliquota_iva, 2);
    if (rate === 0n && !line.natura) report.add('00400', `${path}.natura`);
    // TD16 (internal reverse charge integration) may carry natura with a non-zero rate.
    if (rate !== undefined && rate !== 0n && line.natura && type !== 'TD16') {
      report.add('00401', `${path}.natura`);
    }
    if (isFractionRate(rate)) report.add('00424', `${path}.aliquota_iva`);
    if (genericRefused && line.natura && GENERIC_NATURA.has(line.natura)) {
      report.add('00445', `${path}.natura`);
    }
    note(line.aliquota_iva, line.natura, path);
  });

  eachObject(cassa, (item, j) => {
    const path = `${bodyPath}.dati_generali.dati_generali_documento.dati_cassa_previdenziale[${j}]`;
    const rate = parseScaled(item.aliquota_iva, 2);
    if (rate === 0n && !item.natura) report.add('00413', `${path}.natura`);
    if (rate !== undefined && rate !== 0n && item.natura) report.add('00414', `${path}.natura`);
    if (isFractionRate(rate)) report.add('00424', `${path}.aliquota_iva`);
    if (genericRefused && item.natura && GENERIC_NATURA.has(item.natura)) {
      report.add('00445', `${path}.natura`);
    }
    note(item.aliquota_iva, item.natura, path);
  });

  const summaryRates = new Set<string>();
  const summaryNature = new Set<string>();
  eachObject(summary, (row, j) => {
    const path = `${bodyPath}.dati_beni_servizi.dati_riepilogo[${j}]`;
    const rate = parseScaled(row.aliquota_iva, 2);
    if (rate === 0n && !row.natura) report.add('00429', `${path}.natura`);
    if (rate !== undefined && rate !== 0n && row.natura && type !== 'TD16') {
      report.add('00430', `${path}.natura`);
    }
    if (isFractionRate(rate)) report.add('00424', `${path}.aliquota_iva`);
    if (textOf(row.natura)?.startsWith('N6') && row.esigibilita_iva === 'S') {
      report.add('00420', `${path}.natura`);
    }
    if (genericRefused && row.natura && GENERIC_NATURA.has(row.natura)) {
      report.add('00445', `${path}.natura`);
    }
    const canonical = canonicalRate(row.aliquota_iva);
    if (canonical !== undefined) {
      summaryRates.add(canonical);
      if (!usedRates.has(canonical)) report.add('00443', `${path}.aliquota_iva`);
    }
    if (row.natura) {
      summaryNature.add(row.natura);
      if (!usedNature.has(row.natura)) report.add('00444', `${path}.natura`);
    }
  });

  // A rate of the lines or contributions without its summary block (AdE table, 2.2.2).
  for (const rate of usedRates.keys()) {
    if (!summaryRates.has(rate)) {
      report.add('00419', `${bodyPath}.dati_beni_servizi.dati_riepilogo`);
      break;
    }
  }
  for (const [natura, path] of usedNature) {
    if (!summaryNature.has(natura)) report.add('00444', path);
  }
}

/**
 * Natura/rate rules of an ordinary invoice, per body: 00400/00401 (lines), 00413/00414
 * (pension-fund contributions), 00429/00430 (summary), 00420 (reverse charge with split
 * payment), 00424 (rate as a fraction), 00419/00443/00444 (summary rates and naturas match the
 * lines'), 00445 (generic N2/N3/N6 from 2021).
 */
export function checkVat(invoice: FatturaElettronica, report: SdiReport): void {
  eachObject(invoice.fattura_elettronica_body, (body, i) => checkBodyVat(body, i, report));
}
