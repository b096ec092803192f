import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { PreservedDocumentRow } from '../../db/schema/index.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { PreservationGateway, PreservationStore } from './preservation-gateway.ts';
import { PRESERVATION_STEPS } from './preservation-gateway.ts';

const ADVANCE_JOB = 'preservation.advance';
const advancePayloadSchema = z.object({ uuid: z.uuid() });

export type SandboxPreservationOptions = {
  store: PreservationStore;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** Wait between steps (SANDBOX_DELAY_MS): 0 in tests, seconds in a demo. */
  delayMs: number;
  /** Called once a document reaches `stored` with its receipt (webhook legal-storage-receipt). */
  onStored?: (document: PreservedDocumentRow) => Promise<void>;
};

/**
 * Legal storage as a provider runs it, step by step through the job queue: the document is sent
 * (`sent`), its metadata index follows (`sent_metadata`), and the provider answers with a
 * deposit receipt (`stored`). Each step is its own job, so a restart resumes where it stopped.
 */
export class SandboxPreservationGateway implements PreservationGateway {
  constructor(private readonly options: SandboxPreservationOptions) {}

  async submit(documentUuid: string): Promise<void> {
    await this.schedule(documentUuid);
  }

  registerJobs(worker: JobWorker): void {
    worker.register(ADVANCE_JOB, (payload) => this.advance(payload));
  }

  private schedule(uuid: string) {
    return this.options.jobs.enqueue(
      ADVANCE_JOB,
      { uuid },
      { runAt: new Date(Date.now() + this.options.delayMs), maxAttempts: 5, backoffMs: 1000 },
    );
  }

  private async advance(raw: unknown): Promise<void> {
    const { uuid } = advancePayloadSchema.parse(raw);
    const document = await this.options.store.find(uuid);
    if (!document) return;
    const index = PRESERVATION_STEPS.indexOf(document.status);
    const next = PRESERVATION_STEPS[index + 1];
    if (index < 0 || next === undefined) return;
    const at = new Date();
    const updated = await this.options.store.recordStep(uuid, {
      from: document.status,
      to: next,
      at,
      ...(next === 'sent'
        ? { preservedObjectId: packageId(at), message: 'Document sent to the preservation system' }
        : {}),
      ...(next === 'sent_metadata' ? { message: 'Metadata index sent' } : {}),
      ...(next === 'stored'
        ? { message: 'Stored: deposit receipt received', receiptXml: depositReceipt(document, at) }
        : {}),
    });
    // Another worker moved it first (the step's `from` no longer matched): nothing to follow up.
    if (!updated) return;
    if (next === 'stored') {
      this.options.logger.info({ uuid }, 'document preserved');
      await this.options.onStored?.(updated);
    } else {
      await this.schedule(uuid);
    }
  }
}

/** Identifier of the submission package, as providers number them per year. */
function packageId(at: Date): string {
  return `PDV-${at.getUTCFullYear()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * The deposit receipt (rapporto di versamento): which package holds which file, its SHA-256
 * fingerprint and size, when it was accepted. Receivers check the fingerprint against their copy.
 */
function depositReceipt(document: PreservedDocumentRow, at: Date): string {
  const digest = createHash('sha256').update(document.originalDocument, 'utf8').digest('base64');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<RapportoVersamento xmlns="urn:fiscus:sandbox:conservazione:1">',
    `  <IdentificativoPacchetto>${escapeXml(document.preservedObjectId ?? '')}</IdentificativoPacchetto>`,
    `  <DataOraVersamento>${at.toISOString()}</DataOraVersamento>`,
    `  <Soggetto>${escapeXml(document.fiscalId ?? '')}</Soggetto>`,
    '  <Documento>',
    `    <IdDocumento>${document.uuid}</IdDocumento>`,
    `    <TipoDocumento>${escapeXml(document.documentType)}</TipoDocumento>`,
    `    <NomeFile>${escapeXml(document.originalFilename)}</NomeFile>`,
    `    <Impronta algoritmo="SHA-256">${digest}</Impronta>`,
    `    <Dimensione>${document.weight}</Dimensione>`,
    '  </Documento>',
    '  <Esito>POSITIVO</Esito>',
    '</RapportoVersamento>',
    '',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
