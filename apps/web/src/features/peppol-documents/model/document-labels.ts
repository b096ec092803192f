/**
 * Words of a Peppol document a list shows: the state of its message (spec 4: success null = not
 * sent, true = sent, false = sent with errors) and a short marking of its transaction (from its
 * CustomizationID: BIS Billing, the Italian CIUS-IT and NSO, the ordering transactions).
 */
import type { PeppolMessage } from '@fiscus/contracts';

export type MessageState = 'notSent' | 'sent' | 'error';

export function messageState(message: Pick<PeppolMessage, 'success'>): MessageState {
  if (message.success === true) return 'sent';
  if (message.success === false) return 'error';
  return 'notSent';
}

/** How soon a list asks again: every 2 s while a message of its rows is on its way. */
export function pollDocuments(
  documents: readonly { peppolMessage: Pick<PeppolMessage, 'success'> }[] | undefined,
): number | false {
  return documents?.some((document) => document.peppolMessage.success === null) ? 2000 : false;
}

const MARKINGS: readonly (readonly [fragment: string, label: string])[] = [
  ['agid.gov.it:trns:ordine', 'NSO'],
  ['agid.gov.it:trns:risposta_ordine', 'NSO'],
  ['agid.gov.it', 'CIUS-IT'],
  ['poacc:billing:3.0', 'BIS Billing 3'],
  ['poacc:trns:order_response', 'BIS Order Response'],
  ['poacc:trns:order', 'BIS Order'],
  ['poacc:trns:despatch_advice', 'BIS Despatch Advice'],
];

/** A short marking of the CustomizationID; the identifier itself when none fits. */
export function transactionLabel(customizationId: string): string {
  return MARKINGS.find(([fragment]) => customizationId.includes(fragment))?.[1] ?? customizationId;
}
