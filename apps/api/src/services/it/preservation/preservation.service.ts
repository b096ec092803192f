import type { PaginationQuery, PreservedDocument, PreservedDocumentType } from '@fiscus/contracts';
import type { Database } from '../../../platform/db/database.ts';
import { preservedDocumentTypes, violationCodes } from '@fiscus/contracts';
import type { PreservedDocumentRow } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import {
  forbidden,
  HttpProblem,
  notFound,
  unprocessable,
  violation,
} from '../../../platform/problem-errors.ts';
import { hasAnyRole } from '../../../platform/roles.ts';
import { actingScopeOf, businessOf, wholeBusiness } from '../../../platform/tenancy.ts';
import { publishWebhookEvent } from '../../../platform/webhooks/events.ts';
import type { PreservationGateway } from '../../../gateways/preservation/preservation-gateway.ts';
import { depositReceiptPdf } from '../../../gateways/preservation/receipt-pdf.ts';
import { ownCompanyFiscalIds } from '../api-configurations/invoice-notify.service.ts';
import { assertItReader } from '../invoice-access.ts';
import type { PreservationRepository } from './preservation.repository.ts';

/** Drafts are not documents yet: only what went to (or came from) SDI is preserved. */
const UNPRESERVABLE_MARKINGS = new Set(['draft', 'draft-blocked']);

/** Legal storage of invoices: sending (gov-it service) and reading (preservation service). */
export class PreservationService {
  constructor(
    private readonly repository: PreservationRepository,
    private readonly gateway: PreservationGateway,
    private readonly jobs: JobQueue,
  ) {}

  /** `POST /api/it/invoices/{uuid}/preserve`: idempotent, a second call returns the same document. */
  async preserveInvoice(actor: Actor, uuid: string): Promise<PreservedDocument> {
    assertItReader(actor);
    const ownerId = businessOf(actor);
    const invoice = isUuid(uuid)
      ? await this.repository.findInvoice(actingScopeOf(actor), uuid)
      : undefined;
    if (!invoice) throw notFound('Invoice not found.');
    // The invoice is one the login acts for: its document, whatever fiscal id it was filed under.
    const business = wholeBusiness(ownerId);
    if (UNPRESERVABLE_MARKINGS.has(invoice.marking)) {
      throw new HttpProblem(409, 'A draft cannot be sent to preservation; send it first.');
    }
    const existing = await this.repository.findBySource(business, invoice.uuid);
    if (existing) return toPreservedDocument(existing);

    const [fiscalId] = ownCompanyFiscalIds(invoice);
    if (!fiscalId) {
      await this.warnMissingVat(ownerId, invoice.uuid, invoice.disableEndpoints);
      throw unprocessable([
        violation(
          'invoice',
          'The invoice has no VAT number or fiscal id of your company.',
          violationCodes.invalid,
        ),
      ]);
    }
    const documentType: PreservedDocumentType =
      invoice.type === 0 ? 'customer-invoice' : 'supplier-invoice';
    const inserted = await this.repository.insertToBeStored({
      ownerId,
      documentType,
      sourceUuid: invoice.uuid,
      fiscalId,
      originalFilename: invoice.sdiFileName ?? `${invoice.uuid}.xml`,
      originalDocument: invoice.xml,
      weight: Buffer.byteLength(invoice.xml, 'utf8'),
      at: new Date(),
    });
    // A concurrent call inserted it first: answer with that one.
    const document = inserted ?? (await this.repository.findBySource(business, invoice.uuid));
    if (!document) throw notFound('Invoice not found.');
    if (inserted) await this.gateway.submit(inserted.uuid);
    return toPreservedDocument(document);
  }

  /**
   * The provider files documents under the company's VAT number: an invoice without one of the
   * company's cannot be preserved, and the `legal-storage-missing-vat` webhook says so.
   */
  async warnMissingVat(
    ownerId: string,
    invoiceUuid: string,
    disableEndpoints: boolean | null = false,
    db?: Database,
  ): Promise<void> {
    await publishWebhookEvent(
      this.jobs,
      {
        ownerId,
        event: 'legal-storage-missing-vat',
        payload: {
          invoice_uuid: invoiceUuid,
          message: 'The invoice has no VAT number of your company.',
        },
        disableEndpoints: disableEndpoints === true,
      },
      db ? { db } : {},
    );
  }

