import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index.ts';

export type DatabaseSchema = typeof schema;
/** The Drizzle database, whichever driver is behind it; repositories only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, DatabaseSchema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/**
 * Opens the store of record: `postgres://…` → node-postgres pool; `memory://` → in-memory PGlite
 * (tests); anything else is a folder for a persistent embedded PGlite.
 */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client losing its server connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db as Parameters<typeof migratePg>[0], { migrationsFolder });
      },
      close: () => pool.end(),
    };
  }
  if (!url.startsWith('memory://')) mkdirSync(url, { recursive: true });
  const client = await PGlite.create(url);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    },
    close: () => client.close(),
  };
}
