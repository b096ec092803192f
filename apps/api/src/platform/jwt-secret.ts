import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { dataDirSecret } from './data-dir-secret.ts';

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept in DATA_DIR so tokens survive a
 * restart. An in-memory database gets a throwaway secret: nothing it signs can outlive it.
 */
export function resolveJwtSecret(
  config: Pick<AppConfig, 'jwtSecret' | 'dataDir' | 'databaseUrl'>,
): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl.startsWith('memory://')) return randomBytes(48).toString('base64url');
  return dataDirSecret(config.dataDir, 'jwt-secret');
}
