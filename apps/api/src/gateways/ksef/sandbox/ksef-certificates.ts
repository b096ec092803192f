/*
 * KSeF certificates (`docs/certyfikaty-KSeF.md`, `/certificates/*`): the authenticated subject
 * (a NIP, PESEL or fingerprint, not the context) asks for certificates of type Authentication
 * or Offline (KOD II, `docs/kody-qr.md`) with a PKCS#10 request whose subject is exactly what
 * `/certificates/enrollments/data` read from the certificate it authenticated with.
 *
 * - Only a subject authenticated with a signature (XAdES) may read that data (else 25001) or
 *   ask (25002); a KSeF token's holder may check limits, statuses, list and retrieve the
 *   certificates of the token's owner (the context NIP in the sandbox).
 * - The request is judged on receipt: format and signature (25004), key RSA 2048 / EC P-256
 *   (25010), signature algorithm (25011), subject (25003), limits (25006 requests, 25007 active
 *   certificates; per subject: NIP 300 and 100, PESEL and fingerprint 12 and 6, as
 *   `docs/limity/limity.md`). A key another subject already holds a certificate for is refused
 *   in the enrollment's status (400), as KSeF does.
 * - The certificate is issued at once but shown `certificateDelayMs` later (status 100 until
 *   then): valid two years from `validFrom` (default: now), serial 16 hex digits.
 * - `Offline` certificates cannot authenticate; `Authentication` ones can (XAdES, RSA only in
 *   the sandbox), as KSeF's own certificates (method InternalCertificate).
 */
import { createHash, type X509Certificate } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { ksefSandboxCertificates } from '../../../db/schema/index.ts';
import type {
  CertificateEnrollmentDataResponse,
  CertificateEnrollmentStatusResponse,
  CertificateLimitsResponse,
  CertificateListItem,
  CertificateStatus,
  CertificateSubjectIdentifier,
  EnrollCertificateResponse,
  KsefCertificateType,
  QueryCertificatesResponse,
  RetrieveCertificatesResponse,
} from '../wire/api-types.ts';
import { nameKey, readCsr, SUBJECT_OIDS, type NameAttribute } from '../wire/pkcs10.ts';
import type { AccessContext } from './auth.ts';
import {
  ENROLLMENT_STATUS,
  gone,
  ksefException,
  KsefForbiddenError,
  type ExceptionName,
} from './codes.ts';
import { plusMs, type SandboxDeps } from './context.ts';
import { issueKsefCertificate, newSerialNumber } from './ksef-ca.ts';
import { isReference, newReference } from './references.ts';
import { BodyReader } from './request-body.ts';

export const CERTIFICATE_TYPES: readonly KsefCertificateType[] = ['Authentication', 'Offline'];
const CERTIFICATE_STATUSES: readonly CertificateStatus[] = [
  'Active',
  'Blocked',
  'Revoked',
  'Expired',
];

/** Requests and active certificates per subject (`docs/limity/limity.md`). */
export const CERTIFICATE_LIMITS: Readonly<
  Record<CertificateSubjectIdentifier['type'], { enrollments: number; certificates: number }>
> = {
  Nip: { enrollments: 300, certificates: 100 },
  Pesel: { enrollments: 12, certificates: 6 },
  Fingerprint: { enrollments: 12, certificates: 6 },
};

