/*
 * Online sessions (`docs/sesja-interaktywna.md`, `/sessions/online…`, `/sessions/{ref}…`): a
 * session is opened for one form (FA (3) or FA (2), schema 1-0E) with a symmetric key wrapped in
 * KSeF's public key; invoices come AES-encrypted with their hashes and sizes; closing it starts
 * its UPO. A session belongs to its context NIP: any access token of that context may use it.
 *
 * Checked on receipt, refused with 400 and nothing kept: the body's shape (21405), the encrypted
 * file's size and hash (21402, 21403), then, decrypted, the invoice's (same codes), the session
 * (21173 unknown, 21180 not open), the limit of invoices (21155). A file that does not decrypt is
 * kept as rejected (435). Everything else is judged later (`processing.ts`).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { ksefSandboxInvoices, ksefSandboxSessions } from '../../../db/schema/index.ts';
import type {
  InvoiceStatusInfo,
  OpenOnlineSessionResponse,
  SendInvoiceResponse,
  SessionInvoiceStatusResponse,
  SessionStatusResponse,
  TokenPermissionType,
} from '../wire/api-types.ts';
import { aesDecrypt, decodeBase64, rsaOaepDecrypt, sha256Base64 } from '../wire/ksef-crypto.ts';
import type { AccessContext } from './auth.ts';
import {
  INVOICE_ACCEPTED,
  INVOICE_PROCESSING,
  KsefForbiddenError,
  SESSION_STATUS,
  invoiceStatusDescription,
  ksefException,
  unavailable,
} from './codes.ts';
import { plusMs, type SandboxDeps } from './context.ts';
import { invoiceFacts } from './invoice-facts.ts';
import type { InvoiceProcessing, InvoiceRow, SessionRow } from './processing.ts';
import { derivedReference, newReference } from './references.ts';
import { BodyReader } from './request-body.ts';
import { NEVER, scriptedSlow } from './scripted.ts';

/** The forms an online session takes (the OpenAPI's list, FA only). */
const FORMS: readonly { systemCode: string; schemaVersion: string; value: string }[] = [
  { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
  { systemCode: 'FA (2)', schemaVersion: '1-0E', value: 'FA' },
];

/** Invoices in one session at most (`docs/faktury/weryfikacja-faktury.md`). */
const MAX_INVOICES_PER_SESSION = 10_000;
/** An invoice with an attachment is at most 3 MB (`docs/limity`): its encrypted form a block more. */
export const MAX_INVOICE_BYTES = 3_000_000;
/** How long an UPO download link of a status answer is said to work. */
const UPO_LINK_TTL_MS = 3 * 86_400_000;

const WRITERS = ['InvoiceWrite'] as const;
const READERS_OF_SESSIONS = ['InvoiceWrite', 'Introspection'] as const;

/** 403 unless the caller holds one of the permissions. */
export function requireAnyOf(
  access: AccessContext,
  permissions: readonly TokenPermissionType[],
): void {
  if (permissions.some((permission) => access.permissions.includes(permission))) return;
  throw new KsefForbiddenError(
    'missing-permissions',
    'Brak wymaganych uprawnień do wykonania operacji w bieżącym kontekście.',
    { requiredAnyOfPermissions: [...permissions], presentPermissions: access.permissions },
  );
}

function sessionNotFound(referenceNumber: string) {
  return ksefException('sessionNotFound', [
    `Sesja o numerze referencyjnym ${referenceNumber} nie została znaleziona.`,
  ]);
}

export class OnlineSessions {
  constructor(
    private readonly deps: SandboxDeps,
    private readonly processing: InvoiceProcessing,
  ) {}

  private now(): Date {
    return this.deps.clock();
  }

  /** POST /sessions/online. */
  async open(access: AccessContext, body: unknown): Promise<OpenOnlineSessionResponse> {
    requireAnyOf(access, WRITERS);
    const reader = new BodyReader(body);
    const formCode = reader.object('formCode');
    const systemCode = formCode?.string('systemCode') ?? '';
    const schemaVersion = formCode?.string('schemaVersion') ?? '';
    const value = formCode?.string('value') ?? '';
    const encryption = reader.object('encryption');
    const encryptedSymmetricKey = encryption?.string('encryptedSymmetricKey', { min: 1 }) ?? '';
    const initializationVector = encryption?.string('initializationVector', { min: 1 }) ?? '';
    const publicKeyId = encryption?.optionalString('publicKeyId', { min: 44, max: 44 });
    reader.done();
    const form = FORMS.find(
      (candidate) =>
        candidate.systemCode === systemCode &&
        candidate.schemaVersion === schemaVersion &&
        candidate.value === value,
    );
    if (!form) throw ksefException('validation', ['Wskazany kod formularza nie jest wspierany.']);
    if (decodeBase64(initializationVector)?.byteLength !== 16) {
      throw ksefException('validation', ['Wektor inicjalizujący musi mieć 16 bajtów (Base64).']);
    }
    if (!decodeBase64(encryptedSymmetricKey)) {
      throw ksefException('validation', ['Zaszyfrowany klucz symetryczny nie jest w Base64.']);
    }
    if (this.deps.unavailableNips.has(access.nip)) throw unavailable(access.nip);
    const key = await this.deps.keys.encryption();
    if (publicKeyId !== undefined && publicKeyId !== key.publicKeyId) {
      throw ksefException('unknownKey', [
        `Klucz o identyfikatorze ${publicKeyId} nie jest wspierany.`,
      ]);
    }
    // A key KSeF cannot unwrap makes a session that takes no invoice (415), as in KSeF.
    const status = this.symmetricKey(key.privateKeyPem, encryptedSymmetricKey)
      ? SESSION_STATUS.open
      : SESSION_STATUS.keyDecryption;
    const now = this.now();
    const referenceNumber = newReference('SO', now);
    const validUntil = plusMs(now, this.deps.timings.sessionValidityMs);
    await this.deps.db.insert(ksefSandboxSessions).values({
      referenceNumber,
      contextNip: access.nip,
      authReference: access.authReference,
      formCode: form,
      encryptedSymmetricKey,
      initializationVector,
      statusCode: status[0],
      statusDescription: status[1],
      validUntil,
      createdAt: now,
    });
    return { referenceNumber, validUntil: validUntil.toISOString() };
  }

  private symmetricKey(privateKeyPem: string, encrypted: string): Buffer | undefined {
    try {
      const key = rsaOaepDecrypt(privateKeyPem, encrypted);
      return key.byteLength === 32 ? key : undefined;
    } catch {
      return undefined;
    }
  }

  /** The caller's session (21173 when it is another context's or none), brought up to date. */
  private async sessionOf(access: AccessContext, referenceNumber: string): Promise<SessionRow> {
    const session = await this.processing.session(referenceNumber);
    if (!session || session.contextNip !== access.nip) throw sessionNotFound(referenceNumber);
    return this.processing.refreshSession(session, this.now());
  }

  /** POST /sessions/online/{referenceNumber}/invoices. */
  async send(
    access: AccessContext,
    referenceNumber: string,
    body: unknown,
  ): Promise<SendInvoiceResponse> {
    requireAnyOf(access, WRITERS);
    const reader = new BodyReader(body);
    const invoiceHash = reader.string('invoiceHash', { min: 44, max: 44 });
    const invoiceSize = reader.integer('invoiceSize', { min: 1 });
    const encryptedInvoiceHash = reader.string('encryptedInvoiceHash', { min: 44, max: 44 });
    const encryptedInvoiceSize = reader.integer('encryptedInvoiceSize', { min: 1 });
    const encryptedContent = reader.string('encryptedInvoiceContent', { min: 1 });
    const offlineMode = reader.optionalBoolean('offlineMode') ?? false;
    const hashOfCorrectedInvoice = reader.optionalString('hashOfCorrectedInvoice', {
      min: 44,
      max: 44,
    });
    const encrypted = decodeBase64(encryptedContent);
    if (!encrypted) reader.refuse("Pole 'encryptedInvoiceContent' nie jest w Base64.");
    reader.done();
    if (!encrypted) throw ksefException('validation');

    const session = await this.sessionOf(access, referenceNumber);
    if (this.deps.unavailableNips.has(access.nip)) throw unavailable(access.nip);
    if (session.statusCode !== SESSION_STATUS.open[0]) {
      throw ksefException('sessionStatus', [
        `Status sesji ${session.statusCode} uniemożliwia wysyłkę faktur.`,
      ]);
    }
    if (encrypted.byteLength !== encryptedInvoiceSize) {
      throw ksefException('fileSize', ['Długość treści nie zgadza się z rozmiarem pliku.']);
    }
    if (sha256Base64(encrypted) !== encryptedInvoiceHash) {
      throw ksefException('fileHash', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    }
    if (invoiceSize > MAX_INVOICE_BYTES) {
      throw ksefException('fileSize', [`Faktura jest większa niż ${MAX_INVOICE_BYTES} bajtów.`]);
    }
    const key = await this.deps.keys.encryption();
    const symmetricKey = this.symmetricKey(key.privateKeyPem, session.encryptedSymmetricKey);
    let xml: Buffer | undefined;
    try {
      xml = symmetricKey
        ? aesDecrypt(
            { key: symmetricKey, iv: Buffer.from(session.initializationVector, 'base64') },
            encrypted,
          )
        : undefined;
    } catch {
      xml = undefined;
    }
    if (xml && xml.byteLength !== invoiceSize) {
      throw ksefException('fileSize', ['Długość treści nie zgadza się z rozmiarem pliku.']);
    }
    if (xml && sha256Base64(xml) !== invoiceHash) {
      throw ksefException('fileHash', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    }
    if (hashOfCorrectedInvoice) await this.checkTechnicalCorrection(access, hashOfCorrectedInvoice);
    const facts = xml ? invoiceFacts(xml) : undefined;
    const now = this.now();
    const invoiceReference = newReference('EE', now);
    const processingStatus = xml ? INVOICE_PROCESSING : 435;
    await this.deps.db.transaction(async (tx) => {
      // The session's row lock orders its invoices (ordinal numbers) across processes.
      const [locked] = await tx
        .select({ statusCode: ksefSandboxSessions.statusCode })
        .from(ksefSandboxSessions)
        .where(eq(ksefSandboxSessions.referenceNumber, session.referenceNumber))
        .for('update');
      if (locked?.statusCode !== SESSION_STATUS.open[0]) {
        throw ksefException('sessionStatus', [
          `Status sesji ${locked?.statusCode ?? '-'} uniemożliwia wysyłkę faktur.`,
        ]);
      }
      const [sent] = await tx
        .select({ value: count() })
        .from(ksefSandboxInvoices)
        .where(eq(ksefSandboxInvoices.sessionReference, session.referenceNumber));
      const ordinal = (sent?.value ?? 0) + 1;
      if (ordinal > MAX_INVOICES_PER_SESSION) {
        throw ksefException('sessionInvoiceLimit', [
          `Sesja o numerze referencyjnym ${session.referenceNumber} osiągnęła dozwolony limit liczby faktur ${MAX_INVOICES_PER_SESSION}.`,
        ]);
      }
      await tx.insert(ksefSandboxInvoices).values({
        referenceNumber: invoiceReference,
        sessionReference: session.referenceNumber,
        ordinalNumber: ordinal,
        sellerNip: facts?.sellerNip ?? '',
        buyerNip: facts?.buyer.type === 'Nip' ? facts.buyer.value : null,
        invoiceNumber: facts?.invoiceNumber ?? null,
        invoiceHash,
        invoiceSize,
        xml: xml ?? Buffer.alloc(0),
        statusCode: processingStatus,
        statusDescription: invoiceStatusDescription(processingStatus),
        statusDetails: xml ? [] : ['Nie można odszyfrować pliku kluczem sesji.'],
        offlineMode,
        invoicingDate: now,
        numberDueAt: scriptedSlow(facts?.invoiceNumber)
          ? NEVER
          : plusMs(now, this.deps.timings.numberDelayMs),
        createdAt: now,
      });
    });
    return { referenceNumber: invoiceReference };
  }

  /** A technical correction must name an invoice of the context KSeF did not accept (21167). */
  private async checkTechnicalCorrection(access: AccessContext, hash: string): Promise<void> {
    const [corrected] = await this.deps.db
      .select({ statusCode: ksefSandboxInvoices.statusCode })
      .from(ksefSandboxInvoices)
      .innerJoin(
        ksefSandboxSessions,
        eq(ksefSandboxSessions.referenceNumber, ksefSandboxInvoices.sessionReference),
      )
      .where(
        and(
          eq(ksefSandboxInvoices.invoiceHash, hash),
          eq(ksefSandboxSessions.contextNip, access.nip),
        ),
      )
      .orderBy(asc(ksefSandboxInvoices.createdAt));
    if (corrected?.statusCode === INVOICE_ACCEPTED) {
      throw ksefException('technicalCorrectionStatus', [
        'Nie można wysłać korekty technicznej do prawidłowo przetworzonej faktury.',
      ]);
    }
  }

  /** POST /sessions/online/{referenceNumber}/close. */
  async close(access: AccessContext, referenceNumber: string): Promise<void> {
    requireAnyOf(access, WRITERS);
    const session = await this.sessionOf(access, referenceNumber);
    const closed =
      session.statusCode === SESSION_STATUS.open[0]
        ? await this.processing.closeSession(session, this.now())
        : undefined;
    if (!closed) {
      throw ksefException('sessionStatus', [
        `Status sesji ${session.statusCode} uniemożliwia jej zamknięcie.`,
      ]);
    }
    await this.processing.refreshSession(closed, this.now());
  }

  /** The session's UPO page reference (one page: a session holds at most 10,000 invoices). */
  upoReference(session: SessionRow): string {
    return derivedReference('EU', session.referenceNumber);
  }

  /** GET /sessions/{referenceNumber}. */
  async status(access: AccessContext, referenceNumber: string): Promise<SessionStatusResponse> {
    requireAnyOf(access, READERS_OF_SESSIONS);
    await this.processing.settleDue(this.now());
    const session = await this.sessionOf(access, referenceNumber);
    const invoices = await this.invoicesOf(session);
    const successful = invoices.filter((invoice) => invoice.statusCode === INVOICE_ACCEPTED).length;
    const failed = invoices.filter((invoice) => invoice.statusCode >= 400).length;
    const updated = [
      session.createdAt,
      session.closedAt,
      ...invoices.map((invoice) => invoice.createdAt),
    ]
      .filter((date): date is Date => date !== null)
      .reduce((latest, date) => (date > latest ? date : latest));
    const now = this.now();
    const upoReference = this.upoReference(session);
    const cancelled = session.statusCode === SESSION_STATUS.cancelled[0];
    return {
      status: {
        code: session.statusCode,
        description: session.statusDescription,
        ...(cancelled ? { details: ['Nie przesłano faktur'] } : {}),
      },
      dateCreated: session.createdAt.toISOString(),
      dateUpdated: updated.toISOString(),
      validUntil: session.validUntil.toISOString(),
      upo: session.upo
        ? {
            pages: [
              {
                referenceNumber: upoReference,
                downloadUrl: `${this.deps.apiUrl}/sessions/${session.referenceNumber}/upo/${upoReference}`,
                downloadUrlExpirationDate: plusMs(now, UPO_LINK_TTL_MS).toISOString(),
              },
            ],
          }
        : null,
      invoiceCount: invoices.length,
      successfulInvoiceCount: successful,
      failedInvoiceCount: failed,
    };
  }

  /** The session's invoices, as much as a status needs (not their files). */
  private invoicesOf(session: SessionRow): Promise<{ statusCode: number; createdAt: Date }[]> {
    return this.deps.db
      .select({
        statusCode: ksefSandboxInvoices.statusCode,
        createdAt: ksefSandboxInvoices.createdAt,
      })
      .from(ksefSandboxInvoices)
      .where(eq(ksefSandboxInvoices.sessionReference, session.referenceNumber));
  }

  private async invoiceOf(
    access: AccessContext,
    referenceNumber: string,
    find: { invoiceReference: string } | { ksefNumber: string },
  ): Promise<{ session: SessionRow; invoice: InvoiceRow | undefined }> {
    await this.processing.settleDue(this.now());
    const session = await this.sessionOf(access, referenceNumber);
    const [invoice] = await this.deps.db
      .select()
      .from(ksefSandboxInvoices)
      .where(
        and(
          eq(ksefSandboxInvoices.sessionReference, session.referenceNumber),
          'invoiceReference' in find
            ? eq(ksefSandboxInvoices.referenceNumber, find.invoiceReference)
            : eq(ksefSandboxInvoices.ksefNumber, find.ksefNumber),
        ),
      );
    return { session, invoice };
  }

  /** GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}. */
  async invoiceStatus(
    access: AccessContext,
    referenceNumber: string,
    invoiceReference: string,
  ): Promise<SessionInvoiceStatusResponse> {
    requireAnyOf(access, READERS_OF_SESSIONS);
    const { invoice } = await this.invoiceOf(access, referenceNumber, { invoiceReference });
    if (!invoice) {
      throw ksefException('invoiceNotFound', [
        `Faktura o numerze referencyjnym ${invoiceReference} nie została znaleziona w sesji ${referenceNumber}.`,
      ]);
    }
    const now = this.now();
    const upo = await this.processing.invoiceUpo(invoice, now);
    const details = invoice.statusDetails as string[];
    const status: InvoiceStatusInfo = {
      code: invoice.statusCode,
      description: invoice.statusDescription,
      ...(details.length > 0 ? { details } : {}),
      ...(invoice.statusCode === 440 ? { extensions: await this.duplicateOf(invoice) } : {}),
    };
    return {
      ordinalNumber: invoice.ordinalNumber,
      invoiceNumber: invoice.invoiceNumber,
      ksefNumber: invoice.ksefNumber,
      referenceNumber: invoice.referenceNumber,
      invoiceHash: invoice.invoiceHash,
      acquisitionDate: invoice.acquisitionDate?.toISOString() ?? null,
      invoicingDate: invoice.invoicingDate.toISOString(),
      permanentStorageDate: invoice.permanentStorageDate?.toISOString() ?? null,
      upoDownloadUrl: upo
        ? `${this.deps.apiUrl}/sessions/${referenceNumber}/invoices/ksef/${invoice.ksefNumber ?? ''}/upo`
        : null,
      upoDownloadUrlExpirationDate: upo ? plusMs(now, UPO_LINK_TTL_MS).toISOString() : null,
      invoicingMode: invoice.offlineMode ? 'Offline' : 'Online',
      status,
    };
  }

  /** A duplicate's original (KSeF's status extensions of a 440). */
  private async duplicateOf(invoice: InvoiceRow): Promise<Record<string, string | null>> {
    const [original] = invoice.invoiceNumber
      ? await this.deps.db
          .select()
          .from(ksefSandboxInvoices)
          .where(
            and(
              eq(ksefSandboxInvoices.sellerNip, invoice.sellerNip),
              eq(ksefSandboxInvoices.invoiceNumber, invoice.invoiceNumber),
              eq(ksefSandboxInvoices.statusCode, INVOICE_ACCEPTED),
            ),
          )
          .orderBy(asc(ksefSandboxInvoices.acquisitionDate))
      : [];
    return {
      originalSessionReferenceNumber: original?.sessionReference ?? null,
      originalKsefNumber: original?.ksefNumber ?? null,
    };
  }

  /** GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo (or by the invoice's reference). */
  async invoiceUpo(
    access: AccessContext,
    referenceNumber: string,
    find: { invoiceReference: string } | { ksefNumber: string },
  ): Promise<string> {
    requireAnyOf(access, READERS_OF_SESSIONS);
    const { invoice } = await this.invoiceOf(access, referenceNumber, find);
    const upo = invoice ? await this.processing.invoiceUpo(invoice, this.now()) : undefined;
    if (!upo) {
      const which =
        'ksefNumber' in find
          ? `o numerze KSeF ${find.ksefNumber}`
          : `faktury ${find.invoiceReference}`;
      throw ksefException('upoNotFound', [
        `UPO ${which} i numerze referencyjnym sesji ${referenceNumber} nie zostało znalezione.`,
      ]);
    }
    return upo;
  }

  /** GET /sessions/{referenceNumber}/upo/{upoReferenceNumber}. */
  async sessionUpo(
    access: AccessContext,
    referenceNumber: string,
    upoReference: string,
  ): Promise<string> {
    requireAnyOf(access, READERS_OF_SESSIONS);
    await this.processing.settleDue(this.now());
    const session = await this.sessionOf(access, referenceNumber);
    if (!session.upo || upoReference !== this.upoReference(session)) {
      throw ksefException('upoNotFound', [
        `UPO o numerze referencyjnym ${upoReference} dla sesji ${referenceNumber} nie zostało znalezione.`,
      ]);
    }
    return session.upo;
  }
}
