import { peppolDocumentKinds, type PeppolDocumentKind } from '@fiscus/contracts';
import type { UblJson } from '@fiscus/ubl';

/*
 * What the Peppol network reads of a business document to route and file it (the "envelope":
 * Peppol Business Message Envelope and SMP lookup keys), taken from the UBL JSON of
 * `@fiscus/ubl`: which party sends and which receives (by root: the supplier of an invoice, the
 * buyer of an order, the seller of an order response, the despatching party of a despatch
 * advice), their EndpointIDs (the participant identifiers), the document type identifier and
 * the process (ProfileID), the number and date, and what an order response or a despatch advice
 * refers to.
 */

export type PeppolKind = PeppolDocumentKind;

/** The UBL root of each kind. */
export const ROOT_OF_KIND: Record<PeppolKind, string> = {
  invoice: 'Invoice',
  'credit-note': 'CreditNote',
  order: 'Order',
  'order-response': 'OrderResponse',
  'despatch-advice': 'DespatchAdvice',
};

/** The parties that send and receive each kind (UBL aggregate names, each holding a Party). */
const PARTIES: Record<PeppolKind, { sender: string; recipient: string }> = {
  invoice: { sender: 'AccountingSupplierParty', recipient: 'AccountingCustomerParty' },
  'credit-note': { sender: 'AccountingSupplierParty', recipient: 'AccountingCustomerParty' },
  order: { sender: 'BuyerCustomerParty', recipient: 'SellerSupplierParty' },
  'order-response': { sender: 'SellerSupplierParty', recipient: 'BuyerCustomerParty' },
  'despatch-advice': { sender: 'DespatchSupplierParty', recipient: 'DeliveryCustomerParty' },
};

export type EnvelopeParty = {
  name: string | null;
  /** The EndpointID's schemeID (an ISO 6523 ICD such as 0088) and value. */
  scheme: string | null;
  value: string | null;
};

export type Envelope = {
  kind: PeppolKind;
  root: string;
  number: string;
  /** IssueDate, yyyy-MM-dd as written (null when absent or not a date). */
  date: string | null;
  customizationId: string;
  profileId: string | null;
  /** The Peppol document type identifier (busdox-docid-qns): root namespace::root##customization::2.1. */
  documentTypeId: string;
  sender: EnvelopeParty;
  recipient: EnvelopeParty;
  /** An order response's OrderResponseCode (AP, RE, CA, AB). */
  responseCode: string | null;
  /** The number of the order an order response or a despatch advice refers to. */
  orderReference: string | null;
};

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of a value that the JSON makes an array when the XSD allows several. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The text of a basic element: a string, or `{ value }` when it has attributes. */
function text(value: unknown): string | null {
  const one = first(value);
  if (typeof one === 'string') return one.trim() || null;
  if (isObj(one) && typeof one.value === 'string') return one.value.trim() || null;
  return null;
}

function child(value: unknown, key: string): unknown {
  const one = first(value);
  return isObj(one) ? one[key] : undefined;
}

function partyOf(root: Obj, aggregate: string): EnvelopeParty {
  const party = child(root[aggregate], 'Party');
  const endpoint = first(child(party, 'EndpointID'));
  const name =
    text(child(child(party, 'PartyLegalEntity'), 'RegistrationName')) ??
    text(child(child(party, 'PartyName'), 'Name'));
  return {
    name,
    scheme: isObj(endpoint) && typeof endpoint.schemeID === 'string' ? endpoint.schemeID : null,
    value: text(endpoint),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The kind of a UBL root the network carries here, or undefined. */
export function kindOfRoot(root: string): PeppolKind | undefined {
  return peppolDocumentKinds.find((kind) => ROOT_OF_KIND[kind] === root);
}

/** The envelope of a UBL JSON document; undefined when its root is not a kind carried here. */
export function readEnvelope(json: UblJson): Envelope | undefined {
  const [root] = Object.keys(json);
  if (root === undefined) return undefined;
  const kind = kindOfRoot(root);
  const body = (json as Record<string, unknown>)[root];
  if (!kind || !isObj(body)) return undefined;
  const customizationId = text(body.CustomizationID) ?? '';
  const date = text(body.IssueDate);
  return {
    kind,
    root,
    number: text(body.ID) ?? '',
    date: date !== null && ISO_DATE.test(date) ? date : null,
    customizationId,
    profileId: text(body.ProfileID),
    documentTypeId: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2::${root}##${customizationId}::2.1`,
    sender: partyOf(body, PARTIES[kind].sender),
    recipient: partyOf(body, PARTIES[kind].recipient),
    responseCode: kind === 'order-response' ? text(body.OrderResponseCode) : null,
    orderReference:
      kind === 'order-response' || kind === 'despatch-advice'
        ? orderNumberOf(text(child(body.OrderReference, 'ID')), customizationId)
        : null,
  };
}

/**
 * The order number a reference names: Italy's NSO writes `number#issue date#buyer's endpoint`
 * (AGID's rule NSO_140), everyone else the number alone.
 */
function orderNumberOf(reference: string | null, customizationId: string): string | null {
  if (reference === null || !customizationId.includes(':urn:www.agid.gov.it:trns:')) {
    return reference;
  }
  const hash = reference.indexOf('#');
  return hash < 0 ? reference : reference.slice(0, hash);
}

/** `scheme:value`, the participant identifier as the network writes it (without its scheme). */
export function participantOf(party: EnvelopeParty): string | null {
  return party.scheme && party.value ? `${party.scheme}:${party.value}` : null;
}
