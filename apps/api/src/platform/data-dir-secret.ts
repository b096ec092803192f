import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * A secret generated once and kept in `dataDir/fileName` (mode 0600), so what it signs or seals
 * survives a restart. Processes on other machines must be given the secret in their configuration.
 */
export function dataDirSecret(dataDir: string, fileName: string): string {
  const file = resolve(dataDir, fileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
