/*
 * PKCS#10 certification requests (RFC 2986) as KSeF takes them for its own certificates
 * (`docs/certyfikaty-KSeF.md` §3, `POST /certificates/enrollments`): DER, Base64 on the wire;
 * the key RSA 2048 (OID 1.2.840.113549.1.1.1) or EC on NIST P-256 (EC recommended); signed with
 * RSA PKCS#1 v1.5, RSASSA-PSS or ECDSA (RFC 3279) over SHA-1, SHA-256, SHA-384 or SHA-512; the
 * subject exactly the attributes `/certificates/enrollments/data` gave.
 *
 * `makeCsr` is the client's (ECDSA P-256 with SHA-256, or RSA PKCS#1 v1.5 with SHA-256);
 * `readCsr` is KSeF's check, naming what is wrong as KSeF's codes do: the format or the
 * signature (25004), the key (25010), the signature algorithm (25011). Node's crypto signs and
 * verifies; `der.ts` writes and reads the structures byte-exactly.
 */
import { constants, createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import {
  bitString,
  bitStringBytes,
  childrenOf,
  contextTag,
  DerError,
  derNull,
  element,
  expectConstructed,
  expectTag,
  oid,
  oidText,
  printableOrUtf8,
  readElement,
  readWhole,
  sequence,
  set,
  smallInteger,
  stringText,
  TAG,
  utf8String,
  type DerElement,
} from './der.ts';

/** The subject attributes KSeF puts in its certificates (`certyfikaty-KSeF.md` §2). */
export const SUBJECT_OIDS = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  givenName: '2.5.4.42',
  uniqueIdentifier: '2.5.4.45',
  organizationIdentifier: '2.5.4.97',
} as const;

export type SubjectField = keyof typeof SUBJECT_OIDS;

/** One attribute of a distinguished name: its type and its text. */
export type NameAttribute = { oid: string; value: string };

const PRINTABLE_TYPES: ReadonlySet<string> = new Set([
  SUBJECT_OIDS.countryName,
  SUBJECT_OIDS.serialNumber,
]);

/** A Name (RDNSequence), one attribute per RDN, in the order given. */
export function encodeName(attributes: readonly NameAttribute[]): Buffer {
  return sequence(
    ...attributes.map((attribute) =>
      set(
        sequence(
          oid(attribute.oid),
          PRINTABLE_TYPES.has(attribute.oid)
            ? printableOrUtf8(attribute.value)
            : utf8String(attribute.value),
        ),
      ),
    ),
  );
}

/** Every attribute of a Name, RDN by RDN. */
export function readName(name: DerElement): NameAttribute[] {
  const attributes: NameAttribute[] = [];
  for (const rdn of expectConstructed(name, TAG.sequence)) {
    const members = expectConstructed(rdn, TAG.set);
    if (members.length === 0) throw new DerError('Empty RDN');
    for (const member of members) {
      const [type, value, ...rest] = expectConstructed(member, TAG.sequence);
      if (!value || rest.length > 0) throw new DerError('Bad AttributeTypeAndValue');
      attributes.push({ oid: oidText(type), value: stringText(value) });
    }
  }
  return attributes;
}

/** The attributes as a sorted multiset key, to compare two names whatever their order. */
export function nameKey(attributes: readonly NameAttribute[]): string[] {
  return attributes.map((attribute) => `${attribute.oid}=${attribute.value}`).sort();
}

const OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsassaPss: '1.2.840.113549.1.1.10',
  mgf1: '1.2.840.113549.1.1.8',
  ecPublicKey: '1.2.840.10045.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

const HASHES: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

const RSA_PKCS1: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
};

