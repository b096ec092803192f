/**
 * The tax drawer, massive imports and recover tabs' pure rules (spec 2.7, 3, 5, 8, 9): the
 * credentials form (the contract's schema, an empty form: stored credentials never come back),
 * whether a failure is the portal refusing the credentials or their absence, whether the
 * interactive set-up may start, and the recover tab's default range and its rules.
 */
import {
  INVALID_CREDENTIALS_CODE,
  RECOVER_DEFAULT_DAYS,
  RECOVER_MAX_RANGE_DAYS,
  fisconlineCredentialsSchema,
  rejectedInvoicesMessages,
  isRecoverableDay,
} from '@fiscus/contracts';
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';

export const credentialsFormSchema = fisconlineCredentialsSchema;

export interface CredentialsFormInput {
  codice_fiscale: string;
  password: string;
  pin: string;
}

export const emptyCredentials: CredentialsFormInput = { codice_fiscale: '', password: '', pin: '' };

/** The API's code when a registry has no Fisconline credentials yet (count, recovery). */
export const CREDENTIALS_MISSING_CODE = 'CREDENTIALS_MISSING';

/** A violation as the API or the console's error type carries it. */
type Coded = { code?: string };

const hasCode = (violations: readonly Coded[], code: string) =>
  violations.some((violation) => violation.code === code);

/** The tax portal refused the credentials (422 INVALID_CREDENTIALS, spec 8). */
export function isInvalidCredentials(violations: readonly Coded[]): boolean {
  return hasCode(violations, INVALID_CREDENTIALS_CODE);
}

export function isCredentialsMissing(violations: readonly Coded[]): boolean {
  return hasCode(violations, CREDENTIALS_MISSING_CODE);
}

/** Spec 2.7: the interactive set-up starts only when the registry has a phone number. */
export function canStartInteractive(registry: Pick<BusinessRegistryConfiguration, 'phone_number'>) {
  return (registry.phone_number ?? '').trim() !== '';
}

export interface DayRangeValues {
  from_date: string;
  to_date: string;
}

/** Spec 9: the recover tab opens on the last 90 days up to today (yyyy-MM-dd). */
export function defaultRecoverRange(today: Dayjs): DayRangeValues {
  return {
    from_date: today.subtract(RECOVER_DEFAULT_DAYS, 'day').format('YYYY-MM-DD'),
    to_date: today.format('YYYY-MM-DD'),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const recoverDayField = z
  .string()
  .min(1, { error: rejectedInvoicesMessages.dateFormat, abort: true })
  .refine(isRecoverableDay, { error: rejectedInvoicesMessages.dateFormat });

/**
 * The recover tab's range, checked as it is typed (issue 31) with the API's rules: two days,
 * the first not after the last, at most a year (both days included).
 */
export const recoverRangeSchema = z
  .object({ from_date: recoverDayField, to_date: recoverDayField })
  .superRefine((range, context) => {
    if (range.from_date > range.to_date) {
      context.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: rejectedInvoicesMessages.dateOrder,
      });
      return;
    }
    const days = Math.round((Date.parse(range.to_date) - Date.parse(range.from_date)) / DAY_MS) + 1;
    if (days > RECOVER_MAX_RANGE_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: rejectedInvoicesMessages.rangeTooLong,
      });
    }
  });

/** Whether the range passes the API's rules (the count is asked only then). */
export function isValidRecoverRange(range: DayRangeValues): boolean {
  return recoverRangeSchema.safeParse(range).success;
}