  /**
   * Sends one document of the business to legal storage (the daily batches: no login acts);
   * idempotent by type and source, a second call stores nothing. Resolves with the new row, or
   * undefined when it was already there.
   */
  async preserveDocument(input: {
    ownerId: string;
    documentType: PreservedDocumentType;
    sourceUuid: string;
    fiscalId: string;
    originalFilename: string;
    originalDocument: string;
    at: Date;
  }): Promise<PreservedDocumentRow | undefined> {
    const inserted = await this.repository.insertToBeStored({
      ...input,
      weight: Buffer.byteLength(input.originalDocument, 'utf8'),
    });
    if (inserted) await this.gateway.submit(inserted.uuid);
    return inserted;
  }

  /** `GET /api/it/invoices/{uuid}/preserved-document`: 404 until the invoice is sent to storage. */
  async preservedDocumentOfInvoice(actor: Actor, uuid: string): Promise<PreservedDocument> {
    assertItReader(actor);
    const document = isUuid(uuid)
      ? await this.repository.findBySource(actingScopeOf(actor), uuid)
      : undefined;
    if (!document) throw notFound('This invoice has not been sent to preservation.');
    return toPreservedDocument(document);
  }

  async list(
    actor: Actor,
    documentType: string,
    query: PaginationQuery,
  ): Promise<CollectionPage<PreservedDocument>> {
    assertPreservationUser(actor);
    const scope = { ...actingScopeOf(actor), documentType: knownType(documentType) };
    return mapPage(await this.repository.list(scope, query), toPreservedDocument);
  }

  async originalDocument(
    actor: Actor,
    documentType: string,
    uuid: string,
  ): Promise<{ fileName: string; xml: string; type: string }> {
    const document = await this.findOwned(actor, documentType, uuid);
    // Invoices are preserved as the XML SDI carried; receipts as their JSON document.
    const type =
      document.documentType === 'receipt'
        ? 'application/json; charset=utf-8'
        : 'application/xml; charset=utf-8';
    return { fileName: document.originalFilename, xml: document.originalDocument, type };
  }

  /** The deposit receipt (XML, or PDF on request); it exists only once the document is stored. */
  async receipt(
    actor: Actor,
    documentType: string,
    uuid: string,
    format: 'xml' | 'pdf',
  ): Promise<{ fileName: string; content: string | Buffer }> {
    const document = await this.findOwned(actor, documentType, uuid);
    if (document.status !== 'stored' || !document.receiptXml) {
      throw notFound('The receipt is available once the document is stored.');
    }
    const fileName = `receipt_${document.uuid}.${format}`;
    if (format === 'pdf') return { fileName, content: await depositReceiptPdf(document) };
    return { fileName, content: document.receiptXml };
  }

  private async findOwned(
    actor: Actor,
    documentType: string,
    uuid: string,
  ): Promise<PreservedDocumentRow> {
    assertPreservationUser(actor);
    const type = knownType(documentType);
    const document = isUuid(uuid)
      ? await this.repository.findOwned({ ...actingScopeOf(actor), documentType: type }, uuid)
      : undefined;
    if (!document) throw notFound('Preserved document not found.');
    return document;
  }
}

/** The preservation service is a platform of its own in the token (account spec 6). */
export function assertPreservationUser(actor: Actor): void {
  if (!hasAnyRole(actor.roles, 'preservation')) {
    throw forbidden('The preservation service is not enabled for this account.');
  }
}

function knownType(documentType: string): PreservedDocumentType {
  if (!(preservedDocumentTypes as readonly string[]).includes(documentType)) {
    throw notFound(
      `Unknown document type "${documentType}"; expected one of ${preservedDocumentTypes.join(', ')}.`,
    );
  }
  return documentType as PreservedDocumentType;
}

export function toPreservedDocument(row: PreservedDocumentRow): PreservedDocument {
  return {
    uuid: row.uuid,
    document_type: row.documentType as PreservedDocumentType,
    document_uuid: row.sourceUuid,
    preserved_object_id: row.preservedObjectId,
    status: row.status,
    status_history: row.statusHistory,
    message: row.message,
    error_message: row.errorMessage,
    original_filename: row.originalFilename,
    weight: row.weight,
    receipt_received_at: row.receiptReceivedAt?.toISOString() ?? null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    verification_failure: row.verificationFailure,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
