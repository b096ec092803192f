import { validationMessages, type Profile, type ProfileUpdateRequest } from '@fiscus/contracts';
import { z } from 'zod';

const freeText = z.string().max(255, { error: validationMessages.tooLong255 });

/** Fields the user may change; email, VAT number and fiscal id are shown read-only (spec 5). */
export const editableProfileFields = [
  'fullname',
  'invoicing_name',
  'invoicing_address',
  'invoicing_city',
  'invoicing_province',
  'invoicing_cap',
  'invoicing_country',
  'statistics_scope',
  'credit_alert_email',
  'pre_sale_alert_threshold',
] as const;

export type EditableProfileField = (typeof editableProfileFields)[number];

/** The edit form works on strings (what inputs hold); `toProfileUpdate` converts for the API. */
export const profileFormSchema = z.object({
  fullname: freeText,
  invoicing_name: freeText,
  invoicing_address: freeText,
  invoicing_city: freeText,
  invoicing_province: freeText,
  invoicing_cap: freeText,
  invoicing_country: freeText,
  statistics_scope: freeText,
  credit_alert_email: z.union([
    z.literal(''),
    z
      .email({ error: validationMessages.notAnEmail })
      .max(255, { error: validationMessages.tooLong255 }),
  ]),
  pre_sale_alert_threshold: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, { error: 'validation.nonNegativeInteger' }),
});

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    fullname: profile.fullname ?? '',
    invoicing_name: profile.invoicing_name ?? '',
    invoicing_address: profile.invoicing_address ?? '',
    invoicing_city: profile.invoicing_city ?? '',
    invoicing_province: profile.invoicing_province ?? '',
    invoicing_cap: profile.invoicing_cap ?? '',
    invoicing_country: profile.invoicing_country ?? '',
    statistics_scope: profile.statistics_scope ?? '',
    credit_alert_email: profile.credit_alert_email ?? '',
    pre_sale_alert_threshold:
      profile.pre_sale_alert_threshold === null ? '' : String(profile.pre_sale_alert_threshold),
  };
}

/**
 * Only editable fields are sent (the API ignores the read-only ones anyway); an emptied text
 * field is sent as '' so the API clears it, an emptied threshold as null.
 */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdateRequest {
  const threshold = values.pre_sale_alert_threshold.trim();
  return {
    fullname: values.fullname,
    invoicing_name: values.invoicing_name,
    invoicing_address: values.invoicing_address,
    invoicing_city: values.invoicing_city,
    invoicing_province: values.invoicing_province,
    invoicing_cap: values.invoicing_cap,
    invoicing_country: values.invoicing_country,
    statistics_scope: values.statistics_scope,
    credit_alert_email: values.credit_alert_email,
    pre_sale_alert_threshold: threshold === '' ? null : Number.parseInt(threshold, 10),
  };
}
