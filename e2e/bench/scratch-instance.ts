/**
 * The throwaway Fiscus instance the console benchmarks run against: invoices seeded by the API's
 * own seed script, then the real API serving the built console. PGlite lives in a temp DATA_DIR;
 * with DATABASE_URL that PostgreSQL server is used as is (point it at a scratch database: every
 * run adds its invoices). DATA_DIR is a temp folder in both cases, so the JWT secret and stored
 * files never land in the repository's ./data.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

export interface ScratchDatabase {
  kind: DatabaseKind;
  /** The database URL without its password, for the printed report. */
  label: string;
  /** DATA_DIR (always) and DATABASE_URL (PostgreSQL only) for the seed script and the server. */
  env: Record<string, string>;
  dispose: () => void;
}

export function scratchDatabase(databaseUrl: string | undefined): ScratchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscus-list-bench-'));
  const dispose = () => rmSync(dataDir, { recursive: true, force: true });
  if (!databaseUrl) {
    return { kind: 'PGlite', label: join(dataDir, 'pglite'), env: { DATA_DIR: dataDir }, dispose };
  }
  return {
    kind: 'PostgreSQL',
    label: databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'),
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    dispose,
  };
}

/** The built console (WEB_DIST_DIR, relative to the repository root, or apps/web/dist). */
export function builtConsoleDir(webDistDir: string | undefined): string {
  const dir = resolve(repoRoot, webDistDir ?? 'apps/web/dist');
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(
      `No built console in ${dir}: run \`npm run build\` first (or set WEB_DIST_DIR to a folder with index.html).`,
    );
  }
  return dir;
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
