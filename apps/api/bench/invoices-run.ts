/**
 * `npm run bench:invoices -w apps/api`: seeds BENCH_INVOICES (default 1,000,000) invoices and
 * measures the Italian invoice routes on them. On PGlite it works in a throwaway DATA_DIR, so a
 * benchmark never fills the instance's own ./data; with DATABASE_URL it uses that server as is
 * (point it at a scratch database).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const count = process.env.BENCH_INVOICES ?? '1000000';
const scratch = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'fiscus-bench-'));
const env = { ...process.env, ...(scratch ? { DATA_DIR: scratch } : {}), LOG_LEVEL: 'silent' };

function run(script: string, args: string[] = []): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}

try {
  run('scripts/seed-invoices.ts', ['--count', count]);
  if (!process.exitCode) run('bench/invoices-bench.ts');
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
