import type { InvoiceTransfer, TransferUploadProgress } from '@fiscus/contracts';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { accessFor } from '../../../lib/roles';
import { sampleTransfers } from '../../../test/handlers/transfers';
import { testRuntimeConfig } from '../../../test/test-runtime-config';
import { canUploadTransfers, readsTransfers } from './transfer-access';
import { dayEndBound, dayStartBound } from '../../../components/list-kit';
import { defaultTransferFilters, nextDayStartBound, toTransferListQuery } from './transfer-filters';
import { hasViolations, isProcessing, transferViolations } from './transfer-violations';
import { transfersPollInterval, uploadProgress } from './upload-progress';
import { uploadFormSchema } from './upload-form';
import { folderNameProblem, referenceOfPath, transferFileKind, uploadPath } from './upload-rules';
import { noticeText } from './transfer-notice';

function access(roles: Record<string, string[]>) {
  return accessFor(roles, testRuntimeConfig.platformKeys);
}

describe('the transfers filters', () => {
  it('open on the last 30 days and send fixed=false with the filters that are set', () => {
    const filters = defaultTransferFilters(dayjs('2026-11-26T10:00:00'));
    expect(filters['created_at[after]']).toMatch(/^2026-10-27T00:00:00/);
    expect(filters['created_at[before]']).toMatch(/^2026-11-26T23:59:59/);
    const query = toTransferListQuery({
      filters: { ...filters, original_file_name: ' IT0123 ', 'exists[violations]': 'true' },
      page: 2,
      itemsPerPage: 30,
      order: { field: 'created_at', direction: 'asc' },
    });
    expect(query).toEqual({
      fixed: 'false',
      page: '2',
      itemsPerPage: '30',
      'created_at[after]': filters['created_at[after]'],
      // The whole last day, its final second included: up to the next day's start.
      'created_at[strictly_before]': expect.stringMatching(/^2026-11-27T00:00:00/),
      original_file_name: 'IT0123',
      'exists[violations]': 'true',
      'order[created_at]': 'asc',
    });
  });

  it('end the range at the start of the day after the last, in the user calendar', () => {
    expect(nextDayStartBound(dayEndBound(dayjs('2026-12-31T12:00:00')))).toBe(
      dayStartBound(dayjs('2027-01-01T12:00:00')),
    );
    expect(nextDayStartBound('not a date')).toBe('not a date');
    const query = toTransferListQuery({
      filters: { ...defaultTransferFilters(dayjs()), 'created_at[before]': '' },
      page: 1,
      itemsPerPage: 30,
      order: null,
    });
    expect(query).not.toHaveProperty('created_at[strictly_before]');
  });

  it('leave out an empty status and an order the API does not know', () => {
    const query = toTransferListQuery({
      filters: defaultTransferFilters(dayjs()),
      page: 1,
      itemsPerPage: 30,
      order: { field: 'invoice_number', direction: 'asc' },
    });
    expect(query).not.toHaveProperty('exists[violations]');
    expect(query).not.toHaveProperty('order[invoice_number]');
  });
});

describe('a transfer', () => {
  const [sent, invalid] = sampleTransfers() as [InvoiceTransfer, InvoiceTransfer];

  it('reads its violations from the JSON text, or shows other text as one message', () => {
    expect(transferViolations(invalid.violations)).toHaveLength(2);
    expect(transferViolations('oops')).toEqual([{ propertyPath: '', message: 'oops' }]);
    expect(transferViolations(null)).toEqual([]);
    expect(hasViolations(sent)).toBe(false);
  });

  it('has its notice translated by its code, a notice without one shown as sent', () => {
    const t = ((key: string) => `[${key}]`) as unknown as TFunction;
    expect(noticeText(sent, t)).toBe('[notices.sent]');
    expect(noticeText({ notice: 'Something new.', notice_code: null }, t)).toBe('Something new.');
    expect(noticeText({ notice: null, notice_code: null }, t)).toBe('');
  });

  it('is being read while it is queued, or read and not yet sent', () => {
    expect(isProcessing(sent)).toBe(false);
    expect(isProcessing(invalid)).toBe(false);
    expect(isProcessing({ ...sent, invoice_uuid: null, notice: null })).toBe(true);
    expect(
      isProcessing({
        ...sent,
        invoice_uuid: null,
        notice: 'Queued: the file is being read.',
        notice_code: 'queued',
      }),
    ).toBe(true);
  });
});

