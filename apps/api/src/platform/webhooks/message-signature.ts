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

/** A request as a signature sees it: method, absolute URL and header fields. */
export interface MessageToSign {
  method: string;
  url: string;
  /** Header fields by name, any case. */
  headers: Readonly<Record<string, string>>;
}

/** The signature parameters we set (RFC 9421 §2.3), written in this order. */
export interface SignatureParameters {
  /** Unix seconds. */
  created: number;
  keyid: string;
  alg?: string;
}

/**
 * The value of one covered component (RFC 9421 §2): a derived component (§2.2) read from the
 * method or the URL, otherwise the header field of that name, its value trimmed (§2.1).
 */
export function componentValue(message: MessageToSign, component: string): string {
  const url = (): URL => new URL(message.url);
  switch (component) {
    case '@method':
      return message.method;
    case '@target-uri':
      return message.url;
    case '@authority':
      // URL.host is lowercase and leaves out the scheme's default port, as §2.2.3 asks.
      return url().host;
    case '@scheme':
      return url().protocol.slice(0, -1);
    case '@path':
      return url().pathname || '/';
    case '@query':
      return url().search || '?';
    default: {
      if (component.startsWith('@')) throw new Error(`Unsupported derived component ${component}`);
      const name = Object.keys(message.headers).find((key) => key.toLowerCase() === component);
      if (name === undefined) throw new Error(`The message has no ${component} field to sign`);
      return (message.headers[name] ?? '').trim();
    }
  }
}

/** The `@signature-params` value: the covered components, then the parameters (§2.3). */
export function signatureParamsValue(
  components: readonly string[],
  params: SignatureParameters,
): string {
  const alg = params.alg === undefined ? '' : `;alg="${params.alg}"`;
  const list = components.map((component) => `"${component}"`).join(' ');
  return `(${list});created=${params.created};keyid="${params.keyid}"${alg}`;
}

/**
 * The signature base (RFC 9421 §2.5): one line per covered component, `"name": value`, then
 * the `@signature-params` line; lines are joined with LF and the base has no trailing newline.
 */
export function signatureBase(
  message: MessageToSign,
  components: readonly string[],
  paramsValue: string,
): string {
  return [
    ...components.map((component) => `"${component}": ${componentValue(message, component)}`),
    `"@signature-params": ${paramsValue}`,
  ].join('\n');
}

export interface MessageSignature {
  'signature-input': string;
  signature: string;
}

/** Signs `components` of `message` with an Ed25519 key, under `label` (RFC 9421 §3.1). */
export function signMessage(input: {
  message: MessageToSign;
  components: readonly string[];
  params: SignatureParameters;
  label: string;
  privateKey: KeyObject;
}): MessageSignature {
  const paramsValue = signatureParamsValue(input.components, input.params);
  const base = signatureBase(input.message, input.components, paramsValue);
  // Ed25519 signs the message itself; node takes `null` as the digest algorithm for it.
  const signature = sign(null, Buffer.from(base, 'utf8'), input.privateKey).toString('base64');
  return {
    'signature-input': `${input.label}=${paramsValue}`,
    signature: `${input.label}=:${signature}:`,
  };
}

export type SignedHeaders = MessageSignature & { 'content-digest': string };

/**
 * Signs a webhook delivery as RFC 9421 HTTP Message Signatures with Ed25519, covering
 * COVERED_COMPONENTS, with `created`, `keyid` and `alg="ed25519"`.
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
  const signed = signMessage({
    message: {
      method: input.method.toUpperCase(),
      url: input.url,
      headers: { 'content-digest': digest, 'content-type': input.contentType },
    },
    components: COVERED_COMPONENTS,
    params: {
      created: input.created ?? Math.floor(Date.now() / 1000),
      keyid: input.keyId,
      alg: 'ed25519',
    },
    label: SIGNATURE_LABEL,
    privateKey: input.privateKey,
  });
  return { 'content-digest': digest, ...signed };
}
