import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { platformIds, serviceIds } from '@fiscus/contracts';
import type { PlatformId, ServiceId } from '@fiscus/contracts';

/** The monorepo root: `npm start` runs from there, so relative paths (DATA_DIR) resolve against it. */
export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  let dir = from;
  while (dirname(dir) !== dir) {
    if (existsSync(resolve(dir, 'package-lock.json'))) return dir;
    dir = dirname(dir);
  }
  return resolve(from, '../../..');
}

export type WorkersMode = 'embedded' | 'only' | 'none';

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** `memory://` (tests), a folder path for embedded PGlite, or a `postgres://` URL. */
  databaseUrl: string;
  /** Unset: generated once and persisted in DATA_DIR (or random per process for memory DBs). */
  jwtSecret: string | undefined;
  /** TAX_PORTAL_SECRET: seals stored Fisconline credentials; unset, generated once like jwtSecret. */
  taxPortalSecret: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  bodyLimit: number;
  sandbox: boolean;
  sandboxDelayMs: number;
  /** The sandbox KSeF's timings and the offline cut-off (Europe/Warsaw HH:mm). */
  ksef: { numberDelayMs: number; upoDelayMs: number; offlineCutoff: string };
  /** Start the Peppol engine's worker thread (and warm it) when the API starts. */
  peppolEnginePrestart: boolean;
  sandboxPaTermsMs: number;
  logLevel: string;
  /** Requests slower than this, and event-loop stalls longer than that, are logged as warnings. */
  slowWork: { slowRequestMs: number; blockedLoopMs: number };
  workers: WorkersMode;
  serviceUrls: Record<ServiceId, string>;
  platformKeys: Record<PlatformId, string>;
  webhookAllowPrivate: boolean;
  /** Total deadline of one webhook delivery (connect and the whole response). */
  webhookTimeoutMs: number;
  /** Trust X-Forwarded-* (client IP for logs and the login rate limit) only behind a known proxy. */
  trustProxy: boolean;
  /** `max` login attempts per IP and email, `ipMax` per IP across emails, in each window. */
  loginRateLimit: { max: number; ipMax: number; timeWindowMs: number };
  /** Password-reset requests: `max` per address, `ipMax` per IP, in each window. */
  resetRateLimit: { max: number; ipMax: number; timeWindowMs: number };
  webDistDir: string;
  seedDemo: boolean;
  /**
   * SEED_DEMO_HISTORY (default: SEED_DEMO): the server's first start also makes the demo account's
   * year of invoices (services/demo). Only `server.ts` runs it, never an app built by a test.
   */
  seedDemoHistory: boolean;
  version: string;
};

const booleanEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?|memory):\/\//, 'must be postgres://… or memory://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TAX_PORTAL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be smtp://… or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fiscus <no-reply@fiscus.test>'),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  SANDBOX: booleanEnv.default(true),
  SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  // The Peppol engine's worker loads and compiles the official rules at start (about 1.4 s of a
  // core, off the event loop), so the first document checked is answered at once.
  PEPPOL_ENGINE_PRESTART: booleanEnv.default(true),
  // SDI's terms for a public administration (15 days to accept or refuse, 10 days to reach an
  // unreachable office), on the sandbox's clock: one minute a day by default.
  SANDBOX_PA_TERMS_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  // The sandbox KSeF's timings: an invoice's KSeF number (KSeF: within minutes) and its UPO
  // (KSeF: up to two hours) after it is sent.
  KSEF_NUMBER_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  KSEF_UPO_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  // Europe/Warsaw HH:mm: an invoice of today KSeF has not received by then is issued offline.
  KSEF_OFFLINE_CUTOFF: z
    .string()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/)
    .default('23:30'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(2_000),
  BLOCKED_LOOP_MS: z.coerce.number().int().min(1).default(500),
  WORKERS: z.enum(['embedded', 'only', 'none']).default('embedded'),
  PLATFORM_KEYS: z.string().optional(),
  // Unset: allowed on a sandbox (a developer points webhooks at their own machine), refused otherwise.
  WEBHOOK_ALLOW_PRIVATE: booleanEnv.optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRUST_PROXY: booleanEnv.default(false),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // One address trying many emails (credential stuffing); an office behind one NAT logs in far less.
  LOGIN_IP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  // Each reset request mails someone: few per address, a few more per client, per hour.
  RESET_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  RESET_IP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  RESET_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60_000),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  SEED_DEMO: booleanEnv.optional(),
  SEED_DEMO_HISTORY: booleanEnv.optional(),
  ...Object.fromEntries(
    serviceIds.map((id) => [`SERVICE_URL_${id.toUpperCase()}`, z.string().min(1).optional()]),
  ),
});

