import type { ScontoMaggiorazione } from '../model/index.ts';
import {
  AMOUNT_SCALE,
  PRICE_SCALE,
  formatScaled,
  formatTrimmed,
  parseScaled,
  pow10,
  rescale,
} from './fixed-decimal.ts';
import { objectsOf } from './json-guards.ts';

/** The fields of a `dettaglio_linee` item that its total depends on. */
export interface LinePricing {
  quantita?: string;
  prezzo_unitario?: string;
  sconto_maggiorazione?: ScontoMaggiorazione[];
}

/** An exact value: `value` units of 10^-scale. */
export interface ScaledValue {
  value: bigint;
  scale: number;
}

/**
 * The exact, unrounded line total, or undefined when the unit price, the quantity or a discount
 * is not a number.
 *
 * The algorithm is the one SDI verifies for 2.2.1.11 PrezzoTotale (code 00423): discounts and
 * surcharges (2.2.1.10) apply to the unit price, in the order they appear, each on the result of
 * the previous one (a percentage of the current price, or an amount per unit); the result is
 * multiplied by Quantita, taken as 1 when absent.
 */
export function exactLineTotal(line: LinePricing): ScaledValue | undefined {
  let price = parseScaled(line.prezzo_unitario, PRICE_SCALE);
  if (price === undefined) return undefined;
  let scale = PRICE_SCALE;
  for (const step of objectsOf(line.sconto_maggiorazione)) {
    const sign = step.tipo === 'MG' ? 1n : -1n;
    if (step.percentuale !== undefined) {
      const percent = parseScaled(step.percentuale, AMOUNT_SCALE);
      if (percent === undefined) return undefined;
      // price × (100 ± p) / 100, kept exact by adding 4 decimals instead of dividing.
      price = price * (10000n + sign * percent);
      scale += 4;
    } else if (step.importo !== undefined) {
      const amount = parseScaled(step.importo, PRICE_SCALE);
      if (amount === undefined) return undefined;
      price = price + sign * amount * pow10(scale - PRICE_SCALE);
    }
  }
  const quantityText = line.quantita;
  // Quantita is optional: SDI takes an absent one as 1 (and so does the form while it is blank).
  if (quantityText === undefined || (typeof quantityText === 'string' && !quantityText.trim())) {
    return { value: price, scale };
  }
  const quantity = parseScaled(line.quantita, PRICE_SCALE);
  if (quantity === undefined) return undefined;
  return { value: price * quantity, scale: scale + PRICE_SCALE };
}

/**
 * `prezzo_totale` of a line from quantita, prezzo_unitario and its discounts/surcharges, as a
 * decimal string: rounded half-up to 2 decimals by default (what SDI and the official samples
 * use), or with up to 8 decimals (the schema's limit) when `exact` is set. Undefined when an
 * input is not a number.
 */
export function computeLineTotal(
  line: LinePricing,
  options: { exact?: boolean } = {},
): string | undefined {
  const total = exactLineTotal(line);
  if (total === undefined) return undefined;
  if (options.exact) return formatTrimmed(total.value, total.scale, 2, PRICE_SCALE);
  return formatScaled(rescale(total.value, total.scale, AMOUNT_SCALE), AMOUNT_SCALE);
}
