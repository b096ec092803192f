import type { InvoiceTransfer } from '@fiscus/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { accessFor } from '../../../lib/roles';
import { sampleTransfers } from '../../../test/handlers/transfers';
import { testRuntimeConfig } from '../../../test/test-runtime-config';
import { canUploadTransfers, readsTransfers } from './transfer-access';
import { defaultTransferFilters, toTransferListQuery } from './transfer-filters';
import { hasViolations, isProcessing, transferViolations } from './transfer-violations';
import { transfersPollInterval, uploadProgress } from './upload-progress';
import { uploadFormSchema } from './upload-form';
import { folderNameProblem, referenceOfPath, transferFileKind, uploadPath } from './upload-rules';
import { transferNameOf, zipFileNames } from './zip-entries';
import { noticeKey } from './transfer-notice';

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
      'created_at[before]': filters['created_at[before]'],
      original_file_name: 'IT0123',
      'exists[violations]': 'true',
      'order[created_at]': 'asc',
    });
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

  it('has its known notices translated, others shown as sent', () => {
    expect(noticeKey('Sent to SDI as a customer invoice.')).toBe('sent');
    expect(noticeKey('Not sent: the file is not an invoice.')).toBe('notInvoice');
    expect(noticeKey('Something new.')).toBeUndefined();
  });

  it('is being read while it is queued, or read and not yet sent', () => {
    expect(isProcessing(sent)).toBe(false);
    expect(isProcessing(invalid)).toBe(false);
    expect(isProcessing({ ...sent, invoice_uuid: null, notice: null })).toBe(true);
    expect(
      isProcessing({ ...sent, invoice_uuid: null, notice: 'Queued: the file is being read.' }),
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

/** A zip of stored entries: local headers, then the central directory and its end record. */
function zipOf(names: string[]): ArrayBuffer {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const name of names) {
    const bytes = encoder.encode(name);
    const local = new Uint8Array(30 + bytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(26, bytes.length, true);
    local.set(bytes, 30);
    const entry = new Uint8Array(46 + bytes.length);
    const cv = new DataView(entry.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(28, bytes.length, true);
    cv.setUint32(42, offset, true);
    entry.set(bytes, 46);
    locals.push(local);
    central.push(entry);
    offset += local.length;
  }
  const centralSize = central.reduce((sum, entry) => sum + entry.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, names.length, true);
  ev.setUint16(10, names.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const all = new Uint8Array(offset + centralSize + 22);
  let at = 0;
  for (const part of [...locals, ...central, end]) {
    all.set(part, at);
    at += part.length;
  }
  return all.buffer;
}

describe('a zip', () => {
  it('lists its files as the transfer service names them, without folders or resource forks', () => {
    const zip = zipOf([
      'march/',
      'march/a.xml',
      '__MACOSX/march/._a.xml',
      'b.xml.p7m',
      'notes.pdf',
    ]);
    expect(zipFileNames(zip)).toEqual(['a.xml', 'b.xml.p7m', 'notes.pdf']);
    expect(transferNameOf('x/\u0000bad\nname.xml')).toBe('_bad_name.xml');
  });

  it('is unknown when it is no zip', () => {
    expect(zipFileNames(new TextEncoder().encode('not a zip at all, really').buffer)).toBeNull();
  });
});

describe('the progress of an upload', () => {
  const [sent, invalid] = sampleTransfers() as [InvoiceTransfer, InvoiceTransfer];
  const inFolder = (transfer: InvoiceTransfer, name: string): InvoiceTransfer => ({
    ...transfer,
    reference: 'march',
    original_file_name: name,
  });

  it('counts the files read, with violations and sent, until all are read', () => {
    const upload = { reference: 'march', expected: ['a.xml', 'b.xml', 'c.xml'] };
    const reading = { ...inFolder(sent, 'c.xml'), invoice_uuid: null, notice: null };
    const transfers = [inFolder(sent, 'a.xml'), inFolder(invalid, 'b.xml'), reading, sent];
    expect(uploadProgress(upload, transfers)).toEqual({
      read: 2,
      total: 3,
      withViolations: 1,
      sent: 1,
      done: false,
    });
    expect(uploadProgress(upload, [...transfers.slice(0, 2), inFolder(sent, 'c.xml')]).done).toBe(
      true,
    );
  });

  it('polls quickly while a file is read, slower while SDI answers, then stops', () => {
    expect(transfersPollInterval([{ ...sent, invoice_uuid: null, notice: null }])).toBe(2000);
    expect(transfersPollInterval([{ ...sent, marking: 'waiting' }])).toBe(5000);
    expect(transfersPollInterval([sent, invalid])).toBe(false);
  });
});