const platformKeysSchema = z.partialRecord(z.enum(platformIds), z.string().min(1)).optional();

export class ConfigError extends Error {}

/**
 * Reads every setting from the environment (and `--workers-only` / `--no-workers` flags).
 * Throws ConfigError listing each bad variable, so a typo stops the start instead of being ignored.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = [],
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data as z.infer<typeof envSchema> & Record<string, string | undefined>;

  let platformKeyOverrides: Partial<Record<PlatformId, string>> = {};
  if (e.PLATFORM_KEYS) {
    let json: unknown;
    try {
      json = JSON.parse(e.PLATFORM_KEYS);
    } catch {
      throw new ConfigError('Invalid environment:\n  PLATFORM_KEYS: must be a JSON object');
    }
    const keys = platformKeysSchema.safeParse(json);
    if (!keys.success) {
      throw new ConfigError(
        `Invalid environment:\n  PLATFORM_KEYS: ${keys.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join(', ')}`,
      );
    }
    platformKeyOverrides = keys.data ?? {};
  }

  let workers: WorkersMode = e.WORKERS;
  if (argv.includes('--workers-only')) workers = 'only';
  if (argv.includes('--no-workers')) workers = 'none';

  const dataDir = resolveFromRoot(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? resolve(dataDir, 'pglite');
  const port = e.PORT;

  return {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl,
    jwtSecret: e.JWT_SECRET,
    taxPortalSecret: e.TAX_PORTAL_SECRET,
    publicUrl: withoutTrailingSlashes(e.PUBLIC_URL ?? `http://localhost:${port}`),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT,
    sandbox: e.SANDBOX,
    sandboxDelayMs: e.SANDBOX_DELAY_MS,
    peppolEnginePrestart: e.PEPPOL_ENGINE_PRESTART,
    sandboxPaTermsMs: e.SANDBOX_PA_TERMS_MS,
    ksef: {
      numberDelayMs: e.KSEF_NUMBER_DELAY_MS,
      upoDelayMs: e.KSEF_UPO_DELAY_MS,
      offlineCutoff: e.KSEF_OFFLINE_CUTOFF,
    },
    logLevel: e.LOG_LEVEL,
    slowWork: { slowRequestMs: e.SLOW_REQUEST_MS, blockedLoopMs: e.BLOCKED_LOOP_MS },
    workers,
    serviceUrls: Object.fromEntries(
      serviceIds.map((id) => [id, e[`SERVICE_URL_${id.toUpperCase()}`] ?? `/api/${id}`]),
    ) as Record<ServiceId, string>,
    platformKeys: Object.fromEntries(
      platformIds.map((id) => [id, platformKeyOverrides[id] ?? id]),
    ) as Record<PlatformId, string>,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? e.SANDBOX,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: {
      max: e.LOGIN_RATE_LIMIT_MAX,
      ipMax: e.LOGIN_IP_RATE_LIMIT_MAX,
      timeWindowMs: e.LOGIN_RATE_LIMIT_WINDOW_MS,
    },
    resetRateLimit: {
      max: e.RESET_RATE_LIMIT_MAX,
      ipMax: e.RESET_IP_RATE_LIMIT_MAX,
      timeWindowMs: e.RESET_RATE_LIMIT_WINDOW_MS,
    },
    webDistDir: resolveFromRoot(e.WEB_DIST_DIR),
    seedDemo: e.SEED_DEMO ?? e.SANDBOX,
    seedDemoHistory: (e.SEED_DEMO ?? e.SANDBOX) && (e.SEED_DEMO_HISTORY ?? true),
    version: readVersion(),
  };
}

function resolveFromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'apps/api/package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '0.0.0';
}

/** `https://host/base//` → `https://host/base` (a linear scan: no regex on configured text). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/**
 * The configuration of this process's environment and arguments; a bad setting is printed and
 * ends the process with EX_CONFIG (78), as `npm start` and the server both do.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
