import { z } from 'zod';
import { timestampField } from '../common/fields.ts';

/*
 * Recovery of rejected invoices (account spec 2.7 recover tab, 3, 7, 9): the invoices a fiscal id
 * sent that SDI rejected (NS), read from the tax portal's cassetto fiscale over a range of
 * Europe/Rome days, counted, and imported as customer invoices in marking rejected with their NS,
 * so they can be fixed and sent again.
 */

/** Default range of the recover tab: the last 90 days up to today (spec 9). */
export const RECOVER_DEFAULT_DAYS = 90;
/** Longest range of one count or recovery: a year (366 days in a leap year). */
export const RECOVER_MAX_RANGE_DAYS = 366;

export const rejectedInvoicesMessages = {
  dateFormat: 'Expected a date as YYYY-MM-DD.',
  dateOrder: 'from_date must not be after to_date.',
  rangeTooLong: `The range must not be longer than ${RECOVER_MAX_RANGE_DAYS} days.`,
} as const;

const ROME_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A Europe/Rome day, `YYYY-MM-DD`, that exists in the calendar (2026-02-30 does not). */
const romeDayField = z
  .string({ error: rejectedInvoicesMessages.dateFormat })
  .max(10, { error: rejectedInvoicesMessages.dateFormat, abort: true })
  .regex(ROME_DAY_PATTERN, { error: rejectedInvoicesMessages.dateFormat, abort: true })
  .refine(isExistingDay, { error: rejectedInvoicesMessages.dateFormat })
  .meta({ description: 'Europe/Rome day, YYYY-MM-DD (both ends included).' });

/**
 * A recoverable day: `YYYY-MM-DD`, a real calendar day from 2000 on ('0202-05-01' and
 * '2026-02-30' are none). The console checks a typed range with it before asking the API.
 */
export function isRecoverableDay(value: string): boolean {
  return ROME_DAY_PATTERN.test(value) && isExistingDay(value);
}

function isExistingDay(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export const rejectedInvoicesParamsSchema = z.object({
  fiscalId: z.string().max(64).meta({
    description: 'Fiscal id of one of your business registry configurations (no country prefix).',
  }),
});

/** Query of the count and body of the recovery: both days optional (default the last 90 days). */
export const rejectedInvoicesRangeSchema = z.object({
  from_date: romeDayField.optional(),
  to_date: romeDayField.optional(),
});
export type RejectedInvoicesRange = z.infer<typeof rejectedInvoicesRangeSchema>;

/** `GET /rejected-invoices/{fiscalId}/count`: rejected in the range, and how many are not here yet. */
export const rejectedInvoicesCountSchema = z.object({
  count: z.number().int(),
  pending: z.number().int(),
});
export type RejectedInvoicesCount = z.infer<typeof rejectedInvoicesCountSchema>;

/** `POST /rejected-invoices/{fiscalId}/recover`: what was imported, skipped and refused. */
export const rejectedInvoicesRecoverySchema = z.object({
  recovered: z.array(
    z.object({
      uuid: z.uuid(),
      sdi_id: z.string(),
      file_name: z.string(),
      rejected_at: timestampField,
    }),
  ),
  /** Already among the account's customer invoices (same SDI id): not imported twice. */
  skipped: z.number().int(),
  failed: z.array(
    z.object({
      sdi_id: z.string(),
      file_name: z.string(),
      message: z.string(),
    }),
  ),
});
export type RejectedInvoicesRecovery = z.infer<typeof rejectedInvoicesRecoverySchema>;
