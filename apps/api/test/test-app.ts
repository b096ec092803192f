import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { loadConfig } from '../src/config.ts';
import type { NewUserRow, StoredRoles, UserRow } from '../src/db/schema/index.ts';
import { users } from '../src/db/schema/index.ts';
import type { Database, DatabaseHandle } from '../src/platform/db/database.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { hashPassword } from '../src/platform/passwords.ts';

export const TEST_PASSWORD = 'Correct-Horse-1';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing!';

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created on that server and dropped by `drop()`.
 */
export async function createTestDatabase(): Promise<{
  handle: DatabaseHandle;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || serverUrl.startsWith('memory://')) {
    const handle = await openDatabase('memory://');
    return { handle, drop: () => handle.close() };
  }
  const name = `fiscus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  return {
    handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Config of a test app: sandbox, no demo seed, silent, throwaway DATA_DIR, no built console. */
export function testConfig(env: Record<string, string> = {}): {
  config: AppConfig;
  dataDir: string;
} {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscus-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    JWT_SECRET: TEST_JWT_SECRET,
    SANDBOX: 'true',
    SEED_DEMO: 'false',
    // Each test file's app would warm its own Peppol engine: only the ones that need it do.
    PEPPOL_ENGINE_PRESTART: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-console'),
    PUBLIC_URL: 'https://console.fiscus.test',
    LOGIN_RATE_LIMIT_MAX: '1000',
    LOGIN_IP_RATE_LIMIT_MAX: '100000',
    RESET_RATE_LIMIT_MAX: '1000',
    RESET_IP_RATE_LIMIT_MAX: '100000',
    ...env,
  });
  return { config, dataDir };
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  /** Creates an account (password TEST_PASSWORD unless given) and returns its row and a token. */
  createUser(
    values?: Partial<NewUserRow> & { roles?: StoredRoles },
  ): Promise<{ user: UserRow; token: string }>;
  /** `app.inject` with a bearer token (and optional headers). */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

let passwordHash: Promise<string> | undefined;

/** Builds the real app in-process on a fresh database; call close() in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestApp> {
  const { handle, drop } = await createTestDatabase();
  const { config, dataDir } = testConfig(env);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: handle, logger: false, ...options });
  } catch (error) {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  passwordHash ??= hashPassword(TEST_PASSWORD);

  return {
    app,
    db: handle.db,
    config,
    createUser: async (values = {}) => {
      const [user] = await handle.db
        .insert(users)
        .values({
          email: `user-${randomUUID()}@example.test`,
          passwordHash: await passwordHash!,
          roles: { common: ['ROLE_USER'] },
          ...values,
        })
        .returning();
      if (!user) throw new Error('test user not created');
      return { user, token: app.signToken(user) };
    },
    request: ({ token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      }),
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
