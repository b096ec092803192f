import type { PreservationStatus, PreservedDocumentRow } from '../../db/schema/index.ts';
import type { JobWorker } from '../../platform/jobs/job-queue.ts';

/** Order a document goes through in legal storage (conservazione): each step is one hand-off. */
export const PRESERVATION_STEPS: readonly PreservationStatus[] = [
  'to_be_stored',
  'sent',
  'sent_metadata',
  'stored',
];

/** Where the gateway reads and records a document's progress (the preserved_documents table). */
export type PreservationStore = {
  find(uuid: string): Promise<PreservedDocumentRow | undefined>;
  recordStep(
    uuid: string,
    step: {
      from: PreservationStatus;
      to: PreservationStatus;
      at: Date;
      preservedObjectId?: string;
      message?: string;
      receiptXml?: string;
    },
  ): Promise<PreservedDocumentRow | undefined>;
};

/** The legal-storage provider: accepts documents and reports their progress asynchronously. */
export interface PreservationGateway {
  /** Hands over a document already stored as `to_be_stored`; progress arrives through jobs. */
  submit(documentUuid: string): Promise<void>;
  /** Registers the jobs that move documents forward on this instance's worker. */
  registerJobs(worker: JobWorker): void;
}
