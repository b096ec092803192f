/*
 * Reading invoices out of KSeF (`docs/pobieranie-faktur/`): `/invoices/query/metadata` lists
 * the accepted invoices where the context NIP is the seller (Subject1), the buyer (Subject2) or
 * a third party (Subject3, Podmiot3), within a date range of at most 3 months by issue date,
 * acquisition for further processing (Invoicing) or permanent storage; `/invoices/ksef/{n}`
 * gives one invoice's file, exactly as sent, to its seller, buyer or third party.
 *
 * The stored columns narrow the search; the other filters (amounts, currency, kind…) are read
 * off the invoices themselves, which is fine for a sandbox's volumes.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { checkKsefNumber } from '@fiscus/ksef';
import { ksefSandboxInvoices, ksefSandboxSessions } from '../../../db/schema/index.ts';
import type {
  FormCode,
  InvoiceMetadata,
  InvoiceQueryFilters,
  QueryInvoicesMetadataResponse,
} from '../wire/api-types.ts';
import { sha256Base64 } from '../wire/ksef-crypto.ts';
import type { AccessContext } from './auth.ts';
import { INVOICE_ACCEPTED, ksefException } from './codes.ts';
import type { SandboxDeps } from './context.ts';
import { invoiceFacts, invoiceTypeOf, type InvoiceFacts } from './invoice-facts.ts';
import type { InvoiceProcessing, InvoiceRow } from './processing.ts';
import { BodyReader } from './request-body.ts';
import { requireAnyOf } from './sessions.ts';
import { parseQueryDateTime } from './warsaw.ts';

const READERS = ['InvoiceRead'] as const;
/** KSeF's technical limit of one query's results (`isTruncated` beyond it). */
const MAX_RESULTS = 10_000;
/** The widest date range of a query: 3 months. */
const MAX_RANGE_MONTHS = 3;

export type QueryPaging = { sortOrder?: string; pageOffset?: number; pageSize?: number };

function isCurrencyCode(value: string): boolean {
  if (value.length !== 3) return false;
  return [...value].every((character) => character >= 'A' && character <= 'Z');
}

type Candidate = { row: InvoiceRow; facts: InvoiceFacts; formCode: FormCode };

