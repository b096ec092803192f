import { RULE_SET_IDS } from './rules/generated/index.ts';
import type { RuleSetId } from './rules/index.ts';

/** The Peppol transactions (BIS 3 and AGID's Italian ones) this engine recognises. */
export type TransactionId =
  | 'billing'
  | 'self-billing'
  | 'order'
  | 'order-response'
  | 'despatch-advice'
  | 'invoice-response'
  | 'mlr'
  | 'catalogue'
  | 'catalogue-response'
  | 'punch-out'
  | 'order-agreement'
  | 'order-change'
  | 'order-cancellation'
  | 'order-response-advanced'
  | 'billing-cius-it'
  | 'nso-order'
  | 'nso-order-response'
  | 'nso-order-agreement'
  | 'nso-despatch-advice';

const BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const SELF_BILLING =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0';
const POACC = 'urn:fdc:peppol.eu:poacc:trns:';
const AGID = 'urn:www.agid.gov.it:trns:';

interface TransactionDefinition {
  id: TransactionId;
  /** Root elements the transaction's documents have. */
  roots: readonly string[];
  /** The CustomizationID (cbc:CustomizationID, normalized space). */
  customizationId: string;
  /** Rule sets, in the order they run; the first available of each alternative list. */
  ruleSets: ReadonlyArray<string | readonly string[]>;
}

const invoiceRoots = ['Invoice', 'CreditNote'];

/**
 * Each transaction: its roots and CustomizationID (Peppol Code Lists v9.7, AGID's rule files
 * for CIUS-IT and NSO) and the rule sets of release 2026.5 it runs. AGID's NSO rule sets
 * (AGID-PEPPOL-Txx) hold OpenPeppol's rules of the transaction and AGID's on top, so they
 * replace PEPPOLBIS-Txx once generated; CIUS-IT adds AGID-EN16931-CIUS-UBL to CEN and Peppol.
 */
export const TRANSACTIONS: readonly TransactionDefinition[] = [
  {
    id: 'billing',
    roots: invoiceRoots,
    customizationId: BILLING,
    ruleSets: ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'],
  },
  {
    id: 'self-billing',
    roots: invoiceRoots,
    customizationId: SELF_BILLING,
    ruleSets: ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL-SB'],
  },
  {
    id: 'billing-cius-it',
    roots: invoiceRoots,
    customizationId: `${BILLING}#conformant#${AGID}fattura:3`,
    ruleSets: ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL', ['AGID-EN16931-CIUS-UBL']],
  },
  {
    id: 'order',
    roots: ['Order'],
    customizationId: `${POACC}order:3`,
    ruleSets: ['PEPPOLBIS-T01'],
  },
  {
    id: 'nso-order',
    roots: ['Order'],
    customizationId: `${POACC}order:3:restrictive:${AGID}ordine:3.1`,
    ruleSets: [['AGID-PEPPOL-T01', 'PEPPOLBIS-T01']],
  },
  {
    id: 'order-response',
    roots: ['OrderResponse'],
    customizationId: `${POACC}order_response:3`,
    ruleSets: ['PEPPOLBIS-T76'],
  },
  {
    id: 'nso-order-response',
    roots: ['OrderResponse'],
    customizationId: `${POACC}order_response:3:restrictive:${AGID}risposta_ordine:3.0`,
    ruleSets: [['AGID-PEPPOL-T76', 'PEPPOLBIS-T76']],
  },
  {
    id: 'order-agreement',
    roots: ['OrderResponse'],
    customizationId: `${POACC}order_agreement:3`,
    ruleSets: ['PEPPOLBIS-T110'],
  },
  {
    id: 'nso-order-agreement',
    roots: ['OrderResponse'],
    customizationId: `${POACC}order_agreement:3:restrictive:${AGID}ordine_preconcordato:3.0`,
    ruleSets: [['AGID-PEPPOL-T110', 'PEPPOLBIS-T110']],
  },
  {
    id: 'despatch-advice',
    roots: ['DespatchAdvice'],
    customizationId: `${POACC}despatch_advice:3`,
    ruleSets: ['PEPPOLBIS-T16'],
  },
  {
    id: 'nso-despatch-advice',
    roots: ['DespatchAdvice'],
    customizationId: `${POACC}despatch_advice:3:extended:${AGID}ddt:3.1`,
    ruleSets: [['AGID-PEPPOL-T16', 'PEPPOLBIS-T16']],
  },
  {
    id: 'catalogue',
    roots: ['Catalogue'],
    customizationId: `${POACC}catalogue:3`,
    ruleSets: ['PEPPOLBIS-T19'],
  },
  {
    id: 'catalogue-response',
    roots: ['ApplicationResponse'],
    customizationId: `${POACC}catalogue_response:3`,
    ruleSets: ['PEPPOLBIS-T58'],
  },
  {
    id: 'mlr',
    roots: ['ApplicationResponse'],
    customizationId: `${POACC}mlr:3`,
    ruleSets: ['PEPPOLBIS-T71'],
  },
  {
    id: 'punch-out',
    roots: ['Catalogue'],
    customizationId: `${POACC}punch_out:3`,
    ruleSets: ['PEPPOLBIS-T77'],
  },
  {
    id: 'invoice-response',
    roots: ['ApplicationResponse'],
    customizationId: `${POACC}invoice_response:3`,
    ruleSets: ['PEPPOLBIS-T111'],
  },
  {
    id: 'order-change',
    roots: ['OrderChange'],
    customizationId: `${POACC}order_change:3`,
    ruleSets: ['PEPPOLBIS-T114'],
  },
  {
    id: 'order-cancellation',
    roots: ['OrderCancellation'],
    customizationId: `${POACC}order_cancellation:3`,
    ruleSets: ['PEPPOLBIS-T115'],
  },
  {
    id: 'order-response-advanced',
    roots: ['OrderResponse'],
    customizationId: `${POACC}order_response_advanced:3`,
    ruleSets: ['PEPPOLBIS-T116'],
  },
];

/** XPath's normalize-space: the rules compare CustomizationID that way. */
export function normalizeSpace(text: string): string {
  return text
    .split(/[\t\n\r ]+/)
    .filter(Boolean)
    .join(' ');
}

/**
 * The transaction of a document from its root's local name and CustomizationID (compared after
 * normalize-space, as the rules do). The ProfileID names the business process a transaction is
 * used in (several per transaction, checked by the rules): it does not choose the rules.
 * Undefined for a CustomizationID no transaction has with that root: an access point refuses it.
 */
export function transactionOf(root: string, customizationId: string): TransactionId | undefined {
  const wanted = normalizeSpace(customizationId);
  return TRANSACTIONS.find(
    (transaction) => transaction.customizationId === wanted && transaction.roots.includes(root),
  )?.id;
}

const generated: ReadonlySet<string> = new Set(RULE_SET_IDS);

/**
 * The rule sets of release 2026.5 a transaction's documents are validated with, in order:
 * CEN + PEPPOL-EN16931-UBL for billing, CEN + PEPPOL-EN16931-UBL-SB for self-billing,
 * PEPPOLBIS-Txx for the others, AGID's for the Italian ones (when generated).
 */
export function ruleSetsFor(transaction: TransactionId): RuleSetId[] {
  const definition = TRANSACTIONS.find((candidate) => candidate.id === transaction);
  const ruleSets: string[] = [];
  for (const entry of definition?.ruleSets ?? []) {
    if (typeof entry === 'string') ruleSets.push(entry);
    else {
      const available = entry.find((id) => generated.has(id));
      if (available) ruleSets.push(available);
    }
  }
  return ruleSets as RuleSetId[];
}
