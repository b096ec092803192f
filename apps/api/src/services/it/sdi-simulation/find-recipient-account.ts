import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

/**
 * Seam: which account of this instance receives a delivered invoice as a supplier invoice.
 * Today an account whose recipient code is the invoice's codice destinatario, or whose invoicing
 * profile's VAT number / fiscal id is the buyer's. When business registry configurations arrive,
 * this becomes "the owner of a configuration with supplier_invoice_enabled for the buyer".
 */
export function recipientAccountFinder(db: Database) {
  return async (invoice: {
    recipientCode: string | null;
    recipientVat: string | null;
    recipientFiscalId: string | null;
  }): Promise<string | undefined> => {
    const code = invoice.recipientCode?.toUpperCase();
    const conditions = [];
    if (code && /^[A-Z0-9]{7}$/.test(code) && code !== '0000000' && code !== 'XXXXXXX') {
      conditions.push(eq(users.recipientCode, code));
    }
    if (invoice.recipientVat) {
      conditions.push(eq(users.invoicingVatNumber, invoice.recipientVat));
      conditions.push(eq(users.invoicingVatNumber, invoice.recipientVat.replace(/^[A-Z]{2}/, '')));
    }
    if (invoice.recipientFiscalId) conditions.push(eq(users.invoicingFiscalId, invoice.recipientFiscalId));
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
