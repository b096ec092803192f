/**
 * Which answers SDI can send about a customer invoice at the point it has reached. The API's
 * sandbox refuses a scripted outcome SDI could not send (422 `sdi_order`) and the console's
 * Actions tab offers only the possible ones, both with this one rule.
 *
 * SDI's order: while it holds the file (marking `sent`) it answers once with RC, MC or NS; after
 * an RC to a public administration (FPA12) comes its NE or, when the terms run out, DT; after an
 * MC to a public administration an RC (delivered later) or, when the terms run out, AT. Nothing
 * follows an NS, an NE, a DT or an AT; nothing follows a B2B RC or MC. An NS only ever comes
 * instead of RC or MC: SDI never rejects a file it delivered or reported undeliverable. To
 * rehearse a rejection, script it while SDI still holds the file (the sandbox holds files to
 * recipient codes starting with HOLD until an outcome is scripted).
 */

/** The outcomes the sandbox can script (POST /simulate/customer-notification/{type}/{uuid}). */
export const scriptableSdiOutcomes = [
  'NS',
  'MC',
  'NE',
  'DT',
  'AT',
  'RC',
  'transport-failure',
] as const;
export type ScriptableSdiOutcome = (typeof scriptableSdiOutcomes)[number];

/** What the invoice has been through: its marking, format and SDI's messages so far. */
export interface SdiExchangeState {
  marking: string;
  /** Transmission format: FPA12 goes to a public administration. */
  format: string;
  /** Types of SDI's notifications of the invoice. */
  messages: readonly string[];
}

/** SDI's messages nothing follows. */
export type FinalSdiMessage = 'NS' | 'NE' | 'DT' | 'AT';

/** Why SDI could not send an outcome now, as data: the API words it, the console translates it. */
export type SdiOutcomeRefusal =
  /** A draft was never sent. */
  | { reason: 'draft' }
  /** The transmission was given up (invoice-error): SDI never received the file. */
  | { reason: 'not-transmitted' }
  /** A transport failure after SDI received the file. */
  | { reason: 'transport-after-receipt' }
  /** Anything after an NS, NE, DT or AT. */
  | { reason: 'after-final'; after: FinalSdiMessage }
  /** NE, DT or AT before SDI's first answer (RC, MC or NS). */
  | { reason: 'before-first-answer'; needs: 'RC' | 'MC' }
  /** NS, or a second RC or MC, after SDI's answer. */
  | { reason: 'checks-over'; after: 'RC' | 'MC' }
  /** NE, DT or AT on a B2B invoice. */
  | { reason: 'not-pa' }
  /** After an RC to a public administration: only NE or DT. */
  | { reason: 'pa-after-rc' }
  /** After an MC to a public administration: only a later RC or AT. */
  | { reason: 'pa-after-mc' };

const FINAL_MESSAGES: readonly FinalSdiMessage[] = ['NS', 'NE', 'DT', 'AT'];
const NOT_YET_AT_SDI = ['waiting', 'quarantena'];
const isFinal = (message: string): message is FinalSdiMessage =>
  (FINAL_MESSAGES as readonly string[]).includes(message);

/** Why SDI could not send `type` now; undefined when it could. */
export function sdiOutcomeRefusal(
  type: ScriptableSdiOutcome,
  state: SdiExchangeState,
): SdiOutcomeRefusal | undefined {
  const { marking, format, messages } = state;
  if (marking.startsWith('draft')) return { reason: 'draft' };
  if (type === 'transport-failure') {
    return NOT_YET_AT_SDI.includes(marking) && messages.length === 0
      ? undefined
      : { reason: 'transport-after-receipt' };
  }
  if (marking === 'invoice-error' && messages.length === 0) return { reason: 'not-transmitted' };
  const final = messages.find(isFinal);
  if (final) return { reason: 'after-final', after: final };
  const answered = messages.includes('RC') ? 'RC' : messages.includes('MC') ? 'MC' : undefined;
  if (!answered) {
    if (type === 'NS' || type === 'RC' || type === 'MC') return undefined;
    return { reason: 'before-first-answer', needs: type === 'AT' ? 'MC' : 'RC' };
  }
  const pa = format === 'FPA12';
  if (type === 'NS' || (!pa && (type === 'RC' || type === 'MC'))) {
    return { reason: 'checks-over', after: answered };
  }
  if (!pa) return { reason: 'not-pa' };
  if (answered === 'RC')
    return type === 'NE' || type === 'DT' ? undefined : { reason: 'pa-after-rc' };
  return type === 'AT' || type === 'RC' ? undefined : { reason: 'pa-after-mc' };
}

/** The refusal in English, for the API's 422 (the console words it in the user's language). */
export function describeSdiOutcomeRefusal(
  type: ScriptableSdiOutcome,
  refusal: SdiOutcomeRefusal,
): string {
  switch (refusal.reason) {
    case 'draft':
      return 'a draft has not been sent to SDI';
    case 'not-transmitted':
      return 'the transmission was given up (invoice-error): SDI never received the file';
    case 'transport-after-receipt':
      return 'a transport failure only happens before SDI has received the file (waiting or quarantena)';
    case 'after-final':
      return {
        NS: 'SDI rejected the invoice (NS): SDI sends nothing after a rejection',
        NE: "the administration already answered (NE): SDI sends nothing after the administration's outcome",
        DT: 'the terms already ran out (DT): SDI sends nothing after the deadline notice',
        AT: 'SDI already certified the failed delivery (AT): SDI sends nothing after it',
      }[refusal.after];
    case 'before-first-answer':
      return `SDI first answers a file with RC, MC or NS; ${type} comes only after ${
        refusal.needs === 'MC' ? 'an MC' : 'an RC'
      } to a public administration`;
    case 'checks-over':
      return `SDI's checks are over: it already answered the file with ${refusal.after}, and it sends an NS, RC or MC only once, instead of one another (to rehearse a rejection, script the NS while the invoice is still sent, e.g. to a HOLD… recipient code)`;
    case 'not-pa':
      return `${type} is sent only for invoices to a public administration (FPA12)`;
    case 'pa-after-rc':
      return `after the RC of an invoice to a public administration SDI sends only the administration's outcome (NE) or the end of the terms (DT), not ${type}`;
    case 'pa-after-mc':
      return `after an MC to a public administration SDI sends only a later RC or, when the terms run out, AT, not ${type}`;
  }
}
