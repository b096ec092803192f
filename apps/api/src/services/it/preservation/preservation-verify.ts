import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { preservedDocuments } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';

/** Stored documents one night checks at the most, those checked longest ago first. */
const BATCH = 2000;
const FINGERPRINT = /<Impronta algoritmo="SHA-256">([A-Za-z0-9+/=]{1,100})<\/Impronta>/;

/**
 * Preservation can be verified (issue 33): every night the stored files are hashed again and
 * compared with the SHA-256 fingerprint their deposit receipt (the package's index) recorded when
 * they were stored. The outcome is kept on the document (`verified_at`, `verification_failure`);
 * a mismatch is logged as an error. The files themselves cannot change once stored (a database
 * trigger refuses it, migration 0013): this catches what got past it, on disk or by hand.
 */
export class PreservationVerification {
  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async run(now: Date): Promise<{ checked: number; failed: number }> {
    const stored = await this.db
      .select({
        uuid: preservedDocuments.uuid,
        original: preservedDocuments.originalDocument,
        receipt: preservedDocuments.receiptXml,
      })
      .from(preservedDocuments)
      .where(eq(preservedDocuments.status, 'stored'))
      .orderBy(sql`${preservedDocuments.verifiedAt} asc nulls first`, asc(preservedDocuments.uuid))
      .limit(BATCH);
    let failed = 0;
    for (const document of stored) {
      const expected = FINGERPRINT.exec(document.receipt ?? '')?.[1];
      const actual = createHash('sha256').update(document.original, 'utf8').digest('base64');
      const failure = !expected
        ? 'The deposit receipt holds no SHA-256 fingerprint.'
        : expected !== actual
          ? `The stored file's SHA-256 (${actual}) is not the one its deposit receipt recorded (${expected}).`
          : null;
      if (failure) {
        failed += 1;
        this.logger.error({ document: document.uuid }, failure);
      }
      await this.db
        .update(preservedDocuments)
        .set({ verifiedAt: now, verificationFailure: failure })
        .where(
          and(eq(preservedDocuments.uuid, document.uuid), eq(preservedDocuments.status, 'stored')),
        );
    }
    return { checked: stored.length, failed };
  }
}
