import type { SqlExecutor } from './sql-executor.ts';

/**
 * Before pg-boss, jobs lived in our own `jobs` table. On start, the ones still waiting there
 * (pending, or running when their worker stopped) move into pg-boss in one transaction, with the
 * attempts they have left, so an upgrade loses no work. The table stays until a later migration
 * drops it.
 */
export async function adoptLegacyJobs(
  executor: SqlExecutor,
  schema: string,
  createQueues: (types: string[]) => Promise<void>,
): Promise<number> {
  const { rows } = await executor.executeSql(
    `SELECT DISTINCT type FROM jobs WHERE status IN ('pending', 'running')`,
  );
  const types = rows.map((row) => String(row.type));
  if (types.length === 0) return 0;
  await createQueues(types);
  await executor.executeSql(`
    BEGIN;
    WITH moved AS (
      DELETE FROM jobs WHERE status IN ('pending', 'running') RETURNING *
    )
    INSERT INTO ${schema}.job (name, data, start_after, retry_limit, retry_delay, retry_backoff,
      expire_in, dead_letter, singleton_key, policy)
    SELECT type, payload, run_at, GREATEST(max_attempts - attempts - 1, 0),
      GREATEST(round(backoff_ms / 1000.0), 1)::int, true, interval '5 minutes',
      'dead-letter.' || type, singleton_key, 'standard'
    FROM moved
    ON CONFLICT DO NOTHING;
    COMMIT;
  `);
  return types.length;
}
