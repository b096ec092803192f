/**
 * The receive-payment form (spec 3 "Receive-payment request", 5, 9): the system (SEPA or SEPA
 * Instant), the amount (a decimal number, else 'Invalid value'), the currency fixed to EUR, a
 * description and an optional payer e-mail. The amount stays a decimal string: never a float.
 */
import {
  OB_PAYMENT_DESCRIPTION_MAX_LENGTH,
  OB_SEPA_INSTANT_MAX_AMOUNT,
  OB_SEPA_MAX_AMOUNT,
  obReceiveSystems,
  type ObReceivePayment,
} from '@fiscus/contracts';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { z } from 'zod';
import { toMinorUnits } from '../../../lib/decimal-amount';

export const receiveMessages = {
  invalidValue: 'Invalid value',
  notPositive: 'The amount must be above zero.',
  tooHighSepa: 'The amount is above what a SEPA transfer may carry.',
  tooHighInstant: 'The amount is above what a SEPA Instant transfer may carry.',
  notAnEmail: validationMessages.notAnEmail,
  notBlank: validationMessages.notBlank,
  tooLong: 'This value is too long.',
} as const;

/** "1.234,50" and "1234.5" alike become "1234.50"; anything else stays as typed (refused). */
export function normalizeAmount(typed: string): string {
  const trimmed = typed.trim().replace(/\s/g, '');
  const comma = /^\d{1,9},\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(comma);
  if (!match) return trimmed;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** The form's fields; the amount's rules depend on the system (`refineAmount`). */
export const receivePaymentFields = z.object({
  system: z.enum(obReceiveSystems),
  amount: z.string(),
  currencyCode: z.literal('EUR'),
  description: z
    .string()
    .trim()
    .min(1, { error: receiveMessages.notBlank })
    .max(OB_PAYMENT_DESCRIPTION_MAX_LENGTH, { error: receiveMessages.tooLong }),
  email: z
    .string()
    .trim()
    .max(255, { error: receiveMessages.tooLong })
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      error: receiveMessages.notAnEmail,
    }),
});

/** A decimal above zero, within what the chosen system may carry. */
export function refineAmount(
  values: { system: (typeof obReceiveSystems)[number]; amount: string },
  context: z.RefinementCtx,
): void {
  const amount = normalizeAmount(values.amount);
  const units = /^\d{1,9}\.\d{2}$/.test(amount) ? toMinorUnits(amount) : null;
  const issue = (message: string) =>
    context.addIssue({ code: 'custom', path: ['amount'], message });
  if (units === null) return issue(receiveMessages.invalidValue);
  if (units <= 0n) return issue(receiveMessages.notPositive);
  const most = values.system === 'sepa' ? OB_SEPA_MAX_AMOUNT : OB_SEPA_INSTANT_MAX_AMOUNT;
  if (units > (toMinorUnits(most) ?? 0n)) {
    issue(values.system === 'sepa' ? receiveMessages.tooHighSepa : receiveMessages.tooHighInstant);
  }
}

export const receivePaymentSchema = receivePaymentFields.superRefine(refineAmount);

export type ReceivePaymentInput = z.input<typeof receivePaymentSchema>;
export type ReceivePaymentValues = z.output<typeof receivePaymentSchema>;

export function newReceivePaymentValues(): ReceivePaymentInput {
  return { system: 'sepa', amount: '', currencyCode: 'EUR', description: '', email: '' };
}

export function toReceivePaymentRequest(
  accountUuid: string,
  values: ReceivePaymentValues,
): ObReceivePayment {
  return {
    accountUuid,
    amount: normalizeAmount(values.amount),
    currencyCode: 'EUR',
    description: values.description,
    email: values.email === '' ? null : values.email,
  };
}
