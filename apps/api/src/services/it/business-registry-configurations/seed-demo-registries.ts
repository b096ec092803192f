import { eq } from 'drizzle-orm';
import { itBusinessRegistryConfigurations, users } from '../../../db/schema/index.ts';
import { DEMO_OWN_COMPANY } from '../../../gateways/sdi/registries/index.ts';
import type { Database } from '../../../platform/db/database.ts';

export const DEMO_REGISTRY_OWNER = 'italy@demo.fiscus.test';

/**
 * The Italian demo account's own company (ALPHA SRL with a valid VAT number, what its demo history
 * invoices as) and the parties of the official FatturaPA samples, so the samples can be sent
 * unchanged: ALPHA SRL (01234567890) sells, BETA buys and receives supplier invoices.
 * Idempotent (existing rows are left as the user edited them); nothing happens without the demo
 * account.
 */
export async function seedDemoRegistries(db: Database): Promise<void> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_REGISTRY_OWNER));
  if (!owner) return;
  await db
    .insert(itBusinessRegistryConfigurations)
    .values([
      {
        ownerId: owner.id,
        fiscalId: DEMO_OWN_COMPANY.vat,
        name: DEMO_OWN_COMPANY.name,
        email: DEMO_REGISTRY_OWNER,
      },
      {
        ownerId: owner.id,
        fiscalId: '01234567890',
        name: 'ALPHA SRL',
        email: DEMO_REGISTRY_OWNER,
      },
      {
        ownerId: owner.id,
        fiscalId: '09876543210',
        name: 'BETA',
        email: DEMO_REGISTRY_OWNER,
        supplierInvoiceEnabled: true,
      },
    ])
    .onConflictDoNothing();
}
