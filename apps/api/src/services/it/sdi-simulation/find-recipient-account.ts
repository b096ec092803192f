import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { itBusinessRegistryConfigurations, users } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

/** A company managed by an account (what a business registry configuration will hold). */
export type ManagedCompany = { fiscalIds: string[]; ownerEmail: string };

/**
 * BETA (09876543210), the buyer of the official samples, is a company of the demo's
 * italy@ account that receives supplier invoices, as the seed describes it.
 */
export const DEMO_MANAGED_COMPANIES: ManagedCompany[] = [
  { fiscalIds: ['09876543210', 'IT09876543210'], ownerEmail: 'italy@demo.fiscus.test' },
];

type DeliveredInvoice = {
  recipientCode: string | null;
  recipientVat: string | null;
  recipientFiscalId: string | null;
};

/**
 * Seam: which account of this instance receives a delivered invoice as a supplier invoice. In
 * order: the owner of a business registry configuration of the buyer's fiscal id with
 * supplier_invoice_enabled; else an account whose recipient code is the invoice's codice
 * destinatario, or whose invoicing profile's VAT number / fiscal id is the buyer's, or the owner
 * of a `managed` company of the buyer (the demo's BETA, until the seed holds it as a
 * configuration).
 */
export function recipientAccountFinder(db: Database, managed: ManagedCompany[] = []) {
  return async (invoice: DeliveredInvoice): Promise<string | undefined> => {
    const code = invoice.recipientCode?.toUpperCase();
    const buyerIds = [invoice.recipientVat, invoice.recipientFiscalId].filter((id): id is string =>
      Boolean(id),
    );
    const fiscalIds = [
      ...new Set(buyerIds.map((id) => id.toUpperCase().replace(/^[A-Z]{2}(?=\d{11}$)/, ''))),
    ];
    if (fiscalIds.length > 0) {
      const [configured] = await db
        .select({ ownerId: itBusinessRegistryConfigurations.ownerId })
        .from(itBusinessRegistryConfigurations)
        .innerJoin(users, eq(users.id, itBusinessRegistryConfigurations.ownerId))
        .where(
          and(
            inArray(itBusinessRegistryConfigurations.fiscalId, fiscalIds),
            eq(itBusinessRegistryConfigurations.supplierInvoiceEnabled, true),
            eq(users.enabled, true),
          ),
        )
        .orderBy(asc(itBusinessRegistryConfigurations.createdAt))
        .limit(1);
      if (configured) return configured.ownerId;
    }
    const conditions = [];
    if (code && /^[A-Z0-9]{7}$/.test(code) && code !== '0000000' && code !== 'XXXXXXX') {
      conditions.push(eq(users.recipientCode, code));
    }
    for (const id of buyerIds) {
      conditions.push(eq(users.invoicingVatNumber, id), eq(users.invoicingFiscalId, id));
      if (/^[A-Z]{2}\d/.test(id)) conditions.push(eq(users.invoicingVatNumber, id.slice(2)));
    }
    for (const company of managed) {
      if (buyerIds.some((id) => company.fiscalIds.includes(id.toUpperCase()))) {
        conditions.push(eq(users.email, company.ownerEmail));
      }
    }
    if (conditions.length === 0) return undefined;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.enabled, true), isNull(users.parentId), or(...conditions)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row?.id;
  };
}
