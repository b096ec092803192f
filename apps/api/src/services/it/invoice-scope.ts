import type { SQL } from 'drizzle-orm';
import { and, eq, or } from 'drizzle-orm';
import { itInvoices } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { forbidden } from '../../platform/problem-errors.ts';
import type { ActingScope } from '../../platform/tenancy.ts';
import { actsForCompany, companyFiscalId, mayActFor } from '../../platform/tenancy.ts';

/*
 * The acting scope (`actingScopeOf`, platform/tenancy.ts) on it_invoices: a customer invoice
 * (type 0), and a draft, belongs to the company of its supplier (sender), a supplier invoice
 * (type 1) to the company of its recipient. Every read of invoices, drafts and what hangs off
 * them (notifications, preserved documents, statistics) adds this condition in SQL.
 */

/**
 * "The scope acts for this invoice's company": undefined for the whole business; for a
 * sub-account, the sender's side of customer invoices and the recipient's of supplier ones (only
 * the given type's side when the query is of one type).
 */
export function actsForInvoice(db: Database, scope: ActingScope, type?: 0 | 1): SQL | undefined {
  if (scope.subAccountId === null) return undefined;
  const asSupplier = () =>
    actsForCompany(db, scope, itInvoices.senderFiscalId, itInvoices.senderVat);
  const asRecipient = () =>
    actsForCompany(db, scope, itInvoices.recipientFiscalId, itInvoices.recipientVat);
  if (type === 0) return asSupplier();
  if (type === 1) return asRecipient();
  return or(and(eq(itInvoices.type, 0), asSupplier()), and(eq(itInvoices.type, 1), asRecipient()));
}

/**
 * A create (invoice, draft, import) for a company: 403 problem naming its fiscal id unless the
 * scope may act for it, by codice fiscale or by partita IVA.
 */
export async function assertActsForParty(
  db: Database,
  scope: ActingScope,
  party: { fiscalId: string | null | undefined; vat: string | null | undefined },
): Promise<void> {
  if (scope.subAccountId === null) return;
  if (await mayActFor(db, scope, party.fiscalId)) return;
  if (await mayActFor(db, scope, party.vat)) return;
  const named = companyFiscalId(party.fiscalId) || companyFiscalId(party.vat) || '(none)';
  throw forbidden(
    `This login may not act for the fiscal id ${named}: it is not a business registry configuration linked to it.`,
  );
}
