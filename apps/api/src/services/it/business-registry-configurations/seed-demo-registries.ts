import { and, eq } from 'drizzle-orm';
import {
  itBusinessRegistryConfigurations,
  itRegistrySubAccounts,
  users,
} from '../../../db/schema/index.ts';
import { DEMO_BRANCH_COMPANY, DEMO_OWN_COMPANY } from '../../../gateways/sdi/registries/index.ts';
import type { Database } from '../../../platform/db/database.ts';

export const DEMO_REGISTRY_OWNER = 'italy@demo.fiscus.test';

/** The demo sub-account of italy@ that acts for ALPHA SERVIZI SRL alone. */
export const DEMO_BRANCH_SUB_ACCOUNT = 'italy-branch@demo.fiscus.test';

/**
 * The Italian demo account's own companies (ALPHA SRL with a valid VAT number, what its demo
 * history invoices as, and its second company ALPHA SERVIZI SRL, with a history of its own) and
 * the parties of the official FatturaPA samples, so the samples can be sent unchanged: ALPHA SRL
 * (01234567890) sells, BETA buys and receives supplier invoices. When ALPHA SERVIZI SRL's
 * registry is created, the demo sub-account italy-branch@ is linked to it (and to nothing else;
 * italy-unlinked@ stays unlinked). Idempotent (existing rows and links are left as the user
 * edited them); nothing happens without the demo account.
 */
export async function seedDemoRegistries(db: Database): Promise<void> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_REGISTRY_OWNER));
  if (!owner) return;
  const created = await db
    .insert(itBusinessRegistryConfigurations)
    .values([
      {
        ownerId: owner.id,
        fiscalId: DEMO_OWN_COMPANY.vat,
        name: DEMO_OWN_COMPANY.name,
        email: DEMO_REGISTRY_OWNER,
        // Its demo Fisconline credentials are stored too: it sends smart receipts.
        receiptsEnabled: true,
      },
      {
        ownerId: owner.id,
        fiscalId: DEMO_BRANCH_COMPANY.vat,
        name: DEMO_BRANCH_COMPANY.name,
        email: DEMO_BRANCH_SUB_ACCOUNT,
        supplierInvoiceEnabled: true,
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
    .onConflictDoNothing()
    .returning({
      uuid: itBusinessRegistryConfigurations.uuid,
      fiscalId: itBusinessRegistryConfigurations.fiscalId,
    });
  const branch = created.find((registry) => registry.fiscalId === DEMO_BRANCH_COMPANY.vat);
  if (!branch) return;
  const [subAccount] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_BRANCH_SUB_ACCOUNT), eq(users.parentId, owner.id)));
  if (subAccount) {
    await db
      .insert(itRegistrySubAccounts)
      .values({ registryUuid: branch.uuid, subAccountId: subAccount.id })
      .onConflictDoNothing();
  }
}
