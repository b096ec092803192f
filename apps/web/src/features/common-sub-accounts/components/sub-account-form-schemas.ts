import {
  subAccountChangePasswordRequestSchema,
  subAccountCreateRequestSchema,
  subAccountUpdateRequestSchema,
  validationMessages,
} from '@fiscus/contracts';
import type { SubAccountCreateRequest, SubAccountUpdateRequest } from '@fiscus/contracts';
import { z } from 'zod';

/**
 * The form keeps "no full name" as an empty text box, while the API wants the field absent
 * (create) or null (edit). Same rule as the contract otherwise: at least 3 characters.
 */
const optionalFullname = z
  .string()
  .trim()
  .refine((value) => value === '' || value.length >= 3, {
    error: validationMessages.fullnameTooShort,
  });

export const subAccountCreateFormSchema = subAccountCreateRequestSchema
  .omit({ roles: true, fullname: true, enabled: true })
  .extend({ fullname: optionalFullname, enabled: z.boolean() });
export type SubAccountCreateFormInput = z.input<typeof subAccountCreateFormSchema>;
export type SubAccountCreateFormValues = z.output<typeof subAccountCreateFormSchema>;

export const subAccountCreateFormDefaults: SubAccountCreateFormInput = {
  email: '',
  fiscal_id: '',
  fullname: '',
  password: '',
  enabled: true,
};

export function toCreateRequest(values: SubAccountCreateFormValues): SubAccountCreateRequest {
  const { fullname, ...rest } = values;
  return fullname === '' ? rest : { ...rest, fullname };
}

export const subAccountEditFormSchema = subAccountUpdateRequestSchema
  .omit({ fullname: true, enabled: true })
  .extend({ fullname: optionalFullname, enabled: z.boolean() });
export type SubAccountEditFormInput = z.input<typeof subAccountEditFormSchema>;
export type SubAccountEditFormValues = z.output<typeof subAccountEditFormSchema>;

export function toUpdateRequest(values: SubAccountEditFormValues): SubAccountUpdateRequest {
  // An emptied box clears the name on the server.
  return { fullname: values.fullname === '' ? null : values.fullname, enabled: values.enabled };
}

export const subAccountPasswordFormSchema = subAccountChangePasswordRequestSchema;
export type SubAccountPasswordFormValues = z.output<typeof subAccountPasswordFormSchema>;
