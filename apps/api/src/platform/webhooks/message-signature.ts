import type { KeyObject } from 'node:crypto';
import { createHash, sign } from 'node:crypto';

/** Components every webhook signature covers (RFC 9421 §2): method, full URL, body digest, type. */
export const COVERED_COMPONENTS = [
  '@method',
  '@target-uri',
  'content-digest',
  'content-type',
] as const;
export const SIGNATURE_LABEL = 'sig1';

/** `Content-Digest` of a body, RFC 9530: `sha-256=:<base64>:`. */
export function contentDigest(body: Buffer | string): string {
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
}

export type SignedHeaders = {
  'content-digest': string;
  'signature-input': string;
  signature: string;
};

/**
 * Signs a request as RFC 9421 HTTP Message Signatures with Ed25519. The signature base is one
 * line per covered component, `"name": value`, then the `@signature-params` line; lines are joined
 * with LF and the base has no trailing newline (§2.5).
 */
export function signRequest(input: {
  method: string;
  url: string;
  contentType: string;
  body: Buffer | string;
  keyId: string;
  privateKey: KeyObject;
  /** Unix seconds; default now. */
  created?: number;
}): SignedHeaders {
  const digest = contentDigest(input.body);
  const created = input.created ?? Math.floor(Date.now() / 1000);
  const params = `(${COVERED_COMPONENTS.map((c) => `"${c}"`).join(' ')});created=${created};keyid="${input.keyId}";alg="ed25519"`;
  const values: Record<(typeof COVERED_COMPONENTS)[number], string> = {
    '@method': input.method.toUpperCase(),
    '@target-uri': input.url,
    'content-digest': digest,
    'content-type': input.contentType,
  };
  const base = [
    ...COVERED_COMPONENTS.map((component) => `"${component}": ${values[component]}`),
    `"@signature-params": ${params}`,
  ].join('\n');
  // Ed25519 signs the message itself; node takes `null` as the digest algorithm for it.
  const signature = sign(null, Buffer.from(base, 'utf8'), input.privateKey).toString('base64');
  return {
    'content-digest': digest,
    'signature-input': `${SIGNATURE_LABEL}=${params}`,
    signature: `${SIGNATURE_LABEL}=:${signature}:`,
  };
}
