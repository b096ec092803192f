import { eq } from 'drizzle-orm';
import {
  BIS_BILLING,
  checkParticipantId,
  DOCUMENT_TYPE_SCHEME,
  PROCESS_SCHEME,
} from '@fiscus/peppol-messages';
import { peppolLegalEntities, users } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

export const DEMO_PEPPOL_OWNER = 'peppol@demo.fiscus.test';

const capability = (documentType: string, process: string) => ({
  documentType,
  process,
  documentTypeScheme: DOCUMENT_TYPE_SCHEME,
  processScheme: PROCESS_SCHEME,
});

/** The BIS Billing invoice and credit note, as a registration names them. */
const BILLING = [BIS_BILLING.invoice, BIS_BILLING.creditNote].map((documentType) =>
  capability(documentType, BIS_BILLING.process),
);

/** Italy's NSO ordering (AGID): the order a supplier receives, the response a buyer receives. */
export const NSO_ORDER_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3:restrictive:urn:www.agid.gov.it:trns:ordine:3.1::2.1';
export const DESPATCH_ADVICE_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2::DespatchAdvice##urn:fdc:peppol.eu:poacc:trns:despatch_advice:3::2.1';
export const NSO_ORDER_RESPONSE_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2::OrderResponse##urn:fdc:peppol.eu:poacc:trns:order_response:3:restrictive:urn:www.agid.gov.it:trns:risposta_ordine:3.0::2.1';

/**
 * The Peppol demo account's legal entities: an Italian company (partita IVA, 0211) and a Belgian
 * one (enterprise number, 0208), both registered on the sandbox SMP for the BIS Billing invoice
 * and credit note, so the two trade with each other; the Italian one also takes NSO orders from
 * the demo's public buyer (an iPA office, 0201), which takes NSO order responses and despatch
 * advices. The identifiers
 * pass the network's checks (their check digits are right) and belong to no real company.
 * Idempotent: an account that has legal entities keeps them as the user left them.
 */
export const DEMO_LEGAL_ENTITIES = [
  {
    domain: 'it',
    registeredName: 'GAMMA PEPPOL SRL',
    identifierScheme: '0211',
    identifierValue: 'IT09753108647',
    address: 'Via Roma 1',
    zipCode: '20121',
    city: 'Milano',
    stateOrProvince: 'MI',
    country: 'IT',
    capabilities: [
      ...BILLING,
      capability(NSO_ORDER_TYPE, 'urn:fdc:peppol.eu:poacc:bis:order_only:3'),
    ],
  },
  {
    domain: 'be',
    registeredName: 'Delta Peppol BV',
    identifierScheme: '0208',
    identifierValue: '0123456749',
    address: 'Rue de la Loi 16',
    zipCode: '1000',
    city: 'Bruxelles',
    stateOrProvince: null,
    country: 'BE',
    capabilities: BILLING,
  },
  {
    // A public buyer on NSO: an office of a local health authority, by its iPA code (0201).
    domain: 'it',
    registeredName: 'ASL DEMO – Ufficio acquisti',
    identifierScheme: '0201',
    identifierValue: 'UFDEMO',
    address: 'Via della Salute 10',
    zipCode: '20122',
    city: 'Milano',
    stateOrProvince: 'MI',
    country: 'IT',
    capabilities: [
      capability(NSO_ORDER_RESPONSE_TYPE, 'urn:fdc:peppol.eu:poacc:bis:ordering:3'),
      capability(DESPATCH_ADVICE_TYPE, 'urn:fdc:peppol.eu:poacc:bis:despatch_advice:3'),
    ],
  },
] as const;

export async function seedDemoLegalEntities(db: Database): Promise<void> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PEPPOL_OWNER));
  if (!owner) return;
  const [existing] = await db
    .select({ uuid: peppolLegalEntities.uuid })
    .from(peppolLegalEntities)
    .where(eq(peppolLegalEntities.ownerId, owner.id))
    .limit(1);
  if (existing) return;
  for (const entity of DEMO_LEGAL_ENTITIES) {
    if (!checkParticipantId(`${entity.identifierScheme}:${entity.identifierValue}`).ok) {
      throw new Error(`demo legal entity ${entity.registeredName}: not a valid identifier`);
    }
  }
  await db
    .insert(peppolLegalEntities)
    .values(
      DEMO_LEGAL_ENTITIES.map((entity) => ({
        ...entity,
        ownerId: owner.id,
        notificationEmails: [DEMO_PEPPOL_OWNER],
        smpEnabled: true,
      })),
    )
    // Another account registered one of these participants first: it stays theirs.
    .onConflictDoNothing();
}
