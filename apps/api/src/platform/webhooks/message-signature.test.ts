import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  verify,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  COVERED_COMPONENTS,
  contentDigest,
  signatureBase,
  signatureParamsValue,
  signMessage,
  signRequest,
  type MessageToSign,
} from './message-signature.ts';

// RFC 9421 (HTTP Message Signatures), Appendix B, copied from the RFC: the Ed25519 test key
// (B.1.4), the test request (B.2) and the example "Signing a Request Using ed25519" (B.2.6).
const TEST_KEY_ED25519 = {
  keyid: 'test-key-ed25519',
  privatePem: [
    '-----BEGIN PRIVATE KEY-----',
    'MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF',
    '-----END PRIVATE KEY-----',
  ].join('\n'),
  publicPem: [
    '-----BEGIN PUBLIC KEY-----',
    'MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=',
    '-----END PUBLIC KEY-----',
  ].join('\n'),
};

/** `POST /foo?param=Value&Pet=dog HTTP/1.1` with its header fields (body `{"hello": "world"}`). */
const TEST_REQUEST: MessageToSign = {
  method: 'POST',
  url: 'https://example.com/foo?param=Value&Pet=dog',
  headers: {
    Host: 'example.com',
    Date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'Content-Type': 'application/json',
    'Content-Digest':
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    'Content-Length': '18',
  },
};

const B26_COMPONENTS = ['date', '@method', '@path', '@authority', 'content-type', 'content-length'];
const B26_PARAMS = { created: 1618884473, keyid: 'test-key-ed25519' };

// The RFC prints these with RFC 8792 line wrapping; here unwrapped.
const B26_SIGNATURE_BASE = [
  '"date": Tue, 20 Apr 2021 02:07:55 GMT',
  '"@method": POST',
  '"@path": /foo',
  '"@authority": example.com',
  '"content-type": application/json',
  '"content-length": 18',
  '"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
].join('\n');
const B26_SIGNATURE_INPUT =
  'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"';
const B26_SIGNATURE =
  'sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:';

function base64Digest(algorithm: string, text: string): string {
  return createHash(algorithm).update(text).digest('base64');
}

function signatureBytes(header: string, label: string): Buffer {
  return Buffer.from(header.slice(`${label}=:`.length, -1), 'base64');
}

describe('RFC 9421 B.2.6, signing a request using ed25519', () => {
  it("the RFC's signature verifies over the RFC's signature base with the RFC's key", () => {
    const publicKey = createPublicKey(TEST_KEY_ED25519.publicPem);
    const signature = signatureBytes(B26_SIGNATURE, 'sig-b26');
    expect(verify(null, Buffer.from(B26_SIGNATURE_BASE), publicKey, signature)).toBe(true);
  });

  it("our signature base builder gives the RFC's base for the RFC's request", () => {
    const params = signatureParamsValue(B26_COMPONENTS, B26_PARAMS);
    expect(`sig-b26=${params}`).toBe(B26_SIGNATURE_INPUT);
    expect(signatureBase(TEST_REQUEST, B26_COMPONENTS, params)).toBe(B26_SIGNATURE_BASE);
  });

  it("our signer writes the RFC's Signature-Input and Signature (Ed25519 is deterministic)", () => {
    const signed = signMessage({
      message: TEST_REQUEST,
      components: B26_COMPONENTS,
      params: B26_PARAMS,
      label: 'sig-b26',
      privateKey: createPrivateKey(TEST_KEY_ED25519.privatePem),
    });
    expect(signed).toEqual({ 'signature-input': B26_SIGNATURE_INPUT, signature: B26_SIGNATURE });
  });

  it("the RFC's Content-Digest is the sha-512 of its body (RFC 9530)", () => {
    expect(TEST_REQUEST.headers['Content-Digest']).toBe(
      `sha-512=:${base64Digest('sha512', '{"hello": "world"}')}:`,
    );
  });
});

describe('webhook deliveries', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('are signed over method, target URI, Content-Digest and Content-Type, with alg ed25519', () => {
    const body = '{"hello":"world"}';
    const headers = signRequest({
      method: 'post',
      url: 'https://hooks.example.test/in?a=1',
      contentType: 'application/json',
      body,
      keyId: 'key-1',
      privateKey,
      created: 1_700_000_000,
    });
    expect(headers['content-digest']).toBe(contentDigest(body));
    expect(headers['content-digest']).toBe(`sha-256=:${base64Digest('sha256', body)}:`);
    const params = signatureParamsValue(COVERED_COMPONENTS, {
      created: 1_700_000_000,
      keyid: 'key-1',
      alg: 'ed25519',
    });
    expect(headers['signature-input']).toBe(
      'sig1=("@method" "@target-uri" "content-digest" "content-type");created=1700000000;keyid="key-1";alg="ed25519"',
    );
    const base = signatureBase(
      {
        method: 'POST',
        url: 'https://hooks.example.test/in?a=1',
        headers: {
          'Content-Digest': headers['content-digest'],
          'Content-Type': 'application/json',
        },
      },
      COVERED_COMPONENTS,
      params,
    );
    expect(
      verify(null, Buffer.from(base), publicKey, signatureBytes(headers.signature, 'sig1')),
    ).toBe(true);
  });
});
