import { and, eq, isNull } from 'drizzle-orm';
import { itTsSandboxDocuments, itTsSandboxFiles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TsDocument, TsFileOutcome, TsOperation } from './sistema-ts-gateway.ts';

/** A file the sandbox received, with what it decided once processed. */
export interface TsSandboxFile {
  protocol: string;
  ownerFiscalCode: string;
  operation: TsOperation;
  receivedAt: Date;
  documents: TsDocument[];
  outcome: TsFileOutcome | null;
}

/**
 * The Sistema TS sandbox's own memory: the files it received and the documents it accepted. Its
 * tables are the sandbox's, never the application's (a real Sistema TS keeps its own).
 */
export interface TsSandboxStore {
  /** Keeps a received file; false when the protocol is taken (the sandbox draws another). */
  receive(file: Omit<TsSandboxFile, 'outcome'>): Promise<boolean>;
  find(protocol: string): Promise<TsSandboxFile | undefined>;
  /**
   * Processes a file once: `decide` runs with the record of accepted documents (`accept` false
   * when the document was already accepted: a duplicate; `withdraw` false when it was not there)
   * and its outcome is kept; a second call returns the kept outcome.
   */
  process(
    protocol: string,
    decide: (file: TsSandboxFile, record: TsDocumentRecord) => Promise<TsFileOutcome>,
  ): Promise<TsFileOutcome | undefined>;
}

/** The documents Sistema TS holds, as a file's processing changes them. */
export interface TsDocumentRecord {
  accept(document: TsDocument): Promise<boolean>;
  withdraw(document: TsDocument): Promise<boolean>;
}

type StoredOutcome = Omit<TsFileOutcome, 'processedAt'> & { processedAt: string };

function outcomeOf(value: unknown): TsFileOutcome | null {
  if (value === null || typeof value !== 'object') return null;
  const stored = value as StoredOutcome;
  return { ...stored, processedAt: new Date(stored.processedAt) };
}

function fileOf(row: typeof itTsSandboxFiles.$inferSelect): TsSandboxFile {
  return {
    protocol: row.protocol,
    ownerFiscalCode: row.ownerFiscalCode,
    operation: row.operation === 'delete' ? 'delete' : 'insert',
    receivedAt: row.receivedAt,
    documents: row.documents as TsDocument[],
    outcome: outcomeOf(row.outcome),
  };
}

/** The store in the database: a file is processed under its row's lock, so once however many workers ask. */
export function databaseTsStore(db: Database): TsSandboxStore {
  return {
    async receive(file) {
      const rows = await db
        .insert(itTsSandboxFiles)
        .values({
          protocol: file.protocol,
          ownerFiscalCode: file.ownerFiscalCode,
          operation: file.operation,
          receivedAt: file.receivedAt,
          documents: file.documents,
        })
        .onConflictDoNothing()
        .returning({ protocol: itTsSandboxFiles.protocol });
      return rows.length === 1;
    },
    async find(protocol) {
      const [row] = await db
        .select()
        .from(itTsSandboxFiles)
        .where(eq(itTsSandboxFiles.protocol, protocol));
      return row ? fileOf(row) : undefined;
    },
    async process(protocol, decide) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(itTsSandboxFiles)
          .where(eq(itTsSandboxFiles.protocol, protocol))
          .for('update');
        if (!row) return undefined;
        const file = fileOf(row);
        if (file.outcome) return file.outcome;
        const outcome = await decide(file, {
          async accept(document) {
            const accepted = await tx
              .insert(itTsSandboxDocuments)
              .values({
                ownerFiscalCode: document.ownerFiscalCode,
                documentDate: document.documentDate,
                documentNumber: document.documentNumber,
                protocol,
              })
              .onConflictDoNothing()
              .returning({ protocol: itTsSandboxDocuments.protocol });
            return accepted.length === 1;
          },
          async withdraw(document) {
            const withdrawn = await tx
              .delete(itTsSandboxDocuments)
              .where(
                and(
                  eq(itTsSandboxDocuments.ownerFiscalCode, document.ownerFiscalCode),
                  eq(itTsSandboxDocuments.documentDate, document.documentDate),
                  eq(itTsSandboxDocuments.documentNumber, document.documentNumber),
                ),
              )
              .returning({ protocol: itTsSandboxDocuments.protocol });
            return withdrawn.length === 1;
          },
        });
        await tx
          .update(itTsSandboxFiles)
          .set({
            outcome: { ...outcome, processedAt: outcome.processedAt.toISOString() },
            processedAt: outcome.processedAt,
          })
          .where(and(eq(itTsSandboxFiles.protocol, protocol), isNull(itTsSandboxFiles.outcome)));
        return outcome;
      });
    },
  };
}

/** The store in memory, for tests of the sandbox alone. */
export function memoryTsStore(): TsSandboxStore {
  const files = new Map<string, TsSandboxFile>();
  const accepted = new Set<string>();
  return {
    async receive(file) {
      if (files.has(file.protocol)) return false;
      files.set(file.protocol, { ...file, outcome: null });
      return true;
    },
    async find(protocol) {
      return files.get(protocol);
    },
    async process(protocol, decide) {
      const file = files.get(protocol);
      if (!file) return undefined;
      if (file.outcome) return file.outcome;
      const keyOf = (document: TsDocument) =>
        `${document.ownerFiscalCode}|${document.documentDate}|${document.documentNumber}`;
      const outcome = await decide(file, {
        async accept(document) {
          if (accepted.has(keyOf(document))) return false;
          accepted.add(keyOf(document));
          return true;
        },
        async withdraw(document) {
          return accepted.delete(keyOf(document));
        },
      });
      file.outcome = outcome;
      return outcome;
    },
  };
}
