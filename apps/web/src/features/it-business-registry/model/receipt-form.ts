/**
 * The smart receipt tab's form (spec 2.7, 5): the alert recipients (each a valid email; a box
 * left blank is no recipient, and there may be none, issue 31: the phone number saves on its own)
 * and the phone number with its international prefix (libphonenumber-js), blank sent as null.
 */
import { registryMessages, validationMessages } from '@fiscus/contracts';
import type { ReceiptSettings } from '@fiscus/contracts';
import { z } from 'zod';
import { checkInternationalPhone } from './phone-number';

/** Spec 5 has no upper bound; the API keeps at most 50 recipients. */
export const MAX_ALERT_RECIPIENTS = 50;

export const receiptFormSchema = z.object({
  receipts_alert_recipients: z
    .array(
      z.object({
        email: z
          .string()
          .trim()
          .max(255, { error: validationMessages.tooLong255, abort: true })
          .refine((value) => value === '' || z.email().safeParse(value).success, {
            error: registryMessages.invalidEmail,
          }),
      }),
    )
    .max(MAX_ALERT_RECIPIENTS),
  phone_number: z.string().transform((value, context) => {
    const checked = checkInternationalPhone(value);
    if (checked.ok) return checked.value;
    context.addIssue({ code: 'custom', message: registryMessages.phoneFormat });
    return z.NEVER;
  }),
});

export type ReceiptFormInput = z.input<typeof receiptFormSchema>;
export type ReceiptFormValues = z.output<typeof receiptFormSchema>;

export function receiptFormValues(settings: {
  receipts_alert_recipients: string[];
  phone_number: string | null;
}): ReceiptFormInput {
  const recipients = settings.receipts_alert_recipients;
  return {
    // An empty list still shows one box to type the first address in (left blank, it is none).
    receipts_alert_recipients: (recipients.length > 0 ? recipients : ['']).map((email) => ({
      email,
    })),
    phone_number: settings.phone_number ?? '',
  };
}

export function toReceiptSettings(values: ReceiptFormValues): ReceiptSettings {
  return {
    receipts_alert_recipients: values.receipts_alert_recipients
      .map((entry) => entry.email)
      .filter((email) => email !== ''),
    phone_number: values.phone_number,
  };
}
