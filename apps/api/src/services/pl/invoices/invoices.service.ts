import {
  PL_INVOICE_MESSAGES,
  type PlInvoice,
  type PlInvoiceDetails,
  type PlInvoiceListQuery,
  type Violation,
} from '@fiscus/contracts';
import {
  invoiceHash,
  jsonToKsef,
  ksefToJson,
  offlineCertificateLink,
  renderKsefHtml,
  renderKsefPdf,
  validateKsef,
  verificationLinkForHash,
  type KsefFinding,
} from '@fiscus/ksef';
import { plInvoices } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { actingScopeOf, type ActingScope } from '../../../platform/tenancy.ts';
import type { KsefGateway } from '../../../gateways/ksef/ksef-gateway.ts';
import { PlLegalEntitiesRepository } from '../legal-entities/legal-entities.repository.ts';
import { assertPolishUser } from '../pl-access.ts';
import { attachmentText, invoiceFacts } from './invoice-facts.ts';
import type { KsefExchange } from './ksef-exchange.ts';
import { PlInvoicesRepository, type PlInvoiceWithAttachments } from './invoices.repository.ts';

type Messages = keyof typeof PL_INVOICE_MESSAGES;
export const invoiceRefused = (path: string, key: Messages): Violation =>
  violation(path, PL_INVOICE_MESSAGES[key], key);

/** What `POST /invoices` takes: FA XML bytes as sent, or its JSON. */
export type PlInvoiceInput = { xml: Uint8Array } | { json: unknown };

export type RenderLanguage = 'pl' | 'en';

/** A finding as a violation: its JSON path as the property path, our code as the code. */
function findingViolation(finding: KsefFinding): Violation {
  return violation(finding.path, finding.message, finding.code);
}

/**
 * Polish invoices (spec "Invoice lists", "Invoice page"; provider section 6): an FA(3) or FA(2)
 * invoice sent by a legal entity of the acting scope is checked with `@fiscus/ksef` (the XML
 * rules, the official XSD, KSeF's checks: a refusal is a 422 with its findings and nothing is
 * stored), kept as sent, and handed to `KsefExchange`, which brings its KSeF number and UPO.
 * Lists, the item as JSON, HTML, XML or PDF, its UPO and attachment are read in the scope.
 */
export class PlInvoicesService {
  constructor(
    private readonly deps: {
      db: Database;
      repository: PlInvoicesRepository;
      exchange: KsefExchange;
      ksef: KsefGateway;
      publicUrl: string;
      clock?: () => Date;
    },
  ) {}

  private scope(actor: Actor): ActingScope {
    assertPolishUser(actor);
    return actingScopeOf(actor);
  }

  async list(actor: Actor, query: PlInvoiceListQuery): Promise<CollectionPage<PlInvoice>> {
    return mapPage(await this.deps.repository.list(this.scope(actor), query), (row) =>
      this.toInvoice(row),
    );
  }

  async get(actor: Actor, uuid: string): Promise<PlInvoiceDetails> {
    return this.details(await this.find(actor, uuid));
  }

  /**
   * KOD II of an invoice issued offline (kody-qr.md): the link to the seller's Offline
   * certificate, signed with its key; null online, or when the seller has no such certificate
   * (onboarded with a KSeF token: KSeF issues certificates only to a signed authentication).
   */
  async certificateLink(row: PlInvoiceWithAttachments): Promise<string | null> {
    if (row.mode !== 'offline' || row.direction !== 'outgoing') return null;
    const entity = await new PlLegalEntitiesRepository(this.deps.db).byUuid(row.legalEntityUuid);
    if (!entity?.offlineCertificateSerial || !entity.offlinePrivateKeyPem) return null;
    try {
      return offlineCertificateLink({
        env: this.deps.ksef.environment,
        contextType: 'Nip',
        contextValue: entity.nip,
        sellerNip: row.invoiceCreatorNip,
        certificateSerial: entity.offlineCertificateSerial,
        invoiceHash: Buffer.from(row.invoiceHash, 'base64').toString('base64url'),
        privateKey: entity.offlinePrivateKeyPem,
      });
    } catch {
      return null;
    }
  }

