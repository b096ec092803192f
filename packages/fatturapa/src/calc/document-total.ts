import type { DatiRiepilogo, ScontoMaggiorazione } from '../model/index.ts';
import { AMOUNT_SCALE, PRICE_SCALE, formatScaled, parseScaled, rescale } from './fixed-decimal.ts';
import { objectsOf } from './json-guards.ts';

/** What 2.1.1.9 ImportoTotaleDocumento is computed from. */
export interface DocumentTotalInput {
  dati_riepilogo: Pick<DatiRiepilogo, 'imponibile_importo' | 'imposta'>[];
  /** Document-level discounts/surcharges (2.1.1.8), applied to the total in order. */
  sconto_maggiorazione?: ScontoMaggiorazione[];
  /** 2.1.1.10 Arrotondamento: the rounding on the document total, added last. */
  arrotondamento?: string;
}

/**
 * ImportoTotaleDocumento: the sum of imponibile + imposta over the VAT summary (VAT included,
 * as the spec defines it "comprensivo di imposta a debito del cessionario"; the withholding is
 * not deducted, it only lowers the amount to pay), net of the document-level discounts
 * ("al netto dell'eventuale sconto"), plus the document's arrotondamento, rounded half-up to 2
 * decimals. Rows or discounts that are not numbers are skipped.
 */
export function computeDocumentTotal(input: DocumentTotalInput): string {
  let total = 0n;
  for (const row of objectsOf(input.dati_riepilogo)) {
    total += parseScaled(row.imponibile_importo, PRICE_SCALE) ?? 0n;
    total += parseScaled(row.imposta, PRICE_SCALE) ?? 0n;
  }
  let scale = PRICE_SCALE;
  for (const step of objectsOf(input.sconto_maggiorazione)) {
    const sign = step.tipo === 'MG' ? 1n : -1n;
    const percent = parseScaled(step.percentuale, AMOUNT_SCALE);
    const amount = parseScaled(step.importo, PRICE_SCALE);
    if (percent !== undefined) {
      total = total * (10000n + sign * percent);
      scale += 4;
    } else if (amount !== undefined) {
      total += sign * rescale(amount, PRICE_SCALE, scale);
    }
  }
  const rounding = parseScaled(input.arrotondamento, PRICE_SCALE);
  if (rounding !== undefined) total += rescale(rounding, PRICE_SCALE, scale);
  return formatScaled(rescale(total, scale, AMOUNT_SCALE), AMOUNT_SCALE);
}
