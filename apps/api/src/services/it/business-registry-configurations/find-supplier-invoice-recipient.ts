import { and, asc, eq, isNull } from 'drizzle-orm';
import { itBusinessRegistryConfigurations, users } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

/**
 * Routing of supplier invoices between tenants of this instance: the account (users.id) that
 * receives an invoice addressed to `vatOrFiscalId` (the buyer's partita IVA, with or without `IT`,
 * or codice fiscale), i.e. the owner of a business registry configuration for that fiscal id with
 * `supplier_invoice_enabled`. Undefined when no enabled account manages that company; the oldest
 * configuration wins if several accounts do.
 */
export async function findSupplierInvoiceRecipient(
  db: Database,
  vatOrFiscalId: string,
): Promise<string | undefined> {
  const fiscalId = vatOrFiscalId
    .trim()
    .toUpperCase()
    .replace(/^IT(?=\d{11}$)/, '');
  if (!fiscalId) return undefined;
  const [row] = await db
    .select({ ownerId: itBusinessRegistryConfigurations.ownerId })
    .from(itBusinessRegistryConfigurations)
    .innerJoin(users, eq(users.id, itBusinessRegistryConfigurations.ownerId))
    .where(
      and(
        eq(itBusinessRegistryConfigurations.fiscalId, fiscalId),
        eq(itBusinessRegistryConfigurations.supplierInvoiceEnabled, true),
        eq(users.enabled, true),
        isNull(users.parentId),
      ),
    )
    .orderBy(asc(itBusinessRegistryConfigurations.createdAt))
    .limit(1);
  return row?.ownerId;
}
