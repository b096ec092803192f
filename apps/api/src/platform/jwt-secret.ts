import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppConfig } from '../config.ts';

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept in DATA_DIR so tokens survive a
 * restart. An in-memory database gets a throwaway secret: nothing it signs can outlive it.
 */
export function resolveJwtSecret(
  config: Pick<AppConfig, 'jwtSecret' | 'dataDir' | 'databaseUrl'>,
): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl.startsWith('memory://')) return randomBytes(48).toString('base64url');
  const file = resolve(config.dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
