import { sql } from 'drizzle-orm';
import { itAdeSandboxCounters } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db/database.ts';

/** The next progressive of a fiscal id's Europe/Rome day (1 the first). */
export interface AdeDocumentCounter {
  next(fiscalId: string, day: string): Promise<number>;
}

/** Counters in the database: one statement, so processes sending at once never share a number. */
export function databaseCounter(db: Database): AdeDocumentCounter {
  return {
    async next(fiscalId, day) {
      const [row] = await db
        .insert(itAdeSandboxCounters)
        .values({ fiscalId, day, last: 1 })
        .onConflictDoUpdate({
          target: [itAdeSandboxCounters.fiscalId, itAdeSandboxCounters.day],
          set: { last: sql`${itAdeSandboxCounters.last} + 1` },
        })
        .returning({ last: itAdeSandboxCounters.last });
      if (!row) throw new Error('the sandbox counter returned no row');
      return row.last;
    },
  };
}

/** Counters in memory, for tests of the sandbox alone. */
export function memoryCounter(): AdeDocumentCounter {
  const counters = new Map<string, number>();
  return {
    async next(fiscalId, day) {
      const key = `${fiscalId}|${day}`;
      const next = (counters.get(key) ?? 0) + 1;
      counters.set(key, next);
      return next;
    },
  };
}