/** KSeF's certificates are valid two years (its examples: 2025-08-24 to 2027-08-24). */
const VALIDITY_YEARS = 2;
/** An enrollment's status is kept 30 days, then 410. */
const STATUS_KEPT_MS = 30 * 86_400_000;
/** A `validFrom` this far in the past is the client's clock, not a wish. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** How far ahead `validFrom` may be asked (the sandbox's own bound). */
const MAX_VALID_FROM_AHEAD_MS = 365 * 86_400_000;
const SERIAL = /^[0-9A-F]{16}$/;
const CERTIFICATE_NAME = /^[\w\- ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_CSR_BYTES = 16 * 1024;

/** Which enrollment data field each subject attribute is. */
const DATA_FIELDS: readonly [string, keyof CertificateEnrollmentDataResponse][] = [
  [SUBJECT_OIDS.commonName, 'commonName'],
  [SUBJECT_OIDS.countryName, 'countryName'],
  [SUBJECT_OIDS.givenName, 'givenName'],
  [SUBJECT_OIDS.surname, 'surname'],
  [SUBJECT_OIDS.serialNumber, 'serialNumber'],
  [SUBJECT_OIDS.uniqueIdentifier, 'uniqueIdentifier'],
  [SUBJECT_OIDS.organizationName, 'organizationName'],
  [SUBJECT_OIDS.organizationIdentifier, 'organizationIdentifier'],
];

const ENROLLMENT_OIDS: ReadonlySet<string> = new Set(Object.values(SUBJECT_OIDS));

/** The attributes of a signer's certificate that go into KSeF certificates, in order. */
export function enrollmentAttributes(subject: readonly NameAttribute[]): NameAttribute[] {
  return subject.filter((attribute) => ENROLLMENT_OIDS.has(attribute.oid));
}

/**
 * givenName may repeat; the enrollment data gives the names as one text (the OpenAPI's field
 * is a string): a request may carry them either way.
 */
function givenNamesJoined(attributes: readonly NameAttribute[]): NameAttribute[] {
  const given = attributes.filter((attribute) => attribute.oid === SUBJECT_OIDS.givenName);
  if (given.length < 2) return [...attributes];
  return [
    ...attributes.filter((attribute) => attribute.oid !== SUBJECT_OIDS.givenName),
    { oid: SUBJECT_OIDS.givenName, value: given.map((attribute) => attribute.value).join(' ') },
  ];
}

type CertificateRow = typeof ksefSandboxCertificates.$inferSelect;

const CSR_CODES: Readonly<Record<'format' | 'key' | 'algorithm', ExceptionName>> = {
  format: 'csrInvalid',
  key: 'csrKey',
  algorithm: 'csrAlgorithm',
};

function strictBase64(text: string): Buffer | undefined {
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

function plusYears(instant: Date, years: number): Date {
  const next = new Date(instant.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function wholeSeconds(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / 1000) * 1000);
}

/** A KSeF certificate the sandbox issued, found by the certificate itself (auth uses it). */
export async function internalCertificate(
  deps: SandboxDeps,
  certificate: X509Certificate,
): Promise<{ type: KsefCertificateType; revoked: boolean } | undefined> {
  const serial = certificate.serialNumber.toUpperCase();
  if (!SERIAL.test(serial)) return undefined;
  const [row] = await deps.db
    .select({
      type: ksefSandboxCertificates.type,
      certificate: ksefSandboxCertificates.certificate,
      revokedAt: ksefSandboxCertificates.revokedAt,
    })
    .from(ksefSandboxCertificates)
    .where(eq(ksefSandboxCertificates.serialNumber, serial));
  if (!row?.certificate || !Buffer.from(row.certificate).equals(certificate.raw)) return undefined;
  return { type: row.type as KsefCertificateType, revoked: row.revokedAt !== null };
}

export class KsefCertificates {
  constructor(
    private readonly deps: SandboxDeps,
    private readonly delayMs: number,
  ) {}

  private ownerIs(access: AccessContext) {
    return and(
      eq(ksefSandboxCertificates.ownerType, access.subject.type),
      eq(ksefSandboxCertificates.ownerValue, access.subject.value),
    );
  }

  private async counts(
    access: AccessContext,
    now: Date,
    db: Pick<SandboxDeps['db'], 'select'> = this.deps.db,
  ): Promise<{ enrollments: number; certificates: number }> {
    const [enrollments] = await db
      .select({ value: count() })
      .from(ksefSandboxCertificates)
      .where(this.ownerIs(access));
    const [certificates] = await db
      .select({ value: count() })
      .from(ksefSandboxCertificates)
      .where(
        and(
          this.ownerIs(access),
          isNotNull(ksefSandboxCertificates.serialNumber),
          isNull(ksefSandboxCertificates.revokedAt),
          gt(ksefSandboxCertificates.validTo, now),
        ),
      );
    return { enrollments: enrollments?.value ?? 0, certificates: certificates?.value ?? 0 };
  }

  /** GET /certificates/limits. */
  async limits(access: AccessContext): Promise<CertificateLimitsResponse> {
    const limit = CERTIFICATE_LIMITS[access.subject.type];
    const used = await this.counts(access, this.deps.clock());
    const enrollment = {
      limit: limit.enrollments,
      remaining: Math.max(0, limit.enrollments - used.enrollments),
    };
    const certificate = {
      limit: limit.certificates,
      remaining: Math.max(0, limit.certificates - used.certificates),
    };
    return {
      canRequest:
        access.certificateSubject !== null && enrollment.remaining > 0 && certificate.remaining > 0,
      enrollment,
      certificate,
    };
  }

  /** GET /certificates/enrollments/data: the signer's certificate subject; 25001 for a token. */
  enrollmentData(access: AccessContext): CertificateEnrollmentDataResponse {
    if (!access.certificateSubject) {
      throw ksefException('enrollmentDataForbidden', [
        `Uwierzytelnienie metodą ${access.method} nie pozwala pobrać danych do wniosku; wymagany jest podpis (XAdES).`,
      ]);
    }
    const data: CertificateEnrollmentDataResponse = { commonName: '', countryName: '' };
    for (const [oid, field] of DATA_FIELDS) {
      const values = access.certificateSubject
        .filter((attribute) => attribute.oid === oid)
        .map((attribute) => attribute.value);
      if (values.length > 0) data[field] = values.join(' ');
    }
    return data;
  }

  /** POST /certificates/enrollments. */
  async enroll(access: AccessContext, body: unknown): Promise<EnrollCertificateResponse> {
    const now = this.deps.clock();
    const reader = new BodyReader(body);
    const name = reader.string('certificateName', { min: 5, max: 100 });
    const type = reader.oneOf('certificateType', CERTIFICATE_TYPES);
    const csrText = reader.string('csr', { min: 1 });
    const validFromText = reader.optionalString('validFrom');
    if (name && !CERTIFICATE_NAME.test(name)) {
      reader.refuse("Pole 'certificateName' może zawierać tylko litery, cyfry, spacje, '_' i '-'.");
    }
    const csr = strictBase64(csrText);
    if (csrText && !csr) reader.refuse("Pole 'csr' musi być poprawnym ciągiem Base64.");
    if (csr && csr.length > MAX_CSR_BYTES) {
      reader.refuse(`Pole 'csr' może mieć co najwyżej ${MAX_CSR_BYTES} bajtów.`);
    }
    let validFrom = now;
    if (validFromText !== undefined) {
      const asked = new Date(validFromText);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(validFromText) || Number.isNaN(asked.getTime())) {
        reader.refuse("Pole 'validFrom' musi być datą i czasem (ISO 8601).");
      } else if (asked.getTime() < now.getTime() - CLOCK_SKEW_MS) {
        reader.refuse("Pole 'validFrom' nie może wskazywać przeszłości.");
      } else if (asked.getTime() > now.getTime() + MAX_VALID_FROM_AHEAD_MS) {
        reader.refuse("Pole 'validFrom' może wskazywać najwyżej rok naprzód.");
      } else if (asked > now) {
        validFrom = asked;
      }
    }
    reader.done();
    if (!access.certificateSubject) {
      throw ksefException('enrollmentForbidden', [
        `Uwierzytelnienie metodą ${access.method} nie pozwala złożyć wniosku; wymagany jest podpis (XAdES).`,
      ]);
    }
    const read = readCsr(csr ?? Buffer.alloc(0));
    if (!read.ok) throw ksefException(CSR_CODES[read.refusal], [read.detail]);
    const expected = nameKey(givenNamesJoined(access.certificateSubject));
    const requested = nameKey(givenNamesJoined(read.subject));
    const missing = expected.filter((entry) => !requested.includes(entry));
    const extra = requested.filter((entry) => !expected.includes(entry));
    if (missing.length > 0 || extra.length > 0 || expected.length !== requested.length) {
      throw ksefException('csrSubjectMismatch', [
        ...(missing.length > 0 ? [`Brakujące atrybuty: ${missing.join(', ')}.`] : []),
        ...(extra.length > 0 ? [`Nadmiarowe lub zmienione atrybuty: ${extra.join(', ')}.`] : []),
        ...(missing.length === 0 && extra.length === 0
          ? ['Atrybuty podmiotu powtarzają się inaczej niż w danych do wniosku.']
          : []),
      ]);
    }
    const publicKeyHash = createHash('sha256').update(read.publicKeyDer).digest('hex');
    const authority = await this.deps.keys.authority();
    const referenceNumber = newReference('EH', now);
    const from = wholeSeconds(validFrom);
    const to = plusYears(from, VALIDITY_YEARS);
    const commonName =
      read.subject.find((attribute) => attribute.oid === SUBJECT_OIDS.commonName)?.value ?? '';
    const limit = CERTIFICATE_LIMITS[access.subject.type];
    await this.deps.db.transaction(async (tx) => {
      // One subject's requests one at a time (its limits), across processes.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ksef-sandbox-certificates:${access.subject.type}:${access.subject.value}`}, 0))`,
      );
      const used = await this.counts(access, now, tx);
      if (used.enrollments >= limit.enrollments) {
        throw ksefException('enrollmentLimit', [`Limit wniosków: ${limit.enrollments}.`]);
      }
      if (used.certificates >= limit.certificates) {
        throw ksefException('certificateLimit', [`Limit certyfikatów: ${limit.certificates}.`]);
      }
      const [heldByAnother] = await tx
        .select({ referenceNumber: ksefSandboxCertificates.referenceNumber })
        .from(ksefSandboxCertificates)
        .where(
          and(
            eq(ksefSandboxCertificates.publicKeyHash, publicKeyHash),
            isNotNull(ksefSandboxCertificates.serialNumber),
            sql`(${ksefSandboxCertificates.ownerType}, ${ksefSandboxCertificates.ownerValue}) <> (${access.subject.type}, ${access.subject.value})`,
          ),
        )
        .limit(1);
      const common = {
        referenceNumber,
        ownerType: access.subject.type,
        ownerValue: access.subject.value,
        contextNip: access.nip,
        name,
        type,
        commonName,
        publicKeyHash,
        requestDate: now,
        dueAt: plusMs(now, this.delayMs),
      };
      if (heldByAnother) {
        await tx.insert(ksefSandboxCertificates).values({
          ...common,
          statusCode: ENROLLMENT_STATUS.rejected[0],
          statusDescription: ENROLLMENT_STATUS.rejected[1],
          statusDetails: ['Klucz publiczny został już certyfikowany przez inny podmiot.'],
        });
        return;
      }
      const serialNumber = newSerialNumber();
      const certificate = issueKsefCertificate({
        type,
        serialNumber,
        subjectDer: read.subjectDer,
        publicKeyDer: read.publicKeyDer,
        validFrom: from,
        validTo: to,
        issuer: authority,
      });
      await tx.insert(ksefSandboxCertificates).values({
        ...common,
        statusCode: ENROLLMENT_STATUS.issued[0],
        statusDescription: ENROLLMENT_STATUS.issued[1],
        serialNumber,
        certificate,
        validFrom: from,
        validTo: to,
      });
    });
    return { referenceNumber, timestamp: now.toISOString() };
  }

  /** GET /certificates/enrollments/{referenceNumber}: 100 until due, then 200 or 400. */
  async enrollmentStatus(
    access: AccessContext,
    referenceNumber: string,
  ): Promise<CertificateEnrollmentStatusResponse> {
    if (!isReference(referenceNumber)) {
      throw ksefException('validation', ['referenceNumber ma nieprawidłowy format.']);
    }
    const now = this.deps.clock();
    const [row] = await this.deps.db
      .select()
      .from(ksefSandboxCertificates)
      .where(
        and(eq(ksefSandboxCertificates.referenceNumber, referenceNumber), this.ownerIs(access)),
      );
    if (!row) throw ksefException('enrollmentNotFound', [referenceNumber]);
    if (now.getTime() - row.requestDate.getTime() > STATUS_KEPT_MS) throw gone();
    if (row.dueAt > now) {
      const [code, description] = ENROLLMENT_STATUS.accepted;
      return { requestDate: row.requestDate.toISOString(), status: { code, description } };
    }
    const details = row.statusDetails as string[];
    return {
      requestDate: row.requestDate.toISOString(),
      status: {
        code: row.statusCode,
        description: row.statusDescription,
        ...(details.length > 0 ? { details } : {}),
      },
      ...(row.serialNumber ? { certificateSerialNumber: row.serialNumber } : {}),
    };
  }

  /** POST /certificates/retrieve: the subject's issued certificates among those asked for. */
  async retrieve(access: AccessContext, body: unknown): Promise<RetrieveCertificatesResponse> {
    const reader = new BodyReader(body);
    const serials = reader.listWhere('certificateSerialNumbers', (value) => SERIAL.test(value));
    if (!reader.has('certificateSerialNumbers')) {
      reader.refuse("Pole 'certificateSerialNumbers' jest wymagane (lista).");
    } else if (serials.length < 1 || serials.length > 10) {
      reader.refuse("Pole 'certificateSerialNumbers' musi mieć od 1 do 10 numerów.");
    }
    reader.done();
    const rows = await this.issued(access, this.deps.clock());
    const wanted = new Set(serials);
    return {
      certificates: rows
        .filter((row) => wanted.has(row.serialNumber ?? ''))
        .map((row) => ({
          certificate: Buffer.from(row.certificate ?? []).toString('base64'),
          certificateName: row.name,
          certificateSerialNumber: row.serialNumber ?? '',
          certificateType: row.type as KsefCertificateType,
        })),
    };
  }

  /** The subject's certificates shown by now (issued and due), newest request first. */
  private issued(access: AccessContext, now: Date): Promise<CertificateRow[]> {
    return this.deps.db
      .select()
      .from(ksefSandboxCertificates)
      .where(
        and(
          this.ownerIs(access),
          isNotNull(ksefSandboxCertificates.serialNumber),
          lte(ksefSandboxCertificates.dueAt, now),
        ),
      )
      .orderBy(
        desc(ksefSandboxCertificates.requestDate),
        desc(ksefSandboxCertificates.referenceNumber),
      );
  }

  private statusOf(row: CertificateRow, now: Date): CertificateStatus {
    if (row.revokedAt) return 'Revoked';
    if (row.validTo && row.validTo <= now) return 'Expired';
    return 'Active';
  }

  /** POST /certificates/query (pageSize 10-50, pageOffset from 0; newest request first). */
  async query(
    access: AccessContext,
    body: unknown,
    paging: { pageSize?: number; pageOffset?: number },
  ): Promise<QueryCertificatesResponse> {
    const pageSize = paging.pageSize ?? 10;
    const pageOffset = paging.pageOffset ?? 0;
    const reader = new BodyReader(body ?? {});
    const serial = reader.optionalString('certificateSerialNumber');
    const name = reader.optionalString('name');
    const type = reader.optionalOneOf('type', CERTIFICATE_TYPES);
    const status = reader.optionalOneOf('status', CERTIFICATE_STATUSES);
    const expiresAfterText = reader.optionalString('expiresAfter');
    if (serial !== undefined && !SERIAL.test(serial)) {
      reader.refuse("Pole 'certificateSerialNumber' musi mieć 16 cyfr szesnastkowych (0-9, A-F).");
    }
    const expiresAfter = expiresAfterText === undefined ? undefined : new Date(expiresAfterText);
    if (expiresAfter && Number.isNaN(expiresAfter.getTime())) {
      reader.refuse("Pole 'expiresAfter' musi być datą i czasem (ISO 8601).");
    }
    if (!Number.isSafeInteger(pageSize) || pageSize < 10 || pageSize > 50) {
      reader.refuse('pageSize musi wynosić od 10 do 50.');
    }
    if (!Number.isSafeInteger(pageOffset) || pageOffset < 0) {
      reader.refuse('pageOffset musi być liczbą nieujemną.');
    }
    reader.done();
    const now = this.deps.clock();
    const needle = name?.toLowerCase();
    const matching = (await this.issued(access, now)).filter(
      (row) =>
        (serial === undefined || row.serialNumber === serial) &&
        (needle === undefined || row.name.toLowerCase().includes(needle)) &&
        (type === undefined || row.type === type) &&
        (status === undefined || this.statusOf(row, now) === status) &&
        (expiresAfter === undefined || (row.validTo !== null && row.validTo > expiresAfter)),
    );
    const start = pageOffset * pageSize;
    const page = matching.slice(start, start + pageSize);
    return {
      hasMore: start + pageSize < matching.length,
      certificates: page.map((row): CertificateListItem => ({
        certificateSerialNumber: row.serialNumber ?? '',
        name: row.name,
        type: row.type as KsefCertificateType,
        commonName: row.commonName,
        status: this.statusOf(row, now),
        subjectIdentifier: {
          type: row.ownerType as CertificateSubjectIdentifier['type'],
          value: row.ownerValue,
        },
        validFrom: (row.validFrom ?? row.requestDate).toISOString(),
        validTo: (row.validTo ?? row.requestDate).toISOString(),
        lastUseDate: null,
        requestDate: row.requestDate.toISOString(),
      })),
    };
  }

  /** POST /certificates/{serial}/revoke: the subject's own, not with a KSeF token. */
  async revoke(access: AccessContext, serialNumber: string, body: unknown): Promise<void> {
    const reader = new BodyReader(body ?? {});
    reader.optionalOneOf('revocationReason', ['Unspecified', 'Superseded', 'KeyCompromise']);
    if (!SERIAL.test(serialNumber)) {
      reader.refuse('Numer seryjny musi mieć 16 cyfr szesnastkowych (0-9, A-F).');
    }
    reader.done();
    if (!access.certificateSubject) {
      throw new KsefForbiddenError(
        'insufficient-resource-access',
        'Operacja nie jest dostępna dla podmiotu uwierzytelnionego tokenem KSeF.',
      );
    }
    const now = this.deps.clock();
    const [row] = await this.deps.db
      .select()
      .from(ksefSandboxCertificates)
      .where(
        and(
          eq(ksefSandboxCertificates.serialNumber, serialNumber),
          lte(ksefSandboxCertificates.dueAt, now),
          this.ownerIs(access),
        ),
      );
    if (!row) throw ksefException('certificateNotFound', [serialNumber]);
    if (this.statusOf(row, now) !== 'Active') {
      throw ksefException('certificateNotRevocable', [serialNumber]);
    }
    const revoked = await this.deps.db
      .update(ksefSandboxCertificates)
      .set({ revokedAt: now })
      .where(
        and(
          eq(ksefSandboxCertificates.referenceNumber, row.referenceNumber),
          isNull(ksefSandboxCertificates.revokedAt),
        ),
      )
      .returning({ referenceNumber: ksefSandboxCertificates.referenceNumber });
    if (revoked.length === 0) throw ksefException('certificateNotRevocable', [serialNumber]);
  }
}
