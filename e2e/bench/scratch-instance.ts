/**
 * The throwaway Fiscus instance the console benchmarks run against: invoices seeded by the API's
 * own seed script, then the real API serving the built console. PGlite lives in a temp DATA_DIR.
 * With DATABASE_URL the benchmark creates a database of its own on that server, seeds it and
 * drops it at the end, so runs never add up and the server's database (a CI or development one)
 * is left as it was; only when the account may not create databases is DATABASE_URL used as is
 * (then point it at a scratch database: every run adds its invoices). DATA_DIR is a temp folder
 * in both cases, so the JWT secret and stored files never land in the repository's ./data.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

export interface ScratchDatabase {
  kind: DatabaseKind;
  /** Where the data is, without a password, for the printed report. */
  label: string;
  /** DATA_DIR (always) and DATABASE_URL (PostgreSQL only) for the seed script and the server. */
  env: Record<string, string>;
  /** Removes the temp folder and the throwaway PostgreSQL database; call once the API stopped. */
  dispose: () => Promise<void>;
}

const withoutPassword = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Runs one statement on the server of `url` over a connection of its own. */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's "insufficient privilege": the account may not create databases. */
const isPrivilegeError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42501';

export async function scratchDatabase(databaseUrl: string | undefined): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscus-list-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!databaseUrl) {
    return {
      kind: 'PGlite',
      label: join(dataDir, 'pglite'),
      env: { DATA_DIR: dataDir },
      dispose: () => Promise.resolve(removeDataDir()),
    };
  }
  // Lower case letters, digits and _ only: safe unquoted in CREATE and DROP DATABASE.
  const name = `fiscus_list_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await onServer(databaseUrl, `create database ${name}`);
  } catch (error) {
    if (!isPrivilegeError(error)) {
      removeDataDir();
      throw error;
    }
    console.warn(
      `${withoutPassword(databaseUrl)} may not create databases: benchmarking that database as is (its invoices add up run after run).`,
    );
    return {
      kind: 'PostgreSQL',
      label: withoutPassword(databaseUrl),
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      dispose: () => Promise.resolve(removeDataDir()),
    };
  }
  const scratchUrl = new URL(databaseUrl);
  scratchUrl.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    label: `${withoutPassword(scratchUrl.href)}, created for this run and dropped after it`,
    env: { DATA_DIR: dataDir, DATABASE_URL: scratchUrl.href },
    dispose: async () => {
      removeDataDir();
      // The API has stopped; a connection it left behind (a killed server) must not keep the
      // database alive.
      await onServer(
        databaseUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      await onServer(databaseUrl, `drop database if exists ${name}`);
    },
  };
}

export interface ConsoleCopy {
  /** The copy the API serves. */
  dir: string;
  /** The build it was copied from, for the printed report. */
  source: string;
  remove: () => void;
}

/**
 * A copy of the built console (WEB_DIST_DIR, relative to the repository root, or apps/web/dist),
 * taken before seeding: a rebuild during the minutes a run takes (`npm run build` in another
 * terminal) would otherwise change the assets between the cold and the warm visits, or serve a
 * half-written build. Source maps stay behind (the browser never asks for them here).
 */
export function copyBuiltConsole(webDistDir: string | undefined): ConsoleCopy {
  const source = resolve(repoRoot, webDistDir ?? 'apps/web/dist');
  if (!existsSync(join(source, 'index.html'))) {
    throw new Error(
      `No built console in ${source}: run \`npm run build\` first (or set WEB_DIST_DIR to a folder with index.html).`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'fiscus-list-bench-web-'));
  cpSync(source, dir, { recursive: true, filter: (path) => !path.endsWith('.map') });
  if (!existsSync(join(dir, 'index.html'))) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `${source} changed while it was copied (a build running?): run the bench again.`,
    );
  }
  return { dir, source, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs apps/api/scripts/seed-invoices.ts (it migrates and seeds the demo accounts first). */
export function seedInvoices(database: ScratchDatabase, count: number, owner: string): void {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/scripts/seed-invoices.ts',
      '--count',
      String(count),
      '--owner',
      owner,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...database.env, LOG_LEVEL: 'silent' },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    throw new Error(`seeding ${count} invoices failed (exit ${result.status ?? result.signal})`);
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** `preferred` when nothing listens there, else a port the system hands out. */
export async function freePort(preferred: number): Promise<number> {
  if (await isPortFree(preferred)) return preferred;
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface RunningApi {
  baseUrl: string;
  stop: () => Promise<void>;
}

const HEALTH_TIMEOUT_MS = 180_000;

/** Starts `apps/api/src/server.ts` as `npm start` would and waits for /api/health. */
export async function startApi(
  database: ScratchDatabase,
  port: number,
  webDistDir: string,
): Promise<RunningApi> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      WEB_DIST_DIR: webDistDir,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      // The benchmark logs in once per run; the default limit is no concern, but keep it out of the way.
      LOGIN_RATE_LIMIT_MAX: '10000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((done) => server.once('exit', () => done()));

  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(
        `the API exited with code ${server.exitCode} before it was healthy:\n${stderr}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(
    `the API did not answer ${baseUrl}/api/health within ${HEALTH_TIMEOUT_MS / 1000} s:\n${stderr}`,
  );
}
