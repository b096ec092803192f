import { and, asc, eq, inArray, lt, notExists, notInArray } from 'drizzle-orm';
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
/** Not documents yet: only what went to (or came from) SDI is preserved. */
const DRAFT_MARKINGS = ['draft', 'draft-blocked'];

/**
 * Invoices go to legal storage by themselves (issue 33: "Invoices and receipts are sent to
 * preservation automatically when the registry has apply_legal_storage, in daily batches"): every
 * night the invoices made before today whose own company (the seller of a sent invoice, the buyer
 * of a received one) is a registry applying legal storage, each once, as the XML SDI carried.
 */
export class InvoicesPreservation {
  constructor(
    private readonly db: Database,
    private readonly preservation: PreservationService,
  ) {}

  async run(now: Date): Promise<{ preserved: number }> {
    const registries = await this.db
      .select({
        ownerId: itBusinessRegistryConfigurations.ownerId,
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
      })
      .from(itBusinessRegistryConfigurations)
      .where(eq(itBusinessRegistryConfigurations.applyLegalStorage, true));
    const storing = new Map<string, Set<string>>();
    for (const { ownerId, fiscalId } of registries) {
      storing.set(ownerId, (storing.get(ownerId) ?? new Set()).add(fiscalId));
    }
    if (storing.size === 0) return { preserved: 0 };
    const due = await this.db
      .select()
      .from(itInvoices)
      .where(
        and(
          inArray(itInvoices.ownerId, [...storing.keys()]),
          notInArray(itInvoices.marking, DRAFT_MARKINGS),
          lt(itInvoices.createdAt, romeDayStart(romeClock(now).day)),
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
    for (const invoice of due) {
      const companies = storing.get(invoice.ownerId);
      const fiscalId = ownCompanyFiscalIds(invoice).find((id) => companies?.has(id));
      if (!fiscalId) continue;
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
    return { preserved };
  }
}
