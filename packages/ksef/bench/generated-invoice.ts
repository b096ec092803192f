// Invoices of N lines for the benchmark's linearity figures: the Ministry's Example 1 with its
// lines replaced by N lines at 23 % and the totals of those lines.
import Decimal from 'decimal.js';
import type { KsefElement, KsefJson } from '../src/index.ts';

const NET = new Decimal('100.00');
const VAT = new Decimal('23.00');

/** `template` (FA(3) JSON) with `lines` lines of 100.00 net at 23 % and matching totals. */
export function invoiceWithLines(template: KsefJson, lines: number): KsefJson {
  const copy = structuredClone(template);
  const fa = copy.Faktura.Fa as KsefElement;
  fa.FaWiersz = Array.from({ length: lines }, (_, index) => ({
    NrWierszaFa: String(index + 1),
    UU_ID: `bench-line-${index + 1}`,
    P_7: `Towar ${index + 1}`,
    P_8A: 'szt.',
    P_8B: '1',
    P_9A: NET.toFixed(2),
    P_11: NET.toFixed(2),
    P_12: '23',
  }));
  const rebuilt: KsefElement = {};
  for (const [key, value] of Object.entries(fa)) {
    if (key === 'P_13_3' || key === 'P_14_3') continue;
    if (key === 'P_13_1') rebuilt[key] = NET.times(lines).toFixed(2);
    else if (key === 'P_14_1') rebuilt[key] = VAT.times(lines).toFixed(2);
    else if (key === 'P_15') rebuilt[key] = NET.plus(VAT).times(lines).toFixed(2);
    else rebuilt[key] = value;
  }
  copy.Faktura.Fa = rebuilt;
  return copy;
}
