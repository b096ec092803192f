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

/** The BIS Billing invoice and credit note, as a registration names them. */
const BILLING = [BIS_BILLING.invoice, BIS_BILLING.creditNote].map((documentType) => ({
  documentType,
  process: BIS_BILLING.process,
  documentTypeScheme: DOCUMENT_TYPE_SCHEME,
  processScheme: PROCESS_SCHEME,
}));

/**
 * The Peppol demo account's legal entities: an Italian company (partita IVA, 0211) and a Belgian
 * one (enterprise number, 0208), both registered on the sandbox SMP for the BIS Billing invoice
 * and credit note, so the two can trade with each other once delivery comes. The identifiers
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
        capabilities: BILLING,
      })),
    )
    // Another account registered one of these participants first: it stays theirs.
    .onConflictDoNothing();
}
