import type { DatiCassaPrevidenziale, DatiRiepilogo, DettaglioLinee } from '../model/index.ts';
import {
  AMOUNT_SCALE,
  PRICE_SCALE,
  canonicalRate,
  formatScaled,
  parseScaled,
  rescale,
} from './fixed-decimal.ts';
import { objectsOf } from './json-guards.ts';

/** What the VAT summary is computed from: the lines and the pension-fund contributions. */
export interface VatSummaryInput {
  lines: Pick<DettaglioLinee, 'aliquota_iva' | 'natura' | 'prezzo_totale'>[];
  cassa?: Pick<DatiCassaPrevidenziale, 'aliquota_iva' | 'natura' | 'importo_contributo_cassa'>[];
  /**
   * The summary as it is now: its esigibilita_iva, riferimento_normativo, spese_accessorie and
   * arrotondamento are kept for the row of the same rate and natura (the user typed them).
   */
  existing?: DatiRiepilogo[];
}

/**
 * The grouping key of a VAT summary row: rate (canonical, `'22.00'`) and natura. SDI wants one
 * 2.2.2 DatiRiepilogo per rate, and per natura among the 0% operations.
 */
export function vatSummaryKey(aliquota: string | undefined, natura: string | undefined): string {
  return `${canonicalRate(aliquota) ?? aliquota ?? ''}|${natura ?? ''}`;
}

/** Imposta of a summary row: imponibile × aliquota / 100, rounded half-up to 2 decimals. */
export function computeImposta(imponibile: string, aliquota: string): string | undefined {
  const base = parseScaled(imponibile, AMOUNT_SCALE);
  const rate = parseScaled(aliquota, AMOUNT_SCALE);
  if (base === undefined || rate === undefined) return undefined;
  // base (2 decimals) × rate (2 decimals) / 100 is exact at 6 decimals.
  return formatScaled(rescale(base * rate, 6, AMOUNT_SCALE), AMOUNT_SCALE);
}

interface Group {
  aliquota: string;
  natura: string | undefined;
  /** Sum at PRICE_SCALE: PrezzoTotale may carry up to 8 decimals. */
  sum: bigint;
}

/**
 * The 2.2.2 DatiRiepilogo rows for the given lines and pension-fund contributions, one per rate
 * and natura, in order of first appearance: imponibile_importo is the sum of the line totals and
 * contributions of that group plus its spese_accessorie and arrotondamento, rounded half-up to 2
 * decimals; imposta is imponibile × rate, rounded half-up to 2 decimals. Lines whose rate or
 * total is not a number are left out (the form flags them on their own field).
 */
export function computeVatSummary(input: VatSummaryInput): DatiRiepilogo[] {
  const groups = new Map<string, Group>();
  const add = (aliquota: string, natura: string | undefined, amount: string | undefined) => {
    const rate = canonicalRate(aliquota);
    const value = parseScaled(amount, PRICE_SCALE);
    if (rate === undefined || value === undefined) return;
    const nature = natura === '' ? undefined : natura;
    const key = vatSummaryKey(rate, nature);
    const group = groups.get(key);
    if (group) group.sum += value;
    else groups.set(key, { aliquota: rate, natura: nature, sum: value });
  };
  for (const line of objectsOf(input.lines))
    add(line.aliquota_iva, line.natura, line.prezzo_totale);
  for (const cassa of objectsOf(input.cassa)) {
    add(cassa.aliquota_iva, cassa.natura, cassa.importo_contributo_cassa);
  }

  const previous = new Map<string, DatiRiepilogo>();
  for (const row of objectsOf(input.existing)) {
    const key = vatSummaryKey(row.aliquota_iva, row.natura);
    if (!previous.has(key)) previous.set(key, row);
  }

  const rows: DatiRiepilogo[] = [];
  for (const [key, group] of groups) {
    const old = previous.get(key);
    let sum = group.sum;
    const extras = parseScaled(old?.spese_accessorie, PRICE_SCALE);
    if (extras !== undefined) sum += extras;
    const rounding = parseScaled(old?.arrotondamento, PRICE_SCALE);
    if (rounding !== undefined) sum += rounding;
    const imponibile = formatScaled(rescale(sum, PRICE_SCALE, AMOUNT_SCALE), AMOUNT_SCALE);
    const esigibilita = old?.esigibilita_iva ?? (group.natura === undefined ? 'I' : undefined);
    // Keys in schema order, so the JSON reads like the XML it becomes.
    rows.push({
      aliquota_iva: group.aliquota,
      ...(group.natura !== undefined && { natura: group.natura }),
      ...(old?.spese_accessorie !== undefined && { spese_accessorie: old.spese_accessorie }),
      ...(old?.arrotondamento !== undefined && { arrotondamento: old.arrotondamento }),
      imponibile_importo: imponibile,
      imposta: computeImposta(imponibile, group.aliquota) ?? '0.00',
      ...(esigibilita !== undefined && { esigibilita_iva: esigibilita }),
      ...(old?.riferimento_normativo !== undefined && {
        riferimento_normativo: old.riferimento_normativo,
      }),
    });
  }
  return rows;
}
