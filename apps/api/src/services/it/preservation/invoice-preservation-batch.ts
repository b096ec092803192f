import type { Column } from 'drizzle-orm';
import {
  and,
  asc,
  eq,
  exists,
  isNull,
  inArray,
  lt,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import {
  itBusinessRegistryConfigurations,
  itInvoices,
  preservedDocuments,
} from '../../../db/schema/index.ts';
import { romeClock } from '../../../gateways/ade-receipts/rome-clock.ts';
import type { Database } from '../../../platform/db/database.ts';
import { ownCompanyFiscalIds } from '../api-configurations/invoice-notify.service.ts';
import { romeDayStart } from '../invoice-download/rome-days.ts';
import type { PreservationService } from './preservation.service.ts';

/** Invoices one night sends at the most; the next night goes on with the rest. */
const BATCH = 2000;
/** The VAT number of the invoice's own company (the seller of a sent one, the buyer of a received one). */
function ownVat(invoice: typeof itInvoices.$inferSelect): string | null {
  return invoice.type === 0 ? invoice.senderVat : invoice.recipientVat;
}

/** Not documents yet: only what went to (or came from) SDI is preserved. */
const DRAFT_MARKINGS = ['draft', 'draft-blocked'];

/**
 * Invoices go to legal storage by themselves (issue 33: "Invoices and receipts are sent to
 * preservation automatically when the registry has apply_legal_storage, in daily batches"): every
 * night the invoices made before today whose own company (the seller of a sent invoice, the buyer
 * of a received one) is a registry applying legal storage, each once, as the XML SDI carried. An
 * invoice whose own company has no VAT number (a received one addressed by codice fiscale only)
 * and no registry of its fiscal code cannot be filed: the `legal-storage-missing-vat` webhook
 * says so, once (the invoice keeps when).
 */
export class InvoicesPreservation {
  constructor(
    private readonly db: Database,
    private readonly preservation: PreservationService,
  ) {}

  async run(now: Date): Promise<{ preserved: number; missingVat: number }> {
    const storingRegistries = await this.db
      .select({
        ownerId: itBusinessRegistryConfigurations.ownerId,
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
      })
      .from(itBusinessRegistryConfigurations)
      .where(eq(itBusinessRegistryConfigurations.applyLegalStorage, true));
    const storing = new Map<string, Set<string>>();
    for (const { ownerId, fiscalId } of storingRegistries) {
      storing.set(ownerId, (storing.get(ownerId) ?? new Set()).add(fiscalId));
    }
    if (storing.size === 0) return { preserved: 0, missingVat: 0 };
    const todayStart = romeDayStart(romeClock(now).day);
    const registries = itBusinessRegistryConfigurations;
    // In SQL first, so invoices that are never filed (another company's) cannot fill the batch:
    // a registry applying legal storage is the own company, by VAT (any 2-letter prefix) or fiscal id.
    const ownSide = (vat: Column, fiscalId: Column) =>
      sql`${registries.fiscalId} in (${vat}, substr(${vat}, 3), ${fiscalId})`;
    const filedBySomeRegistry = exists(
      this.db
        .select({ uuid: registries.uuid })
        .from(registries)
        .where(
          and(
            eq(registries.ownerId, itInvoices.ownerId),
            eq(registries.applyLegalStorage, true),
            sql`case when ${itInvoices.type} = 0 then ${ownSide(itInvoices.senderVat, itInvoices.senderFiscalId)} else ${ownSide(itInvoices.recipientVat, itInvoices.recipientFiscalId)} end`,
          ),
        ),
    );
    const ownVatMissing = sql`(case when ${itInvoices.type} = 0 then ${itInvoices.senderVat} else ${itInvoices.recipientVat} end) is null`;
    const due = await this.db
      .select()
      .from(itInvoices)
      .where(
        and(
          inArray(itInvoices.ownerId, [...storing.keys()]),
          notInArray(itInvoices.marking, DRAFT_MARKINGS),
          lt(itInvoices.createdAt, todayStart),
          or(filedBySomeRegistry, and(ownVatMissing, isNull(itInvoices.legalStorageMissingVatAt))),
          notExists(
            this.db
              .select({ uuid: preservedDocuments.uuid })
              .from(preservedDocuments)
              .where(
                and(
                  inArray(preservedDocuments.documentType, [
                    'customer-invoice',
                    'supplier-invoice',
                  ]),
                  eq(preservedDocuments.sourceUuid, itInvoices.uuid),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(itInvoices.createdAt))
      .limit(BATCH);
    let preserved = 0;
    let missingVat = 0;
    for (const invoice of due) {
      const companies = storing.get(invoice.ownerId);
      const fiscalId = ownCompanyFiscalIds(invoice).find((id) => companies?.has(id));
      if (!fiscalId) {
        if (!ownVat(invoice) && !invoice.legalStorageMissingVatAt) {
          await this.db.transaction(async (tx) => {
            await tx
              .update(itInvoices)
              .set({ legalStorageMissingVatAt: now })
              .where(eq(itInvoices.uuid, invoice.uuid));
            await this.preservation.warnMissingVat(
              invoice.ownerId,
              invoice.uuid,
              invoice.disableEndpoints,
              tx,
            );
          });
          missingVat += 1;
        }
        continue;
      }
      const stored = await this.preservation.preserveDocument({
        ownerId: invoice.ownerId,
        documentType: invoice.type === 0 ? 'customer-invoice' : 'supplier-invoice',
        sourceUuid: invoice.uuid,
        fiscalId,
        originalFilename: invoice.sdiFileName ?? `${invoice.uuid}.xml`,
        originalDocument: invoice.xml,
        at: now,
      });
      if (stored) preserved += 1;
    }
    return { preserved, missingVat };
  }
}