  /** The item: the row, its QR links (KOD I; KOD II when offline). */
  async details(row: PlInvoiceWithAttachments): Promise<PlInvoiceDetails> {
    return this.toDetails(row, await this.certificateLink(row));
  }

  /** The scope's invoice, or a 404 (another tenant's, or of an entity not linked). */
  async find(actor: Actor, uuid: string): Promise<PlInvoiceWithAttachments> {
    const row = await this.deps.repository.findOwned(this.scope(actor), uuid);
    if (!row) throw notFound('Invoice not found.');
    return row;
  }

  /** Reads the body into the bytes KSeF will get: the XML as sent, or the JSON written as XML. */
  private bytesOf(input: PlInvoiceInput): Uint8Array {
    if ('xml' in input) return input.xml;
    const written = jsonToKsef(input.json);
    if (!written.xml) throw unprocessable(written.problems.map(findingViolation));
    return Buffer.from(written.xml, 'utf8');
  }

  /**
   * `POST /invoices`: checks the invoice, finds its seller among the scope's active legal
   * entities, stores it (`valid`) and queues its sending in one transaction: 202 at once.
   */
  async create(
    actor: Actor,
    input: PlInvoiceInput,
    options: { demo?: boolean } = {},
  ): Promise<PlInvoiceWithAttachments> {
    const scope = this.scope(actor);
    const xml = this.bytesOf(input);
    const validation = validateKsef(xml);
    if (!validation.valid) {
      throw unprocessable(
        validation.findings.filter((finding) => finding.layer !== 'advisory').map(findingViolation),
      );
    }
    if (validation.form !== 'FA(3)' && validation.form !== 'FA(2)') {
      throw unprocessable([invoiceRefused('', 'not_fa')]);
    }
    const json = ksefToJson(xml).json;
    const facts = invoiceFacts(json);
    const entity = facts.sellerNip
      ? await new PlLegalEntitiesRepository(this.deps.db).findByNip(scope, facts.sellerNip)
      : undefined;
    if (!entity) {
      throw unprocessable([
        invoiceRefused('Faktura.Podmiot1.DaneIdentyfikacyjne.NIP', 'legal_entity_unknown'),
      ]);
    }
    if (entity.status !== 200 || !entity.ksefToken) {
      throw unprocessable([
        invoiceRefused('Faktura.Podmiot1.DaneIdentyfikacyjne.NIP', 'legal_entity_inactive'),
      ]);
    }
    if (await this.deps.repository.numberTaken(entity.uuid, facts.invoiceNumber)) {
      throw unprocessable([invoiceRefused('Faktura.Fa.P_2', 'duplicate')]);
    }
    const attachment = attachmentText(json);
    const now = this.deps.clock?.() ?? new Date();
    const uuid = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(plInvoices)
        .values({
          ownerId: entity.ownerId,
          legalEntityUuid: entity.uuid,
          direction: 'outgoing',
          invoiceNumber: facts.invoiceNumber,
          invoiceDate: facts.invoiceDate,
          invoiceType: facts.invoiceType,
          invoiceVersion: facts.systemCode,
          senderName: facts.sellerName ?? entity.name,
          invoiceCreatorNip: entity.nip,
          recipientName: facts.buyerName,
          invoiceRecipientNip: facts.buyerNip,
          grossAmount: facts.grossAmount,
          currencyCode: facts.currencyCode,
          status: 'valid',
          invoiceHash: invoiceHashBase64(xml),
          xml,
          demo: options.demo ?? false,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ uuid: plInvoices.uuid });
      if (!row) throw new Error('The invoice was not stored');
      if (attachment) {
        await new PlInvoicesRepository(tx).addAttachment(row.uuid, 'zalacznik.txt', attachment);
      }
      await this.deps.exchange.enqueueSend(tx, row.uuid);
      return row.uuid;
    });
    const stored = await this.deps.repository.byUuid(uuid);
    if (!stored) throw new Error('The invoice vanished');
    return stored;
  }

  /** The invoice's HTML visualisation (the Ministry's layout, KOD I and II), Polish or English. */
  async html(row: PlInvoiceWithAttachments, lang: RenderLanguage): Promise<string> {
    return renderKsefHtml(ksefToJson(row.xml).json, await this.renderOptions(row, lang));
  }

  async pdf(row: PlInvoiceWithAttachments, lang: RenderLanguage): Promise<Uint8Array> {
    return renderKsefPdf(ksefToJson(row.xml).json, await this.renderOptions(row, lang));
  }

  upo(row: PlInvoiceWithAttachments): string {
    if (!row.upo) throw notFound('KSeF has not confirmed this invoice yet: no UPO.');
    return row.upo;
  }

  attachment(row: PlInvoiceWithAttachments, attachmentUuid: string) {
    const found = row.attachments.find((attachment) => attachment.uuid === attachmentUuid);
    if (!found) throw notFound('Attachment not found.');
    return found;
  }

  private async renderOptions(row: PlInvoiceWithAttachments, lang: RenderLanguage) {
    const certificateLink = await this.certificateLink(row);
    return {
      lang,
      env: this.deps.ksef.environment,
      xmlBytes: row.xml,
      ...(row.ksefReferenceNumber ? { ksefNumber: row.ksefReferenceNumber } : {}),
      ...(certificateLink ? { offline: { certificateLink } } : {}),
    };
  }

  /** The row as the lists give it. */
  toInvoice(row: PlInvoiceWithAttachments): PlInvoice {
    return {
      uuid: row.uuid,
      legalEntityUuid: row.legalEntityUuid,
      invoiceNumber: row.invoiceNumber,
      invoiceDate: row.invoiceDate,
      invoiceType: row.invoiceType,
      invoiceVersion: row.invoiceVersion,
      direction: row.direction === 'incoming' ? 'incoming' : 'outgoing',
      senderName: row.senderName,
      invoiceCreatorNip: row.invoiceCreatorNip,
      recipientName: row.recipientName,
      invoiceRecipientNip: row.invoiceRecipientNip,
      grossAmount: row.grossAmount,
      currencyCode: row.currencyCode,
      status: row.status as PlInvoice['status'],
      mode: row.mode === 'offline' ? 'offline' : 'online',
      offlineDeadline: row.offlineDeadline,
      ksefReferenceNumber: row.ksefReferenceNumber,
      acquisition: row.acquisitionTimestamp?.toISOString() ?? null,
      hasUpo: row.upo !== null,
      errorCode: row.errorCode,
      errorMessage: row.errorMessage,
      publicUrl: `${this.deps.publicUrl}/gov-pl/public-invoices/${row.uuid}`,
      attachments: row.attachments.map((attachment) => ({
        uuid: attachment.uuid,
        filename: attachment.filename,
        size: attachment.size,
      })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  toDetails(row: PlInvoiceWithAttachments, certificateLink: string | null): PlInvoiceDetails {
    let verification: string | null = null;
    try {
      verification =
        row.invoiceDate && row.invoiceCreatorNip
          ? verificationLinkForHash(
              this.deps.ksef.environment,
              row.invoiceCreatorNip,
              row.invoiceDate,
              Buffer.from(row.invoiceHash, 'base64').toString('base64url'),
            )
          : null;
    } catch {
      verification = null;
    }
    return {
      ...this.toInvoice(row),
      invoiceHash: row.invoiceHash,
      verificationLink: verification,
      certificateLink,
    };
  }

  /** The demo page: a NIP's demo invoices, newest first. */
  async demoRows(actor: Actor, nip: string, order: 'ASC' | 'DESC') {
    const scope = this.scope(actor);
    return this.deps.repository.demoRows(scope.ownerId, nip, order);
  }

  /** `GET /invoices/{uuid}/status`: status, KSeF number and the UPO (base64) once confirmed. */
  async status(actor: Actor, uuid: string) {
    const row = await this.find(actor, uuid);
    return {
      status: row.status,
      upo: row.upo ? Buffer.from(row.upo, 'utf8').toString('base64') : null,
      ksefReferenceNumber: row.ksefReferenceNumber,
    };
  }
}

/** KSeF names an invoice by the SHA-256 of its file, base64 (the QR link uses base64url). */
function invoiceHashBase64(xml: Uint8Array): string {
  return Buffer.from(invoiceHash(xml), 'base64url').toString('base64');
}
