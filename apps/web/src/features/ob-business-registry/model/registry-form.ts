/**
 * The business registry form (spec 5): a new registry needs its fiscal id (without country
 * prefix), a valid e-mail and the business name; an edit changes only the name and the e-mail
 * alerts (fiscal id and e-mail shown, not editable).
 */
import {
  obBusinessRegistryCreateSchema,
  obBusinessRegistryUpdateSchema,
  type ObBusinessRegistry,
  type ObBusinessRegistryCreate,
  type ObBusinessRegistryUpdate,
} from '@fiscus/contracts';
import { z } from 'zod';
import { obLocaleOf } from './registry-list';

/** The contract's own messages this form words itself (`validation.<key>`). */
export const registryMessages = {
  fiscalIdFormat: 'A fiscal id has only letters and digits, without prefix.',
  tooLong: 'This value is too long.',
  fiscalIdTaken: 'A business registry with this fiscal id already exists.',
} as const;

const shape = obBusinessRegistryCreateSchema.shape;

export const newRegistrySchema = z.object({
  fiscalId: shape.fiscalId,
  email: shape.email,
  businessName: shape.businessName,
  emailAlerts: z.boolean(),
});

export const editRegistrySchema = z.object({
  fiscalId: z.string(),
  email: z.string(),
  businessName: obBusinessRegistryUpdateSchema.shape.businessName,
  emailAlerts: z.boolean(),
});

export type RegistryFormInput = z.input<typeof newRegistrySchema>;
export type RegistryFormValues = z.output<typeof newRegistrySchema>;

export function newRegistryValues(): RegistryFormInput {
  return { fiscalId: '', email: '', businessName: '', emailAlerts: true };
}

export function existingRegistryValues(registry: ObBusinessRegistry): RegistryFormInput {
  return {
    fiscalId: registry.fiscalId,
    email: registry.email,
    businessName: registry.businessName,
    emailAlerts: registry.emailAlerts,
  };
}

export function toCreateRequest(
  values: RegistryFormValues,
  language: string,
): ObBusinessRegistryCreate {
  return {
    fiscalId: values.fiscalId,
    email: values.email,
    businessName: values.businessName,
    emailAlerts: values.emailAlerts,
    locale: obLocaleOf(language),
  };
}

export function toUpdateRequest(values: RegistryFormValues): ObBusinessRegistryUpdate {
  return { businessName: values.businessName, emailAlerts: values.emailAlerts };
}
