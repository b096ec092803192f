/*
 * KSeF's own codes and words, as the OpenAPI (`open-api.json`) lists them per path: exception
 * codes of the 400 answers (`ExceptionResponse`), and the status codes of authentication
 * operations, sessions and invoices. The sandbox answers only with these (plus 503 for its
 * scripted unavailability, which KSeF documents no code for).
 */
import { KsefError } from '../ksef-gateway.ts';

/** Exception codes of 400 answers, with KSeF's description. */
export const EXCEPTIONS = {
  unreadable: [21001, 'Nieczytelna treść.'],
  invalidChallenge: [21111, 'Nieprawidłowe wyzwanie autoryzacyjne.'],
  invalidCertificate: [21115, 'Nieprawidłowy certyfikat.'],
  invalidSubjectIdentifier: [
    21117,
    'Nieprawidłowy identyfikator podmiotu dla wskazanego typu kontekstu.',
  ],
  sessionInvoiceLimit: [21155, 'Przekroczono dozwoloną liczbę faktur w sesji.'],
  invoiceNotFound: [21164, 'Faktura o podanym identyfikatorze nie istnieje.'],
  invoiceNotYetAvailable: [21165, 'Faktura o podanym numerze KSeF nie jest jeszcze dostępna.'],
  technicalCorrectionStatus: [21167, 'Status faktury nie pozwala na korektę techniczną.'],
  sessionNotFound: [21173, 'Brak sesji o wskazanym numerze referencyjnym.'],
  upoNotFound: [21178, 'Nie znaleziono UPO dla podanych kryteriów.'],
  sessionStatus: [21180, 'Status sesji nie pozwala na wykonanie operacji.'],
  wrongEncoding: [21217, 'Nieprawidłowe kodowanie znaków.'],
  unauthorised: [21301, 'Brak autoryzacji.'],
  notAuthenticated: [21304, 'Brak uwierzytelnienia.'],
  schema: [21401, 'Dokument nie jest zgodny ze schemą (xsd).'],
  fileSize: [21402, 'Nieprawidłowy rozmiar pliku.'],
  fileHash: [21403, 'Nieprawidłowy skrót pliku.'],
  validation: [21405, 'Błąd walidacji danych wejściowych.'],
  continuationToken: [21418, 'Przekazany token kontynuacji ma nieprawidłowy format.'],
  unknownKey: [
    21470,
    'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.',
  ],
  invalidDocument: [9101, 'Nieprawidłowy dokument.'],
  noSignature: [9102, 'Brak podpisu.'],
  tooManySignatures: [9103, 'Przekroczona liczba dozwolonych podpisów.'],
  invalidSignature: [9105, 'Nieprawidłowy podpis.'],
  missingTokenPermissions: [26001, 'Nie można nadać tokenowi uprawnień których nie posiadasz.'],
  enrollmentDataForbidden: [
    25001,
    'Brak możliwości pobrania danych do CSR dla wykorzystanego sposobu uwierzytelnienia.',
  ],
  enrollmentForbidden: [
    25002,
    'Brak możliwości złożenia wniosku certyfikacyjnego dla wykorzystanego sposobu uwierzytelnienia.',
  ],
  csrSubjectMismatch: [
    25003,
    'Dane w CSR nie zgadzają się z danymi w użytym wektorze uwierzytelniającym.',
  ],
  csrInvalid: [25004, 'Niepoprawny format CSR lub niepoprawny podpis CSR.'],
  enrollmentNotFound: [
    25005,
    'Wniosek certyfikacyjny o podanym numerze referencyjnym nie istnieje.',
  ],
  enrollmentLimit: [25006, 'Osiągnięto limit możliwych do złożenia wniosków certyfikacyjnych.'],
  certificateLimit: [25007, 'Osiągnięto limit dopuszczalnej liczby posiadanych certyfikatów.'],
  certificateNotFound: [25008, 'Certyfikat o podanym numerze seryjnym nie istnieje.'],
  certificateNotRevocable: [
    25009,
    'Nie można odwołać wskazanego certyfikatu, ponieważ jest już odwołany, zablokowany lub nieważny.',
  ],
  csrKey: [25010, 'Nieprawidłowy typ lub długość klucza.'],
  csrAlgorithm: [25011, 'Nieprawidłowy algorytm podpisu CSR.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ExceptionName = keyof typeof EXCEPTIONS;

/** A 400 (or other) refusal with KSeF's exception code. */
export function ksefException(name: ExceptionName, details: string[] = [], httpStatus = 400) {
  const [code, description] = EXCEPTIONS[name];
  return new KsefError(code, description, details, httpStatus);
}

/**
 * 401 and 403 are answered as Problem Details by KSeF (`UnauthorizedProblemDetails`,
 * `ForbiddenProblemDetails`), with no exception code: the sandbox carries the HTTP status as
 * the code, and the 403's `reasonCode` and `security`.
 */
export class KsefForbiddenError extends KsefError {
  constructor(
    readonly reasonCode: 'missing-permissions' | 'insufficient-resource-access',
    detail: string,
    readonly security: Record<string, unknown> | undefined = undefined,
  ) {
    super(403, detail, [], 403);
    this.name = 'KsefForbiddenError';
  }
}

export function unauthorised(detail = 'Wymagane jest uwierzytelnienie.'): KsefError {
  return new KsefError(401, detail, [], 401);
}

/** 410 Gone (Problem Details): an operation past the time KSeF keeps it (30 days). */
export function gone(): KsefError {
  return new KsefError(410, 'Operacja wygasła i nie jest już dostępna.', [], 410);
}

/** The sandbox's scripted unavailability: KSeF down (the services go offline with it). */
export function unavailable(nip: string): KsefError {
  return new KsefError(
    503,
    'Usługa KSeF jest niedostępna.',
    [`Sandbox: KSeF jest niedostępny dla kontekstu ${nip} (scenariusz testowy).`],
    503,
  );
}

/** Status codes of an authentication operation (`AuthenticationOperationStatusResponse`). */
export const AUTH_STATUS = {
  inProgress: [100, 'Uwierzytelnianie w toku'],
  succeeded: [200, 'Uwierzytelnianie zakończone sukcesem'],
  noPermissions: [415, 'Uwierzytelnianie zakończone niepowodzeniem'],
  badToken: [450, 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu'],
  badCertificate: [460, 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu'],
} as const satisfies Record<string, readonly [number, string]>;

/** Status codes of an online session (`SessionStatusResponse`, "Sesja interaktywna"). */
export const SESSION_STATUS = {
  open: [100, 'Sesja interaktywna otwarta'],
  closed: [170, 'Sesja interaktywna zamknięta'],
  processed: [200, 'Sesja interaktywna przetworzona pomyślnie'],
  keyDecryption: [415, 'Błąd odszyfrowania dostarczonego klucza'],
  cancelled: [440, 'Sesja anulowana'],
  noValidInvoices: [445, 'Błąd weryfikacji, brak poprawnych faktur'],
} as const satisfies Record<string, readonly [number, string]>;

/** Status codes of an invoice (`SessionInvoiceStatusResponse.status`). */
export const INVOICE_STATUS: Readonly<Record<number, string>> = {
  100: 'Faktura przyjęta do dalszego przetwarzania',
  150: 'Trwa przetwarzanie',
  200: 'Sukces',
  405: 'Przetwarzanie anulowane z powodu błędu sesji',
  410: 'Nieprawidłowy zakres uprawnień',
  415: 'Brak możliwości wysyłania faktury z załącznikiem',
  430: 'Błąd weryfikacji pliku faktury',
  435: 'Błąd odszyfrowania pliku',
  440: 'Duplikat faktury',
  450: 'Błąd weryfikacji semantyki dokumentu faktury',
  500: 'Nieznany błąd (500)',
  550: 'Operacja została anulowana przez system',
};

export const INVOICE_PROCESSING = 100;
export const INVOICE_ACCEPTED = 200;

export function invoiceStatusDescription(code: number): string {
  return INVOICE_STATUS[code] ?? `Nieznany błąd (${code})`;
}

/** Status codes of a certificate enrollment (`CertificateEnrollmentStatusResponse`). */
export const ENROLLMENT_STATUS = {
  accepted: [100, 'Wniosek przyjęty do realizacji'],
  issued: [200, 'Wniosek obsłużony (certyfikat wygenerowany)'],
  rejected: [400, 'Wniosek odrzucony'],
} as const satisfies Record<string, readonly [number, string]>;
