import {
  PEPPOL_DOCUMENT_MESSAGES,
  type PeppolDocument,
  type PeppolDocumentKind,
  type PeppolDocumentLink,
  type PeppolDocumentListQuery,
  type PeppolDomain,
  type PeppolStatistics,
  type PeppolValidation,
  type Violation,
} from '@fiscus/contracts';
import { checkParticipantId } from '@fiscus/peppol-messages';
import { jsonToUbl, renderPdf, type UblJson } from '@fiscus/ubl';
import type { PeppolDocumentRow } from '../../../db/schema/index.ts';
import { participantOf, readEnvelope, type Envelope } from '../../../gateways/peppol/envelope.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import type {
  LegalEntitiesRepository,
  PeppolScope,
} from '../legal-entities/legal-entities.repository.ts';
import { assertPeppolUser } from '../legal-entities/legal-entities.service.ts';
import type { UblEngine } from '../engine/ubl-engine.ts';
import { isNso, kindIs, type PeppolDocumentsRepository } from './documents.repository.ts';
import { PEPPOL_DELIVER_JOB, type PeppolDeliverPayload } from './peppol-delivery.ts';

type Messages = keyof typeof PEPPOL_DOCUMENT_MESSAGES;
const refused = (path: string, key: Messages): Violation =>
  violation(path, PEPPOL_DOCUMENT_MESSAGES[key], key);

/** The Belgian API carries invoices and credit notes only (spec 2.1: Belgian Peppol routes). */
export const BELGIAN_KINDS: readonly PeppolDocumentKind[] = ['invoice', 'credit-note'];

/** What a sender posts: UBL XML, or its JSON (`@fiscus/ubl`'s shape). */
export type UblInput = { xml: string } | { json: unknown };

/** The sender's party aggregate of each kind, for a violation's path. */
const SENDER_PATH: Record<PeppolDocumentKind, string> = {
  invoice: 'Invoice.AccountingSupplierParty.Party.EndpointID',
  'credit-note': 'CreditNote.AccountingSupplierParty.Party.EndpointID',
  order: 'Order.BuyerCustomerParty.Party.EndpointID',
  'order-response': 'OrderResponse.SellerSupplierParty.Party.EndpointID',
  'despatch-advice': 'DespatchAdvice.DespatchSupplierParty.Party.EndpointID',
};
const RECIPIENT_PATH: Record<PeppolDocumentKind, string> = {
  invoice: 'Invoice.AccountingCustomerParty.Party.EndpointID',
  'credit-note': 'CreditNote.AccountingCustomerParty.Party.EndpointID',
  order: 'Order.SellerSupplierParty.Party.EndpointID',
  'order-response': 'OrderResponse.BuyerCustomerParty.Party.EndpointID',
  'despatch-advice': 'DespatchAdvice.DeliveryCustomerParty.Party.EndpointID',
};

function link(row: PeppolDocumentRow): PeppolDocumentLink {
  return {
    uuid: row.uuid,
    number: row.number,
    date: row.documentDate,
    documentType: row.kind,
    responseCode: responseCodeOf(row),
  };
}

function infoOf(row: PeppolDocumentRow): Record<string, string | null> {
  const info = row.processInformation;
  return typeof info === 'object' && info !== null ? (info as Record<string, string | null>) : {};
}

function responseCodeOf(row: PeppolDocumentRow): string | null {
  return infoOf(row).responseCode ?? null;
}

/** The document as the API answers it, with its linked order and responses. */
export function toPeppolDocument(
  row: PeppolDocumentRow,
  links: { order?: PeppolDocumentRow; responses?: PeppolDocumentRow[] } = {},
): PeppolDocument {
  const info = infoOf(row);
  const responses = links.responses ?? [];
  const latest = [...responses].reverse().find((entry) => entry.kind === 'order-response');
  return {
    uuid: row.uuid,
    direction: row.direction === 'incoming' ? 'incoming' : 'outgoing',
    format: row.format === 'UBL 2.1 JSON' ? 'UBL 2.1 JSON' : 'UBL 2.1 XML',
    number: row.number,
    date: row.documentDate,
    createdAt: row.createdAt.toISOString(),
    downloaded: row.downloaded,
    sender: { name: row.senderName, identifier: row.senderId },
    recipient: { name: row.recipientName, identifier: row.recipientId },
    documentType: row.customizationId,
    processType: row.profileId,
    processInformation: {
      // An order's status is its latest response's code (AP, RE, CA, AB), none before one.
      orderStatus: row.kind === 'order' && latest ? responseCodeOf(latest) : null,
      responseCode: info.responseCode ?? null,
      documentType: row.kind,
      documentReference: info.documentReference ?? null,
    },
    legalEntityUuid: row.legalEntityUuid,
    order: links.order ? link(links.order) : null,
    responses: responses.map(link),
    peppolMessage: {
      uuid: row.messageUuid,
      createdAt: row.createdAt.toISOString(),
      requestSentAt: row.requestSentAt?.toISOString() ?? null,
      responseReceivedAt: row.responseReceivedAt?.toISOString() ?? null,
      success: row.success,
      errorCode: row.errorCode,
      errorMessage: row.errorMessage,
    },
  };
}

