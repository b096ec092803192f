/**
 * Which answers SDI can send about a customer invoice at the point it has reached, so the
 * sandbox never scripts an exchange the real SDI could not produce (an AT on a B2B invoice
 * already delivered would turn it to 'Not delivered'). SDI's order: first RC, MC or NS; after an
 * RC to a public administration (FPA12) its NE or, when the terms run out, DT; after an MC to a
 * public administration an RC (delivered later) or, when the terms run out, AT. Nothing follows
 * an NS, an NE, a DT or an AT; nothing follows a B2B RC or MC.
 *
 * One deliberate exception: an NS on an invoice SDI delivered (RC) or could not deliver (MC)
 * before any answer of the administration is accepted as the rehearsal of a rejection (the
 * console's "Rejection (NS)" action and the browser journeys of the fix flow script it after
 * delivery).
 */
import type { SimulatedType } from './simulation.service.ts';

/** What the invoice has been through: its marking, format and SDI's messages so far. */
export interface ExchangeState {
  marking: string;
  format: string;
  /** Types of SDI's notifications of the invoice, oldest first. */
  messages: readonly string[];
}

const FINAL_MESSAGES: Record<string, string> = {
  NS: 'SDI rejected the invoice (NS): SDI sends nothing after a rejection',
  NE: "the administration already answered (NE): SDI sends nothing after the administration's outcome",
  DT: 'the terms already ran out (DT): SDI sends nothing after the deadline notice',
  AT: 'SDI already certified the failed delivery (AT): SDI sends nothing after it',
};

const NOT_YET_AT_SDI = ['waiting', 'quarantena'];

/** Why SDI could not send `type` now; undefined when it could. */
export function scriptRefusal(type: SimulatedType, state: ExchangeState): string | undefined {
  const { marking, format, messages } = state;
  if (marking.startsWith('draft')) return 'a draft has not been sent to SDI';
  if (type === 'transport-failure') {
    return NOT_YET_AT_SDI.includes(marking) && messages.length === 0
      ? undefined
      : 'a transport failure only happens before SDI has received the file (waiting or quarantena)';
  }
  const final = messages.find((message) => message in FINAL_MESSAGES);
  if (final) return FINAL_MESSAGES[final];
  const pa = format === 'FPA12';
  const answered = messages.find((message) => message === 'RC' || message === 'MC');
  if (!answered) {
    return type === 'NS' || type === 'RC' || type === 'MC'
      ? undefined
      : `SDI first answers a file with RC, MC or NS; ${type} comes only after ${
          type === 'AT' ? 'an MC to a public administration' : 'an RC to a public administration'
        }`;
  }
  // The rehearsal of a rejection (see the module's comment).
  if (type === 'NS') return undefined;
  if (!pa) {
    return `${type} is sent only for invoices to a public administration (FPA12); SDI sends nothing after the ${answered} of a B2B invoice`;
  }
  const delivered = messages.includes('RC');
  if (delivered) {
    return type === 'NE' || type === 'DT'
      ? undefined
      : `after the RC of an invoice to a public administration SDI sends only the administration's outcome (NE) or the end of the terms (DT), not ${type}`;
  }
  return type === 'AT' || type === 'RC'
    ? undefined
    : `after an MC to a public administration SDI sends only a later RC or, when the terms run out, AT, not ${type}`;
}