const ECDSA: Readonly<Record<string, string>> = {
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

export type KsefKeyType = 'RSA 2048' | 'EC P-256';

/** KSeF's key rule: RSA of 2048 bits or EC on P-256; anything else is its 25010. */
export function ksefKeyType(key: KeyObject): KsefKeyType | undefined {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa' && details.modulusLength === 2048) return 'RSA 2048';
  if (key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1') return 'EC P-256';
  return undefined;
}

/**
 * A request for `subject` and the key pair's public half, signed with its private half:
 * ECDSA with SHA-256 (the signature DER, RFC 3279) for EC, RSA PKCS#1 v1.5 with SHA-256 for RSA.
 */
export function makeCsr(subject: readonly NameAttribute[], privateKey: KeyObject): Buffer {
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const info = sequence(
    smallInteger(0),
    encodeName(subject),
    spki,
    element(contextTag(0), Buffer.alloc(0)),
  );
  const ec = privateKey.asymmetricKeyType === 'ec';
  const algorithm = ec
    ? sequence(oid(OID.ecdsaWithSha256))
    : sequence(oid(OID.sha256WithRsa), derNull());
  const signature = sign('sha256', info, ec ? { key: privateKey, dsaEncoding: 'der' } : privateKey);
  return sequence(info, algorithm, bitString(signature));
}

export type CsrRefusal = 'format' | 'key' | 'algorithm';

export type ReadCsr =
  | {
      ok: true;
      subject: NameAttribute[];
      /** The subject Name exactly as requested (DER). */
      subjectDer: Buffer;
      /** The SubjectPublicKeyInfo exactly as requested (DER) and as a key. */
      publicKeyDer: Buffer;
      publicKey: KeyObject;
      keyType: KsefKeyType;
    }
  | { ok: false; refusal: CsrRefusal; detail: string };

type Verifier = { hash: string; options: (key: KeyObject) => Parameters<typeof verify>[2] };

/** RSASSA-PSS parameters (RFC 4055): the hash, MGF1 with the same hash, the salt length. */
function pssVerifier(parameters: DerElement | undefined): Verifier | string {
  let hash = 'sha1';
  let mgfHash = 'sha1';
  let saltLength = 20;
  const fields = parameters ? expectConstructed(parameters, TAG.sequence) : [];
  for (const field of fields) {
    const [inner] = childrenOf(field);
    if (field.tag === contextTag(0)) {
      const [hashOid] = expectConstructed(inner, TAG.sequence);
      hash = HASHES[oidText(hashOid)] ?? '';
    } else if (field.tag === contextTag(1)) {
      const [mgfOid, mgfParameters] = expectConstructed(inner, TAG.sequence);
      if (oidText(mgfOid) !== OID.mgf1) return 'RSASSA-PSS z funkcją MGF inną niż MGF1.';
      const [mgfHashOid] = expectConstructed(mgfParameters, TAG.sequence);
      mgfHash = HASHES[oidText(mgfHashOid)] ?? '';
    } else if (field.tag === contextTag(2)) {
      const value = expectTag(inner, TAG.integer).content;
      if (value.length > 2) return 'RSASSA-PSS z nieprawidłową długością soli.';
      saltLength = value.readUIntBE(0, value.length);
    } else if (field.tag === contextTag(3)) {
      const value = expectTag(inner, TAG.integer).content;
      if (value.length !== 1 || value[0] !== 1) return 'RSASSA-PSS z nieobsługiwanym trailerField.';
    } else {
      throw new DerError('Unknown RSASSA-PSS parameter');
    }
  }
  if (!hash) return 'RSASSA-PSS z niedozwoloną funkcją skrótu.';
  if (mgfHash !== hash) return 'RSASSA-PSS z funkcją skrótu MGF1 inną niż funkcja skrótu podpisu.';
  return {
    hash,
    options: (key) => ({ key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength }),
  };
}

/** How to verify a signature of this algorithm with this kind of key, or why KSeF refuses it. */
function verifierFor(algorithm: DerElement, keyType: KsefKeyType): Verifier | string {
  const [algorithmOid, parameters, ...rest] = expectConstructed(algorithm, TAG.sequence);
  if (rest.length > 0) throw new DerError('Bad AlgorithmIdentifier');
  const name = oidText(algorithmOid);
  if (keyType === 'EC P-256') {
    const hash = ECDSA[name];
    if (!hash)
      return `Algorytm ${name} nie jest dozwolony dla klucza EC (ECDSA z SHA-1/256/384/512).`;
    if (parameters) return 'Algorytm ECDSA nie przyjmuje parametrów.';
    return { hash, options: (key) => ({ key, dsaEncoding: 'der' }) };
  }
  if (name === OID.rsassaPss) return pssVerifier(parameters);
  const hash = RSA_PKCS1[name];
  if (!hash)
    return `Algorytm ${name} nie jest dozwolony dla klucza RSA (PKCS#1 v1.5 lub PSS z SHA-1/256/384/512).`;
  if (parameters && parameters.tag !== TAG.null) return 'Nieprawidłowe parametry algorytmu RSA.';
  return { hash, options: (key) => key };
}

/** Reads and verifies a request as KSeF does (DER bytes; the caller decodes the Base64). */
export function readCsr(der: Buffer): ReadCsr {
  let info: DerElement;
  let algorithm: DerElement;
  let signature: Buffer;
  let subjectElement: DerElement;
  let spkiElement: DerElement;
  try {
    const parts = expectConstructed(readWhole(der), TAG.sequence);
    if (parts.length !== 3) throw new DerError('A request has three parts');
    [info, algorithm] = parts as [DerElement, DerElement, DerElement];
    signature = bitStringBytes(parts[2]);
    const fields = expectConstructed(info, TAG.sequence);
    const version = expectTag(fields[0], TAG.integer).content;
    if (version.length !== 1 || version[0] !== 0) throw new DerError('Version is not 1 (0)');
    subjectElement = expectTag(fields[1], TAG.sequence);
    spkiElement = expectTag(fields[2], TAG.sequence);
    if (fields.length > 4 || (fields[3] && fields[3].tag !== contextTag(0))) {
      throw new DerError('Bad attributes');
    }
  } catch (error) {
    return {
      ok: false,
      refusal: 'format',
      detail: `CSR nie jest poprawnym PKCS#10 (DER): ${reason(error)}`,
    };
  }
  let subject: NameAttribute[];
  try {
    subject = readName(subjectElement);
  } catch (error) {
    return {
      ok: false,
      refusal: 'format',
      detail: `Nie można odczytać podmiotu CSR: ${reason(error)}`,
    };
  }
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: spkiElement.raw, format: 'der', type: 'spki' });
  } catch {
    return { ok: false, refusal: 'key', detail: 'Nie można odczytać klucza publicznego CSR.' };
  }
  const keyType = ksefKeyType(publicKey);
  if (!keyType) {
    const details = publicKey.asymmetricKeyDetails ?? {};
    return {
      ok: false,
      refusal: 'key',
      detail: `Klucz ${publicKey.asymmetricKeyType ?? '?'} ${String(details.modulusLength ?? details.namedCurve ?? '')}: dozwolone są RSA 2048 bitów i EC P-256.`,
    };
  }
  let verifier: Verifier | string;
  try {
    verifier = verifierFor(algorithm, keyType);
  } catch (error) {
    return {
      ok: false,
      refusal: 'format',
      detail: `Nieprawidłowy algorytm podpisu CSR: ${reason(error)}`,
    };
  }
  if (typeof verifier === 'string') return { ok: false, refusal: 'algorithm', detail: verifier };
  let valid = false;
  try {
    valid = verify(verifier.hash, info.raw, verifier.options(publicKey), signature);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, refusal: 'format', detail: 'Podpis CSR jest nieprawidłowy.' };
  return {
    ok: true,
    subject,
    subjectDer: Buffer.from(subjectElement.raw),
    publicKeyDer: Buffer.from(spkiElement.raw),
    publicKey,
    keyType,
  };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The subjectPublicKey bits of a SubjectPublicKeyInfo (for key identifiers). */
export function subjectPublicKeyBits(spki: Buffer): Buffer {
  const [, bits] = expectConstructed(readElement(spki), TAG.sequence);
  return bitStringBytes(bits);
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
export function keyIdentifier(spki: Buffer): Buffer {
  return createHash('sha1').update(subjectPublicKeyBits(spki)).digest();
}
