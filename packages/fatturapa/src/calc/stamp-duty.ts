import type { DatiRiepilogo } from '../model/index.ts';
import { AMOUNT_SCALE, PRICE_SCALE, formatScaled, parseScaled, rescale } from './fixed-decimal.ts';
import { objectsOf } from './json-guards.ts';

/** The fixed stamp duty on invoices (imposta di bollo, DPR 642/1972 tariffa art. 13). */
export const STAMP_DUTY_AMOUNT = '2.00';
/** Stamp duty is due when the amounts without VAT exceed this (DPR 642/1972, tab. art. 6). */
export const STAMP_DUTY_THRESHOLD = '77.47';

const THRESHOLD = parseScaled(STAMP_DUTY_THRESHOLD, PRICE_SCALE) ?? 0n;

/**
 * Whether a natura code is subject to stamp duty. Operations outside VAT (N1 excluded art. 15,
 * N2.x not subject, N4 exempt) and the non-taxable ones of N3.5/N3.6 pay the duty; exports and
 * intra-EU supplies (N3.1-N3.4) are exempt from it (tabella allegato B, art. 6 of DPR
 * 642/1972), and reverse charge (N6.x), margin schemes (N5) and N7 carry VAT, so none is due.
 */
export function isStampDutyNatura(natura: string | undefined): boolean {
  if (typeof natura !== 'string') return false;
  if (natura === 'N1' || natura === 'N4') return true;
  if (natura === 'N2' || natura.startsWith('N2.')) return true;
  return natura === 'N3' || natura === 'N3.5' || natura === 'N3.6';
}

function stampDutyBaseScaled(riepilogo: Pick<DatiRiepilogo, 'natura' | 'imponibile_importo'>[]) {
  let sum = 0n;
  for (const row of objectsOf(riepilogo)) {
    if (isStampDutyNatura(row.natura))
      sum += parseScaled(row.imponibile_importo, PRICE_SCALE) ?? 0n;
  }
  return sum;
}

/** The sum, with 2 decimals, of the summary amounts that count towards the stamp duty. */
export function stampDutyBase(
  riepilogo: Pick<DatiRiepilogo, 'natura' | 'imponibile_importo'>[],
): string {
  return formatScaled(
    rescale(stampDutyBaseScaled(riepilogo), PRICE_SCALE, AMOUNT_SCALE),
    AMOUNT_SCALE,
  );
}

/**
 * Whether the invoice must carry the 2.00 EUR stamp duty (dati_bollo): the amounts of its VAT
 * summary without VAT (see `isStampDutyNatura`) exceed 77.47 EUR.
 */
export function isStampDutyRequired(
  riepilogo: Pick<DatiRiepilogo, 'natura' | 'imponibile_importo'>[],
): boolean {
  return stampDutyBaseScaled(riepilogo) > THRESHOLD;
}
