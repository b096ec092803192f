import { describe, expect, it } from 'vitest';
import {
  customerImportFormSchema,
  emptyCustomerImport,
  toCustomerImportPayload,
} from './customer-import-schema';
import type { CustomerImportFormInput } from './customer-import-schema';
import {
  emptySupplierImport,
  supplierImportFormSchema,
  toSupplierImportPayload,
} from './supplier-import-schema';

const xml = (name: string, content = '<x/>') => new File([content], name, { type: 'text/xml' });

/** The messages of a failed parse keyed by dotted path. */
function errorsOf(
  schema: typeof customerImportFormSchema | typeof supplierImportFormSchema,
  values: unknown,
) {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('customer invoice import rules', () => {
  it('requires the invoice file, and name and SDI id when no notification is given', () => {
    expect(errorsOf(customerImportFormSchema, emptyCustomerImport())).toEqual({
      invoice: 'Please upload invoice file',
      invoice_file_name: 'This field is required when there is not any notification',
      sdi_id: 'This field is required when there is not any notification',
    });
  });

  it('asks each notification row for a type and a file', () => {
    const values: CustomerImportFormInput = {
      ...emptyCustomerImport(),
      invoice: xml('IT01234567890_FPR01.xml'),
      notifications: [
        { type: '', file: xml('rc.xml') },
        { type: 'NS', file: null },
      ],
    };
    expect(errorsOf(customerImportFormSchema, values)).toEqual({
      'notifications.0.type': 'Please select notification type',
      'notifications.1.file': 'Please upload notification file',
      // Neither row is complete, so the name and id are still needed.
      invoice_file_name: 'This field is required when there is not any notification',
      sdi_id: 'This field is required when there is not any notification',
    });
  });

  it('accepts a complete notification instead of the name and SDI id', () => {
    const values = {
      ...emptyCustomerImport(),
      invoice: xml('IT01234567890_FPR01.xml'),
      notifications: [{ type: 'RC', file: xml('IT01234567890_FPR01_RC_001.xml') }],
    };
    expect(customerImportFormSchema.safeParse(values).success).toBe(true);
  });

  it('accepts name and SDI id without notifications, and signed .p7m invoices', () => {
    const values = {
      ...emptyCustomerImport(),
      invoice: new File([new Uint8Array([0x30, 0x82])], 'IT01234567890_FPR01.xml.p7m'),
      invoice_file_name: 'IT01234567890_FPR01.xml.p7m',
      sdi_id: '123456',
    };
    expect(customerImportFormSchema.safeParse(values).success).toBe(true);
  });

  it('refuses other file types and a notification type given twice', () => {
    const values = {
      ...emptyCustomerImport(),
      invoice: new File(['%PDF'], 'invoice.pdf'),
      notifications: [
        { type: 'RC', file: xml('a.xml') },
        { type: 'RC', file: new File(['x'], 'b.txt') },
      ],
    };
    expect(errorsOf(customerImportFormSchema, values)).toEqual({
      invoice: 'The invoice file must be .xml or .p7m',
      'notifications.1.type': 'This notification type is already listed',
      'notifications.1.file': 'The file must be .xml',
    });
  });

  it('sends files as base64 and leaves out empty fields', async () => {
    const parsed = customerImportFormSchema.parse({
      ...emptyCustomerImport(),
      invoice: xml('invoice.xml', '<FatturaElettronica/>'),
      notifications: [{ type: 'RC', file: xml('rc.xml', '<RicevutaConsegna/>') }],
    });
    expect(await toCustomerImportPayload(parsed)).toEqual({
      invoice: btoa('<FatturaElettronica/>'),
      notifications: { RC: btoa('<RicevutaConsegna/>') },
    });
  });
});

describe('supplier invoice import rules', () => {
  it('requires the invoice, and name and SDI id without metadata', () => {
    expect(errorsOf(supplierImportFormSchema, emptySupplierImport())).toEqual({
      invoice: 'Please upload invoice file',
      invoice_file_name: 'This field is required',
      sdi_id: 'This field is required',
    });
  });

  it('accepts the metadata file instead of the name and SDI id', () => {
    const values = {
      ...emptySupplierImport(),
      invoice: xml('invoice.xml'),
      metadata: xml('invoice_MT_001.xml'),
    };
    expect(supplierImportFormSchema.safeParse(values).success).toBe(true);
    expect(
      errorsOf(supplierImportFormSchema, { ...values, metadata: new File(['x'], 'mt.json') }),
    ).toEqual({ metadata: 'The file must be .xml' });
  });

  it('limits the file name and SDI id to what the API stores', () => {
    const values = {
      ...emptySupplierImport(),
      invoice: xml('invoice.xml'),
      invoice_file_name: 'x'.repeat(51),
      sdi_id: '1'.repeat(21),
    };
    expect(errorsOf(supplierImportFormSchema, values)).toEqual({
      invoice_file_name: 'This value is too long.',
      sdi_id: 'This value is too long.',
    });
  });

  it('sends the invoice and the given name and id', async () => {
    const parsed = supplierImportFormSchema.parse({
      ...emptySupplierImport(),
      invoice: xml('invoice.xml', '<a/>'),
      invoice_file_name: ' IT01234567890_FPR01.xml ',
      sdi_id: '4242',
    });
    expect(await toSupplierImportPayload(parsed)).toEqual({
      invoice: btoa('<a/>'),
      invoice_file_name: 'IT01234567890_FPR01.xml',
      sdi_id: '4242',
    });
  });
});