function addMonths(instant: Date, months: number): Date {
  const later = new Date(instant);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

function amountOf(facts: InvoiceFacts, type: 'Brutto' | 'Netto' | 'Vat'): Decimal {
  return new Decimal(
    type === 'Brutto' ? facts.grossAmount : type === 'Netto' ? facts.netAmount : facts.vatAmount,
  );
}

/** The invoice as KSeF's metadata: amounts become JSON numbers here (the API's `double`). */
function metadataOf({ row, facts, formCode }: Candidate): InvoiceMetadata {
  return {
    ksefNumber: row.ksefNumber ?? '',
    invoiceNumber: facts.invoiceNumber ?? row.invoiceNumber ?? '',
    issueDate: facts.issueDate ?? '',
    invoicingDate: row.invoicingDate.toISOString(),
    acquisitionDate: row.acquisitionDate?.toISOString() ?? '',
    permanentStorageDate: row.permanentStorageDate?.toISOString() ?? '',
    seller: { nip: row.sellerNip, name: facts.sellerName },
    buyer: {
      identifier: { type: facts.buyer.type, value: facts.buyer.value },
      name: facts.buyer.name,
    },
    netAmount: Number(facts.netAmount),
    grossAmount: Number(facts.grossAmount),
    vatAmount: Number(facts.vatAmount),
    currency: facts.currency,
    invoicingMode: row.offlineMode ? 'Offline' : 'Online',
    invoiceType: invoiceTypeOf(facts.kind),
    formCode,
    isSelfInvoicing: facts.selfInvoicing,
    hasAttachment: facts.hasAttachment,
    invoiceHash: row.invoiceHash,
    thirdSubjects: facts.thirdSubjects.map((subject) => ({
      identifier: subject.identifier,
      name: subject.name,
      role: subject.role,
    })),
  };
}

/** Whether the context NIP is a third party (Podmiot3) of the invoice. */
function isThirdSubject(facts: InvoiceFacts, nip: string): boolean {
  return facts.thirdSubjects.some(
    (subject) => subject.identifier.type === 'Nip' && subject.identifier.value === nip,
  );
}

function readFilters(body: unknown): InvoiceQueryFilters & { from: Date; to: Date | undefined } {
  const reader = new BodyReader(body);
  const subjectType = reader.oneOf('subjectType', [
    'Subject1',
    'Subject2',
    'Subject3',
    'SubjectAuthorized',
  ] as const);
  const range = reader.object('dateRange');
  const dateType = range?.oneOf('dateType', ['Issue', 'Invoicing', 'PermanentStorage'] as const);
  const fromText = range?.string('from') ?? '';
  const toText = range?.optionalString('to');
  const restrict = range?.optionalBoolean('restrictToPermanentStorageHwmDate');
  const ksefNumber = reader.optionalString('ksefNumber');
  const invoiceNumber = reader.optionalString('invoiceNumber', { max: 256 });
  const sellerNip = reader.optionalString('sellerNip', { min: 10, max: 10 });
  const amount = reader.object('amount', false);
  const amountType = amount?.oneOf('type', ['Brutto', 'Netto', 'Vat'] as const);
  const amountFrom = amount?.optionalNumber('from');
  const amountTo = amount?.optionalNumber('to');
  const buyer = reader.object('buyerIdentifier', false);
  const buyerType = buyer?.oneOf('type', ['Nip', 'VatUe', 'Other', 'None'] as const);
  const buyerValue = buyer?.optionalString('value', { max: 50 });
  // ISO 4217 codes: three capital letters (KSeF's list is the schema's, too long to copy).
  const currencyCodes = reader.has('currencyCodes')
    ? reader.listWhere('currencyCodes', isCurrencyCode)
    : undefined;
  const invoicingMode = reader.optionalOneOf('invoicingMode', ['Online', 'Offline'] as const);
  const isSelfInvoicing = reader.optionalBoolean('isSelfInvoicing');
  const formType = reader.optionalOneOf('formType', ['FA', 'PEF', 'FA_RR'] as const);
  const invoiceTypes = reader.has('invoiceTypes')
    ? reader.listOf(
        'invoiceTypes',
        ['Vat', 'Zal', 'Kor', 'Roz', 'Upr', 'KorZal', 'KorRoz'] as const,
        false,
      )
    : undefined;
  const hasAttachment = reader.optionalBoolean('hasAttachment');
  const from = parseQueryDateTime(fromText);
  const to = toText === undefined ? undefined : parseQueryDateTime(toText);
  if (range && !from) reader.refuse("Pole 'dateRange.from' nie jest datą ISO 8601.");
  if (toText !== undefined && !to) reader.refuse("Pole 'dateRange.to' nie jest datą ISO 8601.");
  if (from && addMonths(from, MAX_RANGE_MONTHS) < (to ?? from)) {
    reader.refuse('Maksymalny dozwolony zakres dat wynosi 3 miesiące.');
  }
  if (ksefNumber !== undefined && !checkKsefNumber(ksefNumber).valid) {
    reader.refuse("Pole 'ksefNumber' nie jest poprawnym numerem KSeF.");
  }
  reader.done();
  return {
    subjectType,
    dateRange: {
      dateType: dateType ?? 'PermanentStorage',
      from: fromText,
      to: toText ?? null,
      restrictToPermanentStorageHwmDate: restrict ?? null,
    },
    from: from ?? new Date(0),
    to,
    ksefNumber: ksefNumber ?? null,
    invoiceNumber: invoiceNumber ?? null,
    amount: amountType
      ? { type: amountType, from: amountFrom ?? null, to: amountTo ?? null }
      : null,
    sellerNip: sellerNip ?? null,
    buyerIdentifier: buyerType ? { type: buyerType, value: buyerValue ?? null } : null,
    currencyCodes: currencyCodes ?? null,
    invoicingMode: invoicingMode ?? null,
    isSelfInvoicing: isSelfInvoicing ?? null,
    formType: formType ?? null,
    invoiceTypes: invoiceTypes ?? null,
    hasAttachment: hasAttachment ?? null,
  };
}

function matchesFacts(
  candidate: Candidate,
  filters: InvoiceQueryFilters,
  from: Date,
  to: Date,
): boolean {
  const { facts, row } = candidate;
  if (filters.dateRange.dateType === 'Issue') {
    const issued = parseQueryDateTime(facts.issueDate ?? '');
    if (!issued || issued < from || issued > to) return false;
  }
  if (filters.amount) {
    const value = amountOf(facts, filters.amount.type);
    if (filters.amount.from != null && value.lessThan(filters.amount.from)) return false;
    if (filters.amount.to != null && value.greaterThan(filters.amount.to)) return false;
  }
  if (filters.buyerIdentifier) {
    if (facts.buyer.type !== filters.buyerIdentifier.type) return false;
    if (filters.buyerIdentifier.value && facts.buyer.value !== filters.buyerIdentifier.value)
      return false;
  }
  if (filters.currencyCodes?.length && !filters.currencyCodes.includes(facts.currency))
    return false;
  if (filters.isSelfInvoicing != null && facts.selfInvoicing !== filters.isSelfInvoicing)
    return false;
  if (filters.formType && filters.formType !== (facts.form === 'FA_RR(1)' ? 'FA_RR' : 'FA'))
    return false;
  if (filters.invoiceTypes?.length && !filters.invoiceTypes.includes(invoiceTypeOf(facts.kind))) {
    return false;
  }
  if (filters.hasAttachment != null && facts.hasAttachment !== filters.hasAttachment) return false;
  if (filters.invoiceNumber && facts.invoiceNumber !== filters.invoiceNumber) return false;
  return row.statusCode === INVOICE_ACCEPTED;
}

export class IncomingInvoices {
  constructor(
    private readonly deps: SandboxDeps,
    private readonly processing: InvoiceProcessing,
  ) {}

  /** POST /invoices/query/metadata. */
  async query(
    access: AccessContext,
    body: unknown,
    paging: QueryPaging,
  ): Promise<QueryInvoicesMetadataResponse> {
    requireAnyOf(access, READERS);
    const filters = readFilters(body);
    const sortOrder = paging.sortOrder ?? 'Asc';
    const pageOffset = paging.pageOffset ?? 0;
    const pageSize = paging.pageSize ?? 10;
    if (sortOrder !== 'Asc' && sortOrder !== 'Desc') {
      throw ksefException('validation', ['sortOrder musi mieć wartość Asc albo Desc.']);
    }
    if (!Number.isSafeInteger(pageOffset) || pageOffset < 0) {
      throw ksefException('validation', ['pageOffset musi być liczbą nieujemną.']);
    }
    if (!Number.isSafeInteger(pageSize) || pageSize < 10 || pageSize > 250) {
      throw ksefException('validation', ['pageSize musi wynosić od 10 do 250.']);
    }
    const now = this.deps.clock();
    await this.processing.settleDue(now);
    const to = filters.to ?? now;
    const hwm =
      filters.dateRange.dateType === 'PermanentStorage' ? (to < now ? to : now) : undefined;
    if (filters.dateRange.restrictToPermanentStorageHwmDate && hwm && filters.from > hwm) {
      throw ksefException('validation', [
        'Parametr dateRange.from jest późniejszy niż PermanentStorageHwmDate przy włączonym restrictToPermanentStorageHwmDate.',
      ]);
    }
    const candidates = await this.candidates(access, filters, filters.from, to);
    const matching = candidates.filter((candidate) =>
      matchesFacts(candidate, filters, filters.from, to),
    );
    const key = (candidate: Candidate): number =>
      filters.dateRange.dateType === 'Issue'
        ? (parseQueryDateTime(candidate.facts.issueDate ?? '')?.getTime() ?? 0)
        : filters.dateRange.dateType === 'Invoicing'
          ? candidate.row.invoicingDate.getTime()
          : (candidate.row.permanentStorageDate?.getTime() ?? 0);
    matching.sort((left, right) =>
      sortOrder === 'Asc' ? key(left) - key(right) : key(right) - key(left),
    );
    const truncated = matching.length > MAX_RESULTS;
    const limited = matching.slice(0, MAX_RESULTS);
    const page = limited.slice(pageOffset * pageSize, (pageOffset + 1) * pageSize);
    return {
      hasMore: (pageOffset + 1) * pageSize < matching.length,
      isTruncated: truncated,
      permanentStorageHwmDate: hwm?.toISOString() ?? null,
      invoices: page.map(metadataOf),
    };
  }

  /** The accepted invoices of the subject in the range of the stored dates, with their facts. */
  private async candidates(
    access: AccessContext,
    filters: InvoiceQueryFilters,
    from: Date,
    to: Date,
  ): Promise<Candidate[]> {
    const conditions: SQL[] = [eq(ksefSandboxInvoices.statusCode, INVOICE_ACCEPTED)];
    const subject = filters.subjectType;
    if (subject === 'Subject1') conditions.push(eq(ksefSandboxInvoices.sellerNip, access.nip));
    else if (subject === 'Subject2') conditions.push(eq(ksefSandboxInvoices.buyerNip, access.nip));
    else if (subject === 'Subject3') {
      // A first cut on the file's text; `isThirdSubject` decides.
      conditions.push(
        like(sql`convert_from(${ksefSandboxInvoices.xml}, 'UTF8')`, `%${access.nip}%`),
      );
    } else {
      // The sandbox records no authorised subjects (PodmiotUpowazniony): nothing to list.
      return [];
    }
    if (filters.dateRange.dateType === 'PermanentStorage') {
      conditions.push(gte(ksefSandboxInvoices.permanentStorageDate, from));
      conditions.push(lte(ksefSandboxInvoices.permanentStorageDate, to));
    } else if (filters.dateRange.dateType === 'Invoicing') {
      conditions.push(gte(ksefSandboxInvoices.invoicingDate, from));
      conditions.push(lte(ksefSandboxInvoices.invoicingDate, to));
    }
    if (filters.ksefNumber) conditions.push(eq(ksefSandboxInvoices.ksefNumber, filters.ksefNumber));
    if (filters.sellerNip) conditions.push(eq(ksefSandboxInvoices.sellerNip, filters.sellerNip));
    if (filters.invoicingMode) {
      conditions.push(eq(ksefSandboxInvoices.offlineMode, filters.invoicingMode === 'Offline'));
    }
    const rows = await this.deps.db
      .select({ invoice: ksefSandboxInvoices, formCode: ksefSandboxSessions.formCode })
      .from(ksefSandboxInvoices)
      .innerJoin(
        ksefSandboxSessions,
        eq(ksefSandboxSessions.referenceNumber, ksefSandboxInvoices.sessionReference),
      )
      .where(and(...conditions))
      .orderBy(
        asc(ksefSandboxInvoices.permanentStorageDate),
        desc(ksefSandboxInvoices.referenceNumber),
      )
      .limit(MAX_RESULTS + 1);
    return rows.flatMap(({ invoice, formCode }) => {
      const facts = invoiceFacts(invoice.xml);
      if (!facts) return [];
      if (subject === 'Subject3' && !isThirdSubject(facts, access.nip)) return [];
      return [{ row: invoice, facts, formCode: formCode as FormCode }];
    });
  }

  /** GET /invoices/ksef/{ksefNumber}: the file and its hash, for its seller, buyer or third party. */
  async download(
    access: AccessContext,
    ksefNumber: string,
  ): Promise<{ xml: Buffer; hash: string }> {
    requireAnyOf(access, READERS);
    if (!checkKsefNumber(ksefNumber).valid) {
      throw ksefException('validation', [`${ksefNumber} nie jest poprawnym numerem KSeF.`]);
    }
    const now = this.deps.clock();
    await this.processing.settleDue(now);
    const [row] = await this.deps.db
      .select()
      .from(ksefSandboxInvoices)
      .where(eq(ksefSandboxInvoices.ksefNumber, ksefNumber));
    const facts = row ? invoiceFacts(row.xml) : undefined;
    const visible =
      row !== undefined &&
      (row.sellerNip === access.nip ||
        row.buyerNip === access.nip ||
        (facts !== undefined && isThirdSubject(facts, access.nip)));
    if (!row || !visible) {
      throw ksefException('invoiceNotFound', [
        `Faktura o numerze KSeF ${ksefNumber} nie została znaleziona.`,
      ]);
    }
    if (!row.permanentStorageDate || row.permanentStorageDate > now) {
      throw ksefException('invoiceNotYetAvailable', [
        `Faktura o numerze KSeF ${ksefNumber} została przetworzona, ale nie jest jeszcze dostępna do pobrania. Spróbuj ponownie później.`,
      ]);
    }
    const xml = Buffer.from(row.xml);
    return { xml, hash: sha256Base64(xml) };
  }
}
