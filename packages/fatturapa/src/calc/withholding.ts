import type { DatiCassaPrevidenziale, DettaglioLinee } from '../model/index.ts';
import { AMOUNT_SCALE, PRICE_SCALE, formatScaled, parseScaled, rescale } from './fixed-decimal.ts';
import { objectsOf } from './json-guards.ts';

/**
 * `amount × rate / 100` rounded half-up to 2 decimals: the withholding (importo_ritenuta from
 * aliquota_ritenuta) and the pension-fund contribution (importo_contributo_cassa from al_cassa
 * and imponibile_cassa) are both computed this way. Undefined when an input is not a number.
 */
export function computePercentageOf(amount: string, rate: string): string | undefined {
  const base = parseScaled(amount, PRICE_SCALE);
  const percent = parseScaled(rate, AMOUNT_SCALE);
  if (base === undefined || percent === undefined) return undefined;
  return formatScaled(rescale(base * percent, PRICE_SCALE + 4, AMOUNT_SCALE), AMOUNT_SCALE);
}

/**
 * The taxable base of a withholding (ritenuta d'acconto, RT01/RT02): the totals of the lines
 * marked `ritenuta: 'SI'` plus the pension-fund contributions marked `ritenuta: 'SI'`, with 2
 * decimals.
 */
export function computeWithholdingBase(
  lines: Pick<DettaglioLinee, 'prezzo_totale' | 'ritenuta'>[],
  cassa: Pick<DatiCassaPrevidenziale, 'importo_contributo_cassa' | 'ritenuta'>[] = [],
): string {
  let base = 0n;
  for (const line of objectsOf(lines)) {
    if (line.ritenuta === 'SI') base += parseScaled(line.prezzo_totale, PRICE_SCALE) ?? 0n;
  }
  for (const item of objectsOf(cassa)) {
    if (item.ritenuta === 'SI') {
      base += parseScaled(item.importo_contributo_cassa, PRICE_SCALE) ?? 0n;
    }
  }
  return formatScaled(rescale(base, PRICE_SCALE, AMOUNT_SCALE), AMOUNT_SCALE);
}

/** importo_ritenuta for a base and aliquota_ritenuta, rounded half-up to 2 decimals. */
export function computeWithholding(base: string, aliquotaRitenuta: string): string | undefined {
  return computePercentageOf(base, aliquotaRitenuta);
}
