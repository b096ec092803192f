import type { JsonWebKey, KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webhookSigningKeys } from '../../db/schema/index.ts';
import type { Database } from '../db/database.ts';

const INSTANCE_KEY_ID = 'instance';

export type WebhookSigningKey = {
  /** RFC 7638 JWK thumbprint of the public key: stable, and derivable by receivers. */
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JsonWebKey;
  publicPem: string;
};

/**
 * The instance's webhook signing key: generated on first use and stored, so it survives restarts
 * and is shared by every process on the database. Concurrent first starts race on one row id;
 * the loser reads the winner's key.
 */
export async function loadWebhookSigningKey(db: Database): Promise<WebhookSigningKey> {
  const [existing] = await db
    .select()
    .from(webhookSigningKeys)
    .where(eq(webhookSigningKeys.id, INSTANCE_KEY_ID));
  if (existing) return toSigningKey(existing.privateKeyPem);

  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const publicKeyPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  await db
    .insert(webhookSigningKeys)
    .values({
      id: INSTANCE_KEY_ID,
      keyId: thumbprint(publicKey.export({ format: 'jwk' })),
      privateKeyPem,
      publicKeyPem,
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(webhookSigningKeys)
    .where(eq(webhookSigningKeys.id, INSTANCE_KEY_ID));
  if (!stored) throw new Error('webhook signing key not stored');
  return toSigningKey(stored.privateKeyPem);
}

function toSigningKey(privateKeyPem: string): WebhookSigningKey {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  const keyId = thumbprint(jwk);
  return {
    keyId,
    privateKey,
    publicKey,
    publicJwk: { ...jwk, kid: keyId, alg: 'EdDSA', use: 'sig' },
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/** RFC 7638: SHA-256 over the required members in lexicographic order, base64url. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical).digest('base64url');
}
