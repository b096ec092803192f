import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { obAmountField } from './accounts.ts';

/** Spec 9: systems for receiving, and for filtering. */
export const obReceiveSystems = ['sepa', 'sepa_instant'] as const;
export const obPaymentSystems = ['sepa', 'sepa_instant', 'swift'] as const;
export type ObPaymentSystem = (typeof obPaymentSystems)[number];

/**
 * A payment request's life: created (link made) → pending (the payer authorised it at the bank)
 * → accepted (the money is on the account); rejected by the payer's bank; expired unpaid.
 */
export const obPaymentStatuses = ['created', 'pending', 'accepted', 'rejected', 'expired'] as const;
export type ObPaymentStatus = (typeof obPaymentStatuses)[number];
export const obPaymentDirections = ['inbound', 'outbound'] as const;

/** Most a SEPA credit transfer may carry (EPC: 999,999,999.99 EUR); SEPA Instant: 100,000. */
export const OB_SEPA_MAX_AMOUNT = '999999999.99';
export const OB_SEPA_INSTANT_MAX_AMOUNT = '100000.00';
export const OB_PAYMENT_DESCRIPTION_MAX_LENGTH = 1000;

/**
 * `POST /payments/receive/sepa` and `/payments/receive/sepa-instant` (spec 3 "Receive-payment
 * request"; provider 7): amount a decimal string (a JSON number is read as its decimal text),
 * EUR only, description up to 1000 characters.
 */
export const obReceivePaymentSchema = z.object({
  accountUuid: z.uuid(),
  amount: z
    .union([z.string(), z.number()])
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'Invalid value', abort: true })
        .refine((value) => Number(value) > 0, { error: 'The amount must be above zero.' }),
    ),
  currencyCode: z.literal('EUR', { error: 'Payments are in EUR only.' }),
  description: z.string().trim().min(1).max(OB_PAYMENT_DESCRIPTION_MAX_LENGTH),
  email: z
    .string()
    .trim()
    .max(255)
    .pipe(z.email())
    .nullish()
    .or(z.literal('').transform(() => null)),
  returnUrl: z
    .string()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/ }))
    .optional(),
  /** The Italian customer invoice the payment is asked for: it carries its number (issue 36). */
  invoiceUuid: z.uuid().optional(),
});
export type ObReceivePayment = z.input<typeof obReceivePaymentSchema>;
export const obReceivePaymentResponseSchema = z.object({
  uuid: z.uuid(),
  connectUrl: z.string(),
});

export const obPaymentSchema = z.object({
  uuid: z.uuid(),
  createdAt: timestampField,
  direction: z.enum(obPaymentDirections),
  system: z.enum(obPaymentSystems),
  amount: obAmountField,
  currencyCode: z.string(),
  status: z.enum(obPaymentStatuses),
  description: z.string(),
  accountUuid: z.uuid(),
  /** The payer's name and IBAN once the payer paid. */
  payerName: z.string().nullable(),
  payerIban: z.string().nullable(),
  /** The hosted payment page (while it can be paid). */
  connectUrl: z.string().nullable(),
  invoiceUuid: z.uuid().nullable(),
  updatedAt: timestampField,
});
export type ObPayment = z.infer<typeof obPaymentSchema>;

/** `GET /business-registry/{fiscalId}/payments` (spec 7). */
export const obPaymentListQuerySchema = paginationQuerySchema.extend({
  system: z.union([z.enum(obPaymentSystems), z.array(z.enum(obPaymentSystems))]).optional(),
  'account.uuid': z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
  'madeOn[after]': z.iso.date().optional(),
  'madeOn[before]': z.iso.date().optional(),
});
