/*
 * The sandbox's keys, kept in `ksef_sandbox_keys` (one row per purpose) so that every API and
 * worker process uses the same ones: the first process that needs a key makes it and inserts
 * it with ON CONFLICT DO NOTHING, then everyone reads the row that won. A process keeps the rows
 * it read (they never change).
 *
 * - `encryption`: KSeF's RSA-2048 key pair, published by `/security/public-key-certificates`
 *   in a self-signed certificate, for KSeF tokens and the sessions' symmetric keys;
 * - `ca`: the sandbox CA, which issues the test certificates taxpayers sign with;
 * - `test-certificate:<NIP>`: a taxpayer's test company seal and its key.
 */
import type { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ksefSandboxKeys } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { certificateIdOf, certificateOf, publicKeyIdOf } from '../wire/ksef-crypto.ts';
import {
  caSubject,
  encryptionKeySubject,
  makeCertificate,
  newRsaKey,
  sealSubject,
  type KeyAndCertificate,
} from './certificates.ts';

const DAY_MS = 86_400_000;

export type SandboxKey = KeyAndCertificate & {
  certificate: X509Certificate;
  publicKeyId: string;
  certificateId: string;
};

export class SandboxKeys {
  private readonly kept = new Map<string, Promise<SandboxKey>>();

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /** KSeF's public-key pair (KsefTokenEncryption and SymmetricKeyEncryption). */
  encryption(): Promise<SandboxKey> {
    return this.ensure('encryption', async () => {
      const key = await newRsaKey();
      const now = this.clock();
      return {
        privateKeyPem: key.privateKeyPem,
        certificatePem: makeCertificate({
          subject: encryptionKeySubject(),
          publicKeyPem: key.publicKeyPem,
          privateKeyPem: key.privateKeyPem,
          validFrom: new Date(now.getTime() - DAY_MS),
          validTo: new Date(now.getTime() + 2 * 365 * DAY_MS),
          authority: false,
          usage: 'encryption',
        }),
      };
    });
  }

  /** The sandbox CA that issues test certificates. */
  authority(): Promise<SandboxKey> {
    return this.ensure('ca', async () => {
      const key = await newRsaKey();
      const now = this.clock();
      return {
        privateKeyPem: key.privateKeyPem,
        certificatePem: makeCertificate({
          subject: caSubject(),
          publicKeyPem: key.publicKeyPem,
          privateKeyPem: key.privateKeyPem,
          validFrom: new Date(now.getTime() - DAY_MS),
          validTo: new Date(now.getTime() + 10 * 365 * DAY_MS),
          authority: true,
          usage: 'ca',
        }),
      };
    });
  }

  /** The NIP's test company seal, issued by the sandbox CA (the first call issues it). */
  testCertificate(nip: string, companyName?: string): Promise<SandboxKey> {
    return this.ensure(`test-certificate:${nip}`, async () => {
      const [key, authority] = await Promise.all([newRsaKey(), this.authority()]);
      const now = this.clock();
      return {
        privateKeyPem: key.privateKeyPem,
        certificatePem: makeCertificate({
          subject: sealSubject(nip, companyName ?? `Podatnik NIP ${nip}`),
          publicKeyPem: key.publicKeyPem,
          issuer: authority,
          validFrom: new Date(now.getTime() - DAY_MS),
          validTo: new Date(now.getTime() + 2 * 365 * DAY_MS),
          authority: false,
          usage: 'signature',
        }),
      };
    });
  }

  private ensure(purpose: string, make: () => Promise<KeyAndCertificate>): Promise<SandboxKey> {
    let key = this.kept.get(purpose);
    if (!key) {
      key = this.readOrMake(purpose, make);
      // A failure (the database away) is not kept: the next call tries again.
      key.catch(() => this.kept.delete(purpose));
      this.kept.set(purpose, key);
    }
    return key;
  }

  private async readOrMake(
    purpose: string,
    make: () => Promise<KeyAndCertificate>,
  ): Promise<SandboxKey> {
    let row = await this.read(purpose);
    if (!row) {
      const made = await make();
      await this.db
        .insert(ksefSandboxKeys)
        .values({ purpose, ...made })
        .onConflictDoNothing({ target: ksefSandboxKeys.purpose });
      row = await this.read(purpose);
    }
    if (!row) throw new Error(`The KSeF sandbox key ${purpose} could not be stored`);
    const certificate = certificateOf(row.certificatePem);
    return {
      privateKeyPem: row.privateKeyPem,
      certificatePem: row.certificatePem,
      certificate,
      publicKeyId: publicKeyIdOf(certificate),
      certificateId: certificateIdOf(certificate),
    };
  }

  private async read(purpose: string): Promise<KeyAndCertificate | undefined> {
    const [row] = await this.db
      .select({
        privateKeyPem: ksefSandboxKeys.privateKeyPem,
        certificatePem: ksefSandboxKeys.certificatePem,
      })
      .from(ksefSandboxKeys)
      .where(eq(ksefSandboxKeys.purpose, purpose));
    return row;
  }
}
