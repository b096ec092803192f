import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../db/database.ts';

/** What pg-boss runs its SQL through (its `db` option): positional `$n` parameters, rows back. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * The executor over the database's own client, outside any transaction. pg-boss sends its schema
 * migrations and maintenance as several statements in one text without parameters: PGlite runs
 * those through `exec` (its `query` takes one statement), node-postgres through the simple
 * protocol of `query`.
 */
export function databaseExecutor(handle: DatabaseHandle): SqlExecutor {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === 'pglite') {
    const pglite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * The executor over a Drizzle database or transaction handle (the `tx` of
 * `db.transaction(async (tx) => …)`): what pg-boss writes through it commits or rolls back with
 * the rest of the transaction. One statement per call, as pg-boss's send and fetch are.
 */
export function drizzleExecutor(db: Database): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(positionalSql(text, values))) as {
        rows: Record<string, unknown>[];
      };
      return { rows: result.rows };
    },
  };
}

/** `$n` placeholders → a Drizzle SQL with each value bound as one parameter (arrays included). */
export function positionalSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}