/** The row fields a document's envelope gives (both directions). */
export function envelopeFields(envelope: Envelope) {
  return {
    kind: envelope.kind,
    number: envelope.number,
    documentDate: envelope.date,
    senderName: envelope.sender.name,
    senderId: participantOf(envelope.sender),
    recipientName: envelope.recipient.name,
    recipientId: participantOf(envelope.recipient),
    customizationId: envelope.customizationId,
    profileId: envelope.profileId,
    processInformation: {
      responseCode: envelope.responseCode,
      documentReference: envelope.orderReference,
    },
  };
}

/**
 * Peppol documents of one domain (spec 2.13, 7 "Peppol API"; provider section 5): the preflight
 * validation, sending (`outgoing/ubl`: the official rules first, then the sender, then the
 * network, which delivers after SANDBOX_DELAY_MS), the lists of each kind with the spec's
 * filters, an item with its linked order and responses, its source as XML or JSON, its print,
 * and the downloaded flag. Every read and write is in the acting scope.
 */
export class PeppolDocumentsService {
  constructor(
    private readonly deps: {
      db: Database;
      repository: PeppolDocumentsRepository;
      legalEntities: LegalEntitiesRepository;
      jobs: JobQueue;
      /** The official rules, off the event loop. */
      engine: UblEngine;
      delayMs: number;
      clock?: () => Date;
    },
    readonly domain: PeppolDomain,
  ) {}

