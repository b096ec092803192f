/**
 * The business registry form (spec 5): a new registry needs its fiscal id (without country
 * prefix), a valid e-mail and the business name; an edit changes only the name and the e-mail
 * alerts (fiscal id and e-mail shown, not editable).
 */
import {
  obBusinessRegistryCreateSchema,
  obBusinessRegistryUpdateSchema,
  obLocales,
  type ObBusinessRegistry,
  type ObBusinessRegistryCreate,
  type ObBusinessRegistryUpdate,
  type ObLocale,
} from '@fiscus/contracts';
import { z } from 'zod';

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

/** The console's language as the hosted connect flow speaks it (English otherwise). */
export function obLocaleOf(language: string): ObLocale {
  const short = language.slice(0, 2);
  return (obLocales as readonly string[]).includes(short) ? (short as ObLocale) : 'en';
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
