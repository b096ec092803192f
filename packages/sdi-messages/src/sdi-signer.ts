import { createHash, createPrivateKey, createPublicKey, sign, X509Certificate } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { XmlC14NMode } from 'libxml2-wasm';
import { withParsedXml } from './safe-xml-parse.ts';
import { SdiMessageError } from './sdi-message-error.ts';
import {
  ENVELOPED_SIGNATURE,
  EXCLUSIVE_C14N,
  RSA_SHA256,
  SHA256,
  XMLDSIG_NAMESPACE,
} from './xmldsig-algorithms.ts';

/** Signs SDI messages with the sandbox SDI key, as SDI signs its receipts. */
export interface SdiSigner {
  /**
   * Adds an enveloped XMLDSig signature (RSA-SHA256, exclusive C14N) as the last child of the
   * root element, where MessaggiTypes puts `ds:Signature`.
   */
  sign(xml: string): string;
  /** The public key (SPKI PEM) that verifies what this signer signs. */
  readonly publicKeyPem: string;
  /** The certificate put in KeyInfo, when one was given. */
  readonly certificatePem?: string;
}

const dsNs = { ds: XMLDSIG_NAMESPACE };

function loadPrivateKey(privateKeyPem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch {
    throw new SdiMessageError(
      'unsupported-key',
      'The SDI signing key is not a readable private key',
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new SdiMessageError(
      'unsupported-key',
      `SDI signs with RSA keys; got a ${key.asymmetricKeyType ?? 'unknown'} key`,
    );
  }
  return key;
}

function base64FromBase64Url(value: string): string {
  return Buffer.from(value, 'base64url').toString('base64');
}

function keyInfoXml(publicKey: KeyObject, certificate: X509Certificate | undefined): string {
  if (certificate) {
    const der = certificate.raw.toString('base64');
    return `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`;
  }
  // Without a certificate the verifier still needs the key: XMLDSig's RSAKeyValue carries it.
  const jwk = publicKey.export({ format: 'jwk' });
  return (
    '<ds:KeyInfo><ds:KeyValue><ds:RSAKeyValue>' +
    `<ds:Modulus>${base64FromBase64Url(jwk.n ?? '')}</ds:Modulus>` +
    `<ds:Exponent>${base64FromBase64Url(jwk.e ?? '')}</ds:Exponent>` +
    '</ds:RSAKeyValue></ds:KeyValue></ds:KeyInfo>'
  );
}

const rootClosingTag = /<\/[^<>\s]+\s*>\s*$/;

/**
 * A signer for the sandbox SDI: `privateKeyPem` is the RSA key generated once for the instance,
 * `certificatePem` its (self-signed) certificate. With a certificate KeyInfo carries it as
 * X509Data, as real SDI receipts do; without one KeyInfo carries the RSA public key.
 */
export function createSdiSigner(privateKeyPem: string, certificatePem?: string): SdiSigner {
  const privateKey = loadPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  let certificate: X509Certificate | undefined;
  if (certificatePem !== undefined) {
    try {
      certificate = new X509Certificate(certificatePem);
    } catch {
      throw new SdiMessageError(
        'unsupported-key',
        'The SDI certificate is not a readable X.509 PEM',
      );
    }
    if (!certificate.checkPrivateKey(privateKey)) {
      throw new SdiMessageError('unsupported-key', 'The SDI certificate does not match the key');
    }
  }
  const keyInfo = keyInfoXml(publicKey, certificate);

  function signatureXml(digestValue: string, signatureValue: string): string {
    return (
      `<ds:Signature xmlns:ds="${XMLDSIG_NAMESPACE}" Id="Signature1"><ds:SignedInfo>` +
      `<ds:CanonicalizationMethod Algorithm="${EXCLUSIVE_C14N}"/>` +
      `<ds:SignatureMethod Algorithm="${RSA_SHA256}"/>` +
      '<ds:Reference URI=""><ds:Transforms>' +
      `<ds:Transform Algorithm="${ENVELOPED_SIGNATURE}"/>` +
      `<ds:Transform Algorithm="${EXCLUSIVE_C14N}"/>` +
      `</ds:Transforms><ds:DigestMethod Algorithm="${SHA256}"/>` +
      `<ds:DigestValue>${digestValue}</ds:DigestValue></ds:Reference></ds:SignedInfo>` +
      `<ds:SignatureValue>${signatureValue}</ds:SignatureValue>${keyInfo}</ds:Signature>`
    );
  }

  return {
    publicKeyPem,
    ...(certificatePem !== undefined ? { certificatePem } : {}),
    sign(xml: string): string {
      const closing = rootClosingTag.exec(xml);
      if (!closing) throw new SdiMessageError('invalid-input', 'Nothing to sign: no root element');
      const head = xml.slice(0, closing.index);
      const tail = xml.slice(closing.index);
      // The signature goes on its own line, indented like the other children of the root.
      const assemble = (digest: string, value: string): string =>
        `${head}  ${signatureXml(digest, value)}\n${tail}`;

      // Enveloped transform: the digest covers the document without the Signature element
      // (but with the whitespace around it), so it is computed on the final layout.
      const digest = withParsedXml(assemble('', ''), (document) => {
        const signatures = document.find('/*/ds:Signature', dsNs);
        if (signatures.length !== 1) {
          throw new SdiMessageError('invalid-input', 'The message is already signed');
        }
        signatures[0]?.remove();
        const canonical = document.canonicalizeToString({
          mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0,
        });
        return createHash('sha256').update(canonical, 'utf8').digest('base64');
      });
      const signedInfo = withParsedXml(assemble(digest, ''), (document) => {
        const node = document.get('/*/ds:Signature/ds:SignedInfo', dsNs);
        if (!node) throw new SdiMessageError('invalid-input', 'SignedInfo not found');
        return node.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
      });
      const value = sign('sha256', Buffer.from(signedInfo, 'utf8'), privateKey).toString('base64');
      return assemble(digest, value);
    },
  };
}
