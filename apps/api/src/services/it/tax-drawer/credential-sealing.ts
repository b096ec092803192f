import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../../config.ts';
import type { FisconlineCredentials } from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import { dataDirSecret } from '../../../platform/data-dir-secret.ts';

/**
 * Fisconline credentials at rest: AES-256-GCM with a key derived (HKDF-SHA256) from
 * TAX_PORTAL_SECRET, a fresh 12-byte IV per seal and the registry's uuid as associated data, so a
 * sealed value copied onto another registry's row does not open. A value sealed under another
 * key, or altered, opens to undefined (the holder sets the credentials again).
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CredentialSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', secret, 'fiscus', 'tax-portal fisconline credentials v1', 32),
    );
  }

  seal(credentials: FisconlineCredentials, registryUuid: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(registryUuid, 'utf8'));
    const plain = JSON.stringify({
      codice_fiscale: credentials.codiceFiscale,
      password: credentials.password,
      pin: credentials.pin,
    });
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, registryUuid: string): FisconlineCredentials | undefined {
    const [version, iv, tag, body, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(registryUuid, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      const value = JSON.parse(plain) as Record<string, unknown>;
      const { codice_fiscale: codiceFiscale, password, pin } = value;
      if (typeof codiceFiscale !== 'string' || typeof password !== 'string') return undefined;
      if (typeof pin !== 'string') return undefined;
      return { codiceFiscale, password, pin };
    } catch {
      return undefined;
    }
  }
}

const MEMORY_SECRET = randomBytes(48).toString('base64url');

/** The secret this process last resolved (its app's), for the demo history made beside the app. */
let processSecret: string | undefined;

export function processTaxPortalSecret(): string | undefined {
  return processSecret;
}

/**
 * TAX_PORTAL_SECRET when set; otherwise a secret generated once and kept in DATA_DIR (as the JWT
 * secret is), so sealed credentials survive a restart. An in-memory database gets a throwaway one per process.
 */
export function resolveTaxPortalSecret(
  config: Pick<AppConfig, 'taxPortalSecret' | 'dataDir' | 'databaseUrl'>,
): string {
  processSecret = secretOf(config);
  return processSecret;
}

function secretOf(config: Pick<AppConfig, 'taxPortalSecret' | 'dataDir' | 'databaseUrl'>): string {
  if (config.taxPortalSecret) return config.taxPortalSecret;
  // One throwaway secret per process, so every composition of this process opens what another sealed.
  if (config.databaseUrl.startsWith('memory://')) return MEMORY_SECRET;
  return dataDirSecret(config.dataDir, 'tax-portal-secret');
}
