import { and, asc, eq, inArray, lt, notExists } from 'drizzle-orm';
import {
  itBusinessRegistryConfigurations,
  itReceipts,
  preservedDocuments,
} from '../../../db/schema/index.ts';
import { romeClock } from '../../../gateways/ade-receipts/rome-clock.ts';
import type { Database } from '../../../platform/db/database.ts';
import { wholeBusiness } from '../../../platform/tenancy.ts';
import type { PreservationService } from '../preservation/preservation.service.ts';
import { romeDayStart } from '../invoice-download/rome-days.ts';
import { receiptFileStem, toDetails } from './receipt-rows.ts';
import type { ReceiptsRepository } from './receipts.repository.ts';

/** The nightly batch to legal storage: the invoices (`InvoicesPreservation`), then the receipts. */
export const RECEIPTS_PRESERVATION_JOB = 'it.receipts-preservation';
/** 02:30 in Rome, after the day has closed. */
export const RECEIPTS_PRESERVATION_CRON = '30 2 * * *';
/** Receipts one run sends at the most; the next night goes on with the rest. */
const BATCH = 2000;

/**
 * Receipts are preserved too (issue 33): every night the receipts the Agenzia accepted before
 * today (sales, returns, voids; a sale voided since keeps its own document) of the registries
 * with `apply_legal_storage` go to legal storage as their JSON document (the details the API
 * answers), once each: a receipt already preserved is left out in SQL.
 */
export class ReceiptsPreservation {
  constructor(
    private readonly db: Database,
    private readonly repository: ReceiptsRepository,
    private readonly preservation: PreservationService,
  ) {}

  async run(now: Date): Promise<{ preserved: number }> {
    const todayStarts = romeDayStart(romeClock(now).day);
    const registries = itBusinessRegistryConfigurations;
    const due = await this.db
      .select({ uuid: itReceipts.uuid, ownerId: itReceipts.ownerId })
      .from(itReceipts)
      .innerJoin(
        registries,
        and(
          eq(registries.ownerId, itReceipts.ownerId),
          eq(registries.fiscalId, itReceipts.fiscalId),
          eq(registries.applyLegalStorage, true),
        ),
      )
      .where(
        and(
          inArray(itReceipts.status, ['ready', 'voided']),
          lt(itReceipts.createdAt, todayStarts),
          notExists(
            this.db
              .select({ uuid: preservedDocuments.uuid })
              .from(preservedDocuments)
              .where(
                and(
                  eq(preservedDocuments.documentType, 'receipt'),
                  eq(preservedDocuments.sourceUuid, itReceipts.uuid),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(itReceipts.createdAt))
      .limit(BATCH);
    let preserved = 0;
    for (const { uuid, ownerId } of due) {
      const receipt = await this.repository.findOwned(wholeBusiness(ownerId), uuid);
      if (!receipt) continue;
      const items = await this.repository.itemsOf(uuid);
      const returned = receipt.type === 'sale' ? await this.repository.returnLinesOf(uuid) : [];
      const details = toDetails(receipt, items, returned);
      const stored = await this.preservation.preserveDocument({
        ownerId,
        documentType: 'receipt',
        sourceUuid: uuid,
        fiscalId: receipt.fiscalId,
        originalFilename: `${receiptFileStem(receipt.documentNumber, receipt.uuid)}.json`,
        originalDocument: `${JSON.stringify(details, null, 2)}\n`,
        at: now,
      });
      if (stored) preserved += 1;
    }
    return { preserved };
  }
}
