import { and, eq, sql } from 'drizzle-orm';
import { parseInvoice, toXml, validateInvoice } from '@fiscus/fatturapa';
import { itInvoices } from '../../../db/schema/index.ts';
import type { CassettoInvoice } from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { unprocessable } from '../../../platform/problem-errors.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import { isImportableFileName } from '../imports/imports.service.ts';
import { findingToViolation, MAX_INVOICE_BYTES } from '../invoices/invoice-intake.ts';
import { storedInvoiceValues, toInvoiceItem } from '../invoices/invoice-item.ts';
import { InvoicesRepository } from '../invoices/invoices.repository.ts';

export type CassettoImportResult = { kind: 'imported'; uuid: string } | { kind: 'skipped' };

/**
 * One supplier invoice of the cassetto fiscale into the business's supplier invoices, as
 * `POST /supplier-invoice-imports` stores one (the same file-name rule, XML and schema checks,
 * row values), once per SDI id: a file already among the business's supplier invoices is
 * skipped, so a download run again (retried, overlapping, concurrent) imports nothing twice. The
 * invoice and its `supplier-invoice` webhook commit together, as for any supplier invoice.
 */
export class CassettoImporter {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
  ) {}

  async import(ownerId: string, file: CassettoInvoice): Promise<CassettoImportResult> {
    if (!isImportableFileName(file.fileName)) {
      throw unprocessable([
        {
          propertyPath: 'file_name',
          message: 'The file name does not follow SDI naming (e.g. IT01234567890_00001.xml).',
          code: '00001',
        },
      ]);
    }
    if (await this.imported(this.db, ownerId, file.sdiId)) return { kind: 'skipped' };
    const accepted = await readInvoice(file.xml);
    return this.db.transaction(async (tx) => {
      // Two runs over one file (a daily and an on-demand job) wait here for each other.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`cassetto:${ownerId}:${file.sdiId}`}, 0))`,
      );
      if (await this.imported(tx, ownerId, file.sdiId)) return { kind: 'skipped' } as const;
      const row = await new InvoicesRepository(tx).insert({
        ownerId,
        type: 1,
        marking: 'received',
        ...storedInvoiceValues(accepted),
        sdiFileId: file.sdiId,
        sdiFileName: file.fileName,
      });
      await publishWebhookEvent(
        this.jobs,
        {
          ownerId,
          event: 'supplier-invoice',
          payload: toInvoiceItem(row),
          fiscalIds: ownFiscalIds(row.recipientVat, row.recipientFiscalId),
        },
        { db: tx },
      );
      return { kind: 'imported', uuid: row.uuid } as const;
    });
  }

  private async imported(db: Database, ownerId: string, sdiId: string): Promise<boolean> {
    const [row] = await db
      .select({ uuid: itInvoices.uuid })
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.ownerId, ownerId),
          eq(itInvoices.type, 1),
          eq(itInvoices.sdiFileId, sdiId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}

/** The file read and checked as an imported supplier invoice is (XML safety, schema, SDI checks). */
async function readInvoice(xml: Buffer) {
  const bytes = new Uint8Array(xml);
  const parsed = await parseInvoice(bytes, { maxBytes: MAX_INVOICE_BYTES });
  if (!parsed.ok) throw unprocessable(parsed.findings.map((f) => findingToViolation(f, undefined)));
  const validated = await validateInvoice(bytes, {
    maxBytes: MAX_INVOICE_BYTES,
    layers: ['schema', 'sdi'],
    sdi: { checkIdentifierDigits: false },
  });
  if (!validated.valid) {
    throw unprocessable(validated.findings.map((f) => findingToViolation(f, parsed.invoice)));
  }
  return {
    format: parsed.format,
    invoice: parsed.invoice,
    xml: toXml(parsed.invoice, parsed.format),
    signed: parsed.signer !== undefined,
  };
}

/** The buyer's ids without country prefix: the registries a webhook may be linked to. */
function ownFiscalIds(...ids: (string | null)[]): string[] {
  return [
    ...new Set(
      ids
        .filter((id): id is string => Boolean(id))
        .map((id) => id.replace(/^[A-Z]{2}(?=\d{11}$)/, '')),
    ),
  ];
}
