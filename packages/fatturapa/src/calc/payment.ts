import type { DatiPagamento, DatiRiepilogo, DatiRitenuta } from '../model/index.ts';
import { AMOUNT_SCALE, PRICE_SCALE, formatScaled, parseScaled, rescale } from './fixed-decimal.ts';
import { objectsOf } from './json-guards.ts';

/** Sum, with 2 decimals, of importo_pagamento over every dettaglio_pagamento of every block. */
export function computePaymentTotal(datiPagamento: DatiPagamento[] = []): string {
  let sum = 0n;
  for (const block of objectsOf(datiPagamento)) {
    for (const detail of objectsOf(block.dettaglio_pagamento)) {
      sum += parseScaled(detail.importo_pagamento, PRICE_SCALE) ?? 0n;
    }
  }
  return formatScaled(rescale(sum, PRICE_SCALE, AMOUNT_SCALE), AMOUNT_SCALE);
}

/** What the amount to pay is computed from. */
export interface AmountDueInput {
  importo_totale_documento: string;
  dati_ritenuta?: Pick<DatiRitenuta, 'importo_ritenuta'>[];
  dati_riepilogo?: Pick<DatiRiepilogo, 'imposta' | 'esigibilita_iva'>[];
}

/**
 * The amount the buyer pays the seller: the document total minus the withholdings (paid by the
 * buyer to the treasury) and minus the VAT under split payment (esigibilita_iva S: the public
 * administration pays that VAT to the treasury directly). Undefined when the total is not a
 * number.
 */
export function computeAmountDue(input: AmountDueInput): string | undefined {
  let due = parseScaled(input.importo_totale_documento, PRICE_SCALE);
  if (due === undefined) return undefined;
  for (const item of objectsOf(input.dati_ritenuta)) {
    due -= parseScaled(item.importo_ritenuta, PRICE_SCALE) ?? 0n;
  }
  for (const row of objectsOf(input.dati_riepilogo)) {
    if (row.esigibilita_iva === 'S') due -= parseScaled(row.imposta, PRICE_SCALE) ?? 0n;
  }
  return formatScaled(rescale(due, PRICE_SCALE, AMOUNT_SCALE), AMOUNT_SCALE);
}