describe('the role rules', () => {
  it('send supplier-only accounts home', () => {
    expect(readsTransfers(access({ it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'] }))).toBe(
      '/',
    );
    expect(readsTransfers(access({ it: ['ROLE_INVOICING'] }))).toBeNull();
  });

  it('show Upload for (admin or transfer in it) and (admin or API in transfer)', () => {
    expect(canUploadTransfers(access({ it: ['ROLE_TRANSFER'], transfer: ['ROLE_API'] }))).toBe(
      true,
    );
    expect(canUploadTransfers(access({ it: ['ROLE_ADMIN'], transfer: ['ROLE_ADMIN'] }))).toBe(true);
    expect(canUploadTransfers(access({ it: ['ROLE_INVOICING'], transfer: ['ROLE_API'] }))).toBe(
      false,
    );
    expect(canUploadTransfers(access({ it: ['ROLE_TRANSFER'] }))).toBe(false);
  });
});

describe('the upload', () => {
  it('sends the chosen folder, the new folder and the file name without outer slashes', () => {
    expect(uploadPath('/', '', 'a.xml')).toBe('a.xml');
    expect(uploadPath('2026/november', ' march ', 'a.xml')).toBe('2026/november/march/a.xml');
    expect(uploadPath('/2026/', '/new/', 'a.zip')).toBe('2026/new/a.zip');
    expect(referenceOfPath('a.xml')).toBe('/');
    expect(referenceOfPath('2026/a.xml')).toBe('2026');
  });

  it('knows the kinds of file and the folder name rules', () => {
    expect(transferFileKind('A.XML')).toBe('invoice');
    expect(transferFileKind('a.xml.p7m')).toBe('invoice');
    expect(transferFileKind('a.zip')).toBe('zip');
    expect(transferFileKind('a.pdf')).toBeNull();
    expect(folderNameProblem('a/b')).toBe('slash');
    expect(folderNameProblem('..')).toBe('dots');
    expect(folderNameProblem(' a')).toBe('spaces');
    expect(folderNameProblem('x'.repeat(101))).toBe('tooLong');
    expect(folderNameProblem('marzo 2026')).toBeNull();
  });

  it('refuses no file, another kind and a file past its size', () => {
    const issues = (file: File | null, newFolder = '') => {
      const result = uploadFormSchema.safeParse({ file, folder: '/', new_folder: newFolder });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues(null)).toEqual(['Required']);
    expect(issues(new File(['x'], 'a.pdf'))).toEqual([
      'The file must be an invoice (.xml or .xml.p7m) or a zip of invoices (.zip).',
    ]);
    const big = new File(['x'], 'a.xml');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    expect(issues(big)).toEqual(['The invoice file is too large.']);
    expect(issues(new File(['x'], 'a.xml'), 'a/b')).toEqual(['A folder name may not hold "/".']);
    expect(issues(new File(['x'], 'a.xml'))).toEqual([]);
  });
});

describe('the progress of an upload', () => {
  const [sent, invalid] = sampleTransfers() as [InvoiceTransfer, InvoiceTransfer];
  const counts: TransferUploadProgress = {
    uuid: '9f4a5c4e-c0b1-4d4c-9e7f-6a5b4c3d2e15',
    reference: 'march',
    original_file_name: 'march.zip',
    kind: 'zip',
    status: 'queued',
    total: 3,
    transfers: 3,
    processed: 2,
    sent: 1,
    with_violations: 1,
    sdi: { waiting: 1, refused: 0, issued: 0, refusals: [] },
    created_at: '2026-11-26T09:00:00Z',
    processed_at: null,
  };

  it('reads the files read, with violations and sent as the service counts them', () => {
    expect(uploadProgress(counts)).toEqual({
      read: 2,
      total: 3,
      withViolations: 1,
      sent: 1,
      done: false,
      sdi: { waiting: 1, refused: 0, issued: 0 },
      refusals: [],
      settled: false,
    });
    // Read to the end, but SDI has not answered the invoice sent: not settled yet.
    const processed = { ...counts, status: 'processed' as const, processed: 3 };
    expect(uploadProgress(processed).settled).toBe(false);
    expect(
      uploadProgress({ ...processed, sdi: { ...processed.sdi, waiting: 0, refused: 1 } }).settled,
    ).toBe(true);
    expect(uploadProgress({ ...counts, status: 'processed', processed: 3 }).done).toBe(true);
    // An upload recorded before totals were kept: its transfers, once all are made.
    expect(uploadProgress({ ...counts, total: null }).total).toBeNull();
    expect(uploadProgress({ ...counts, total: null, status: 'processed' }).total).toBe(3);
    expect(uploadProgress(undefined)).toMatchObject({ read: 0, total: null, done: false });
  });

  it('polls quickly while a file is read, slower while SDI answers, then stops', () => {
    expect(transfersPollInterval([{ ...sent, invoice_uuid: null, notice: null }])).toBe(2000);
    expect(transfersPollInterval([{ ...sent, marking: 'waiting' }])).toBe(5000);
    expect(transfersPollInterval([sent, invalid])).toBe(false);
  });
});