  private scope(actor: Actor): PeppolScope {
    assertPeppolUser(actor);
    return { ...actingScopeOf(actor), domain: this.domain };
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  /** `POST {domain}/validate`: the engine's verdict, whatever it is; nothing stored. */
  async validate(actor: Actor, input: UblInput): Promise<PeppolValidation> {
    assertPeppolUser(actor);
    const xml = this.xmlOf(input);
    if ('problems' in xml) return { valid: false, findings: xml.problems.map(tidyFinding) };
    const { verdict } = await this.deps.engine.check(xml.xml);
    return { ...verdict, findings: verdict.findings.map(tidyFinding) };
  }

  /**
   * `POST {domain}[/{collection}]/outgoing/ubl`: a document that breaks a fatal rule is a 422
   * with each rule's id as `code` and its location as `propertyPath`, before any sender check;
   * then the sender must be a legal entity of the scope on this domain. Stored as outgoing, not
   * sent yet; the network delivers it later (the delivery job).
   */
  async send(
    actor: Actor,
    input: UblInput,
    collection?: PeppolDocumentKind,
  ): Promise<PeppolDocument> {
    const scope = this.scope(actor);
    const xml = this.xmlOf(input);
    if ('problems' in xml) throw unprocessable(xml.problems.map(findingViolation));
    const { verdict, json } = await this.deps.engine.check(xml.xml);
    const fatal = verdict.findings.filter((finding) => finding.flag === 'fatal');
    if (fatal.length > 0) throw unprocessable(fatal.map(findingViolation));
    const envelope = json ? readEnvelope(json) : undefined;
    if (!envelope) throw unprocessable([refused('', 'not_ubl')]);
    if (collection && collection !== envelope.kind) {
      throw unprocessable([refused(envelope.root, 'wrong_collection')]);
    }
    if (this.domain === 'be' && !BELGIAN_KINDS.includes(envelope.kind)) {
      throw unprocessable([refused(envelope.root, 'kind_not_carried')]);
    }
    const sender = participantOf(envelope.sender);
    const senderCheck = sender ? checkParticipantId(sender) : undefined;
    const entity = senderCheck?.ok
      ? await this.deps.legalEntities.findByParticipant(
          scope,
          senderCheck.participant.icd,
          senderCheck.participant.value,
        )
      : undefined;
    if (!entity) throw unprocessable([refused(SENDER_PATH[envelope.kind], 'sender_unknown')]);
    if (!participantOf(envelope.recipient)) {
      throw unprocessable([refused(RECIPIENT_PATH[envelope.kind], 'recipient_missing')]);
    }
    const now = this.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const order = envelope.orderReference
        ? await this.deps.repository.findOrder(
            tx,
            entity.uuid,
            envelope.orderReference,
            participantOf(envelope.recipient),
          )
        : undefined;
      const inserted = await this.deps.repository.insertOutgoing(tx, {
        ownerId: entity.ownerId,
        domain: this.domain,
        legalEntityUuid: entity.uuid,
        direction: 'outgoing',
        format: 'json' in input ? 'UBL 2.1 JSON' : 'UBL 2.1 XML',
        ...envelopeFields(envelope),
        orderUuid: order?.uuid ?? null,
        sourceXml: xml.xml,
        messageId: crypto.randomUUID(),
        createdAt: now,
      });
      await this.deps.jobs.enqueue(
        PEPPOL_DELIVER_JOB,
        { documentUuid: inserted.uuid } satisfies PeppolDeliverPayload,
        { runAt: new Date(now.getTime() + this.deps.delayMs), maxAttempts: 5, db: tx },
      );
      return inserted;
    });
    return toPeppolDocument(row);
  }

  async list(
    actor: Actor,
    kind: PeppolDocumentKind,
    query: PeppolDocumentListQuery,
  ): Promise<CollectionPage<PeppolDocument>> {
    const translated: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      if (key === 'transaction') continue;
      translated[key.startsWith('sortBy[') ? `order${key.slice('sortBy'.length)}` : key] = value;
    }
    const conditions = [kindIs(kind), ...(query.transaction === 'nso' ? [isNso()] : [])];
    const page = await this.deps.repository.list(this.scope(actor), translated, ...conditions);
    const rows = page.items;
    const responses =
      kind === 'order' ? await this.deps.repository.responsesTo(rows.map((row) => row.uuid)) : [];
    return mapPage(page, (row) =>
      toPeppolDocument(row, {
        responses: responses.filter((entry) => entry.orderUuid === row.uuid),
      }),
    );
  }

  async get(actor: Actor, kind: PeppolDocumentKind, uuid: string): Promise<PeppolDocument> {
    const row = await this.find(actor, kind, uuid);
    const [order] = row.orderUuid ? await this.deps.repository.byIds([row.orderUuid]) : [];
    const responses = kind === 'order' ? await this.deps.repository.responsesTo([row.uuid]) : [];
    return toPeppolDocument(row, { ...(order ? { order } : {}), responses });
  }

  /** The document as sent: its XML, or its JSON. */
  async source(
    actor: Actor,
    kind: PeppolDocumentKind,
    uuid: string,
    as: 'xml' | 'json',
  ): Promise<{ body: string; number: string }> {
    const row = await this.find(actor, kind, uuid);
    if (as === 'xml') return { body: row.sourceXml, number: row.number };
    return { body: JSON.stringify(await this.jsonOf(row)), number: row.number };
  }

  /** The printed document (PDF), in the console's language. */
  async print(
    actor: Actor,
    kind: PeppolDocumentKind,
    uuid: string,
    lang: 'it' | 'en' | 'pl',
  ): Promise<{ pdf: Uint8Array; number: string }> {
    const row = await this.find(actor, kind, uuid);
    return { pdf: await renderPdf(await this.jsonOf(row), { lang }), number: row.number };
  }

  /** `GET {domain}/statistics`: each month of the year (this year by default, local time). */
  async statistics(actor: Actor, year?: number): Promise<PeppolStatistics> {
    const timeZone = this.domain === 'be' ? 'Europe/Brussels' : 'Europe/Rome';
    const chosen =
      year ??
      Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(this.now()));
    const counts = await this.deps.repository.monthlyCounts(this.scope(actor), chosen, timeZone);
    return {
      year: chosen,
      months: Array.from({ length: 12 }, (_, index) => {
        const found = counts.find((entry) => entry.month === index + 1);
        return { month: index + 1, outgoing: 0, incoming: 0, failed: 0, ...found };
      }),
    };
  }

  async markDownloaded(
    actor: Actor,
    kind: PeppolDocumentKind,
    uuids: string[],
    downloaded: boolean,
  ): Promise<{ updated: number }> {
    return {
      updated: await this.deps.repository.markDownloaded(
        this.scope(actor),
        kind,
        uuids,
        downloaded,
      ),
    };
  }

  private async find(
    actor: Actor,
    kind: PeppolDocumentKind,
    uuid: string,
  ): Promise<PeppolDocumentRow> {
    const row = await this.deps.repository.findOfKind(this.scope(actor), kind, uuid);
    if (!row) throw notFound('Document not found.');
    return row;
  }

  private async jsonOf(row: PeppolDocumentRow): Promise<UblJson> {
    const json = await this.deps.engine.json(row.sourceXml);
    // Stored documents passed the engine: their XML always reads.
    if (!json) throw new Error(`Stored Peppol document ${row.uuid} does not read as UBL`);
    return json;
  }

  private xmlOf(input: UblInput): { xml: string } | { problems: PeppolValidation['findings'] } {
    if ('xml' in input) return { xml: input.xml };
    const written = jsonToUbl(input.json);
    if (written.xml === undefined || written.problems.length > 0) {
      return { problems: written.problems };
    }
    return { xml: written.xml };
  }
}

type Finding = PeppolValidation['findings'][number];

/** The official messages as one line: AGID's schematron indents them over several. */
function tidyFinding(finding: Finding): Finding {
  return { ...finding, message: finding.message.split(/\s+/).filter(Boolean).join(' ') };
}

function findingViolation(finding: Finding): Violation {
  // The rule's id is the code; the official messages already start with it.
  return violation(finding.path || finding.location, tidyFinding(finding).message, finding.id);
}
