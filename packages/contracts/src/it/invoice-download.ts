import { z } from 'zod';

/*
 * The invoice-download ("massive imports") schedule of a fiscal id and the one-off download job
 * (account spec 3, 4 and 7; provider notes: `GET|POST|PUT|DELETE /schedule/invoice-download/
 * {fiscalId}`, `POST /jobs/invoice-download`). While a schedule is enabled a daily job downloads
 * from the cassetto fiscale the supplier invoices not yet imported.
 */

/** A Europe/Rome calendar date, `YYYY-MM-DD`. */
export const ROME_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Longest range of one download job: a year (366 days in a leap year). */
export const MAX_DOWNLOAD_RANGE_DAYS = 366;

export const invoiceDownloadMessages = {
  required: 'This field is required',
  dateFormat: 'Expected a date as YYYY-MM-DD.',
  dateOrder: 'from_date must not be after to_date.',
  rangeTooLong: `The range must not be longer than ${MAX_DOWNLOAD_RANGE_DAYS} days.`,
  inFuture: 'The date must not be after today (Europe/Rome).',
  notBoolean: 'This value should be of type bool.',
  credentialsMissing:
    'Store the Fisconline credentials of this business registry configuration (tax drawer tab) before activating the download from the cassetto fiscale.',
} as const;

/** The violation code of an activation refused for want of Fisconline credentials. */
export const DOWNLOAD_CREDENTIALS_MISSING_CODE = 'CREDENTIALS_MISSING';

/**
 * `GET /schedule/invoice-download/{fiscalId}` (and the answer of POST and PUT): whether the daily
 * download runs, until which Europe/Rome date (the last day it runs) and whether it is extended
 * by a year when that date passes. A fiscal id never scheduled answers enabled false.
 */
export const invoiceDownloadScheduleSchema = z.object({
  enabled: z.boolean(),
  valid_until: z.string().nullable().meta({
    description: 'The last Europe/Rome day the schedule runs (YYYY-MM-DD); null when inactive.',
  }),
  auto_renew: z.boolean(),
});
export type InvoiceDownloadSchedule = z.infer<typeof invoiceDownloadScheduleSchema>;

/** Body of POST (optional): auto_renew (default false), download_archive (the last year at once). */
export const invoiceDownloadActivationSchema = z
  .object({
    auto_renew: z.boolean({ error: invoiceDownloadMessages.notBoolean }).optional(),
    download_archive: z.boolean({ error: invoiceDownloadMessages.notBoolean }).optional(),
  })
  // A POST without a body reaches the route as null.
  .nullish();
export type InvoiceDownloadActivation = z.infer<typeof invoiceDownloadActivationSchema>;

/** Body of PUT: the auto-renew switch of an active schedule. */
export const invoiceDownloadScheduleUpdateSchema = z.object({
  auto_renew: z.boolean({ error: invoiceDownloadMessages.notBoolean }),
});
export type InvoiceDownloadScheduleUpdate = z.infer<typeof invoiceDownloadScheduleUpdateSchema>;

export const invoiceDownloadScheduleParamsSchema = z.object({
  fiscalId: z.string().max(64).meta({
    description: 'Fiscal id of one of your business registry configurations (no country prefix).',
  }),
});

const romeDateField = z
  .string({ error: invoiceDownloadMessages.required })
  .min(1, { error: invoiceDownloadMessages.required, abort: true })
  .max(10, { error: invoiceDownloadMessages.dateFormat, abort: true })
  .regex(ROME_DATE_PATTERN, { error: invoiceDownloadMessages.dateFormat, abort: true })
  .refine(isCalendarDate, { error: invoiceDownloadMessages.dateFormat, abort: true });

/** Whether `YYYY-MM-DD` names a day of the calendar (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Days from `from` to `to` (both `YYYY-MM-DD`), counting both ends. */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/**
 * Body of `POST /jobs/invoice-download`: download now the supplier invoices SDI delivered to
 * fiscal_id from from_date to to_date (Europe/Rome days, both included, at most a year).
 */
export const invoiceDownloadJobRequestSchema = z
  .object({
    fiscal_id: z
      .string({ error: invoiceDownloadMessages.required })
      .trim()
      .min(1, { error: invoiceDownloadMessages.required })
      .max(64),
    from_date: romeDateField,
    to_date: romeDateField,
  })
  .superRefine((body, context) => {
    if (body.from_date > body.to_date) {
      context.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: invoiceDownloadMessages.dateOrder,
      });
    } else if (daysInRange(body.from_date, body.to_date) > MAX_DOWNLOAD_RANGE_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: invoiceDownloadMessages.rangeTooLong,
      });
    }
  });
export type InvoiceDownloadJobRequest = z.infer<typeof invoiceDownloadJobRequestSchema>;

export const invoiceDownloadJobCreatedSchema = z.object({ uuid: z.uuid() });
