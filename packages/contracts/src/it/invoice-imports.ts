import { z } from 'zod';

const base64 = z
  .string()
  .max(7_000_000)
  .regex(/^[A-Za-z0-9+/=\s]*$/, 'Expected base64 content');

/** Notification types a customer-invoice import accepts (account spec 3: EC too). */
export const importNotificationTypes = ['RC', 'NS', 'MC', 'NE', 'DT', 'AT', 'EC'] as const;

/**
 * `POST /customer-invoice-imports` (account spec 3, 5): the invoice file (.xml or .p7m) in
 * base64, and either SDI notifications (type → base64 XML) or the file name and SDI id.
 */
export const customerInvoiceImportSchema = z.object({
  invoice: base64.min(1, 'Please upload invoice file'),
  invoice_file_name: z.string().max(50).nullish(),
  sdi_id: z.string().max(20).nullish(),
  notifications: z.partialRecord(z.enum(importNotificationTypes), base64).nullish(),
});
export type CustomerInvoiceImport = z.infer<typeof customerInvoiceImportSchema>;

/** `POST /supplier-invoice-imports`: the invoice plus the SDI metadata file (MT), or name and id. */
export const supplierInvoiceImportSchema = z.object({
  invoice: base64.min(1, 'Please upload invoice file'),
  invoice_file_name: z.string().max(50).nullish(),
  sdi_id: z.string().max(20).nullish(),
  metadata: base64.nullish(),
});
export type SupplierInvoiceImport = z.infer<typeof supplierInvoiceImportSchema>;

const counts = z.object({ count: z.number().int(), cost: z.string() });
const notificationCounts = z.object({
  at: z.number().int(),
  dt: z.number().int(),
  mc: z.number().int(),
  ne: z.number().int(),
  ns: z.number().int(),
  rc: z.number().int(),
});
const periodStats = z.object({
  customer_invoices: counts,
  supplier_invoice: counts,
  notifications: notificationCounts,
});

export const statsParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const statsQuerySchema = z.object({ fiscal_id: z.string().max(30).optional() });

/** `GET /invoices/stats/{year}` (account spec 3 "Statistics response"); cost is a decimal string in EUR. */
export const statsResponseSchema = z.object({
  stats: periodStats,
  months: z.array(periodStats.extend({ month: z.number().int().min(1).max(12) })).length(12),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
