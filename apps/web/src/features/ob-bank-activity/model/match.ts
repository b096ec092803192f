/**
 * What confirming a suggested match sends (issue 36 "Reconciliation"): the invoice and the
 * amount given to it, the transaction's amount or what is still open on the invoice, whichever
 * is smaller. Decimal strings throughout, compared in minor units (never floats).
 */
import type { ObMatchCandidate, ObMatchConfirm, ObTransaction } from '@fiscus/contracts';
import { fromMinorUnits, toMinorUnits } from '../../../lib/decimal-amount';

export const matchReasonCodes = [
  'amount-exact',
  'amount-partial',
  'reference',
  'reference-typo',
  'iban',
  'name-similar',
  'grouped',
  'credit-note',
  'payment-request',
  'ambiguous',
  'manual',
] as const;

export function confirmRequest(
  transaction: Pick<ObTransaction, 'amount'>,
  candidate: Pick<ObMatchCandidate, 'uuid' | 'openAmount'>,
): ObMatchConfirm {
  const paid = toMinorUnits(transaction.amount) ?? 0n;
  const received = paid < 0n ? -paid : paid;
  const open = toMinorUnits(candidate.openAmount) ?? 0n;
  const given = open > 0n && open < received ? open : received;
  return { invoices: [{ uuid: candidate.uuid, amount: fromMinorUnits(given) }] };
}

/** A confidence of 0..1 as a whole percentage. */
export function percent(confidence: number): number {
  return Math.round(confidence * 100);
}
