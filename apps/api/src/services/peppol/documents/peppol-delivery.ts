import { z } from 'zod';
import type { PeppolWebhookEvent } from '@fiscus/contracts';
import type { PeppolDocumentRow } from '../../../db/schema/index.ts';
import { participantOf, readEnvelope } from '../../../gateways/peppol/envelope.ts';
import {
  routeDocument,
  type ParticipantDirectory,
  type Registration,
} from '../../../gateways/peppol/network.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobWorker } from '../../../platform/jobs/job-queue.ts';
import type { UblEngine } from '../engine/ubl-engine.ts';
import type { PeppolDocumentsRepository } from './documents.repository.ts';

/** Job: the sandbox network delivers one outgoing document (by its uuid). */
export const PEPPOL_DELIVER_JOB = 'peppol.deliver';

const payloadSchema = z.object({ documentUuid: z.uuid() });
export type PeppolDeliverPayload = z.infer<typeof payloadSchema>;

/** Announces a settled message to the owner's Peppol webhooks, in the delivery's transaction. */
export type PeppolAnnounce = (
  db: Database,
  document: PeppolDocumentRow,
  event: PeppolWebhookEvent,
) => Promise<void>;

/**
 * The sandbox network's delivery of an outgoing document, as a sending access point makes it:
 * the receiver looked up through the SML and its SMP (`gateways/peppol/network.ts`), then the
 * document handed to the receiving access point, which files it as the receiver's incoming
 * document; the sender's message records when it was sent, when the answer came, and the
 * error when there was one. One delivery at a time per document (a row lock); a message id the
 * receiver holds already is dropped, as an access point drops a duplicate.
 */
export class PeppolDelivery {
  constructor(
    private readonly deps: {
      db: Database;
      repository: PeppolDocumentsRepository;
      /** The SMP registrations, read in the delivery's transaction. */
      directoryOf: (db: Database) => ParticipantDirectory;
      announce: PeppolAnnounce;
      engine: UblEngine;
      /** Tells the receiver's notification addresses of a document received (after the commit). */
      notify?: (document: PeppolDocumentRow, receiver: Registration) => Promise<void>;
      clock?: () => Date;
    },
  ) {}

  registerJobs(worker: JobWorker): void {
    worker.register(PEPPOL_DELIVER_JOB, (payload) => this.deliver(payloadSchema.parse(payload)));
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  async deliver(payload: PeppolDeliverPayload): Promise<void> {
    const received = await this.deliverInTransaction(payload);
    // Mail after the commit: the document is there when the message is read.
    if (received && this.deps.notify) await this.deps.notify(received.document, received.receiver);
  }

  private async deliverInTransaction({ documentUuid }: PeppolDeliverPayload): Promise<{
    document: PeppolDocumentRow;
    receiver: Registration;
  } | null> {
    // The document is read before the transaction (the engine's thread, not the loop's).
    const stored = await this.deps.repository.byId(documentUuid);
    if (!stored || stored.direction !== 'outgoing' || stored.success !== null) return null;
    const json = await this.deps.engine.json(stored.sourceXml);
    return this.deps.db.transaction(async (tx) => {
      const outgoing = await this.deps.repository.lockOutgoing(tx, documentUuid);
      if (!outgoing || outgoing.success !== null) return null;
      const requestSentAt = this.now();
      const envelope = json ? readEnvelope(json) : undefined;
      if (!envelope) throw new Error(`Peppol document ${documentUuid} has no envelope`);
      const routing = await routeDocument(this.deps.directoryOf(tx), envelope);
      if (!routing.ok) {
        await this.settle(tx, outgoing, {
          requestSentAt,
          responseReceivedAt: this.now(),
          success: false,
          errorCode: routing.errorCode,
          errorMessage: routing.errorMessage,
        });
        return null;
      }
      const { receiver } = routing;
      const order = envelope.orderReference
        ? await this.deps.repository.findOrder(
            tx,
            receiver.uuid,
            envelope.orderReference,
            participantOf(envelope.sender),
          )
        : undefined;
      const receivedAt = this.now();
      const incoming = await this.deps.repository.insertIncoming(tx, {
        ownerId: receiver.ownerId,
        domain: receiver.domain,
        legalEntityUuid: receiver.uuid,
        direction: 'incoming',
        format: outgoing.format,
        kind: outgoing.kind,
        number: outgoing.number,
        documentDate: outgoing.documentDate,
        senderName: outgoing.senderName,
        senderId: outgoing.senderId,
        recipientName: outgoing.recipientName,
        recipientId: outgoing.recipientId,
        customizationId: outgoing.customizationId,
        profileId: outgoing.profileId,
        processInformation: outgoing.processInformation,
        orderUuid: order?.uuid ?? null,
        sourceXml: outgoing.sourceXml,
        messageId: outgoing.messageId,
        requestSentAt,
        responseReceivedAt: receivedAt,
        success: true,
        createdAt: receivedAt,
      });
      if (incoming) await this.deps.announce(tx, incoming, 'incoming-document');
      await this.settle(tx, outgoing, {
        requestSentAt,
        responseReceivedAt: this.now(),
        success: true,
        errorCode: null,
        errorMessage: null,
      });
      return incoming ? { document: incoming, receiver } : null;
    });
  }

  private async settle(
    tx: Database,
    outgoing: PeppolDocumentRow,
    message: Pick<
      PeppolDocumentRow,
      'requestSentAt' | 'responseReceivedAt' | 'success' | 'errorCode' | 'errorMessage'
    >,
  ): Promise<void> {
    await this.deps.repository.setMessage(tx, outgoing.uuid, message);
    await this.deps.announce(tx, { ...outgoing, ...message }, 'outgoing-document');
  }
}
