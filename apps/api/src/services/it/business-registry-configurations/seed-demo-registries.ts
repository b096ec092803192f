import { eq } from 'drizzle-orm';
import { itBusinessRegistryConfigurations, users } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

export const DEMO_REGISTRY_OWNER = 'italy@demo.fiscus.test';

/**
 * The parties of the official FatturaPA samples as companies of the Italian demo account, so the
 * samples can be sent unchanged: ALPHA SRL sells, BETA buys and receives supplier invoices.
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
