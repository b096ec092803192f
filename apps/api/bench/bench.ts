/**
 * API benchmark: `npm run bench -w apps/api`. For embedded PGlite (and PostgreSQL when
 * DATABASE_URL is set) it starts the real server on a free loopback port with a temporary
 * DATA_DIR, seeds the demo data plus 35 sub-accounts, then measures `GET /users/me` and a 30-row
 * sub-accounts list with 50 concurrent connections and prints p50/p95 latency and requests/s.
 * It prints figures only: it never fails on a slow result.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const SUB_ACCOUNTS = 35;
const apiDir = fileURLToPath(new URL('..', import.meta.url));

type Figures = {
  name: string;
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts (autocannon's 10 s), not HTTP answers. */
  errors: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy within 180 s');
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

function measure(name: string, url: string, token: string, accept: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let non2xx = 0;
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        headers: { authorization: `Bearer ${token}`, accept },
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          name,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          rps: result.requests.average,
          requests: times.length,
          non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== 200) non2xx += 1;
      times.push(responseTime);
    });
  });
}

async function benchTarget(label: string, databaseUrl: string | undefined): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscus-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SANDBOX: 'true',
    SEED_DEMO: 'true',
    LOGIN_RATE_LIMIT_MAX: '1000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', '--no-workers'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, child);
    const { token } = await json<{ token: string }>(
      await fetch(`${base}/api/common/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@demo.fiscus.test', password: 'Fiscus!demo1' }),
      }),
    );
    for (let i = 0; i < SUB_ACCOUNTS; i += 1) {
      await json(
        await fetch(`${base}/api/common/users/me/accounts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            email: `bench-${i}@demo.fiscus.test`,
            fiscal_id: `BNCH${String(i).padStart(4, '0')}`,
            fullname: `Bench sub-account ${i}`,
            password: 'bench-password',
          }),
        }),
      );
    }
    const list = await json<{ 'hydra:member': unknown[] }>(
      await fetch(`${base}/api/common/users/me/accounts?itemsPerPage=30`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
      }),
    );
    if (list['hydra:member'].length !== 30) throw new Error('the list page does not hold 30 rows');

    const results: Figures[] = [];
    results.push(
      await measure(
        `${label}  GET /users/me`,
        `${base}/api/common/users/me`,
        token,
        'application/json',
      ),
    );
    results.push(
      await measure(
        `${label}  GET /users/me/accounts (30 rows, ld+json)`,
        `${base}/api/common/users/me/accounts?itemsPerPage=30`,
        token,
        'application/ld+json',
      ),
    );
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway database on the DATABASE_URL server, so the benchmark never touches real data. */
async function withBenchDatabase<T>(
  serverUrl: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `fiscus_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

async function main(): Promise<void> {
  const figures: Figures[] = [];
  figures.push(...(await benchTarget('PGlite    ', undefined)));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && /^postgres(ql)?:\/\//.test(serverUrl)) {
    figures.push(...(await withBenchDatabase(serverUrl, (url) => benchTarget('PostgreSQL', url))));
  } else {
    console.log('DATABASE_URL not set: PostgreSQL figures skipped.');
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each\n`);
  console.log(
    `${'target / route'.padEnd(58)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'req/s'.padStart(9)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(58)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.rps.toFixed(0).padStart(9)} ${String(f.non2xx).padStart(8)} ${String(f.errors).padStart(7)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
