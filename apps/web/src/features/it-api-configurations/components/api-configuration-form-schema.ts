import {
  authenticationTypes,
  TARGET_URL_MAX_LENGTH,
  validationMessages,
  webhookEvents,
  webhookTargetMessages,
} from '@fiscus/contracts';
import type { ApiConfiguration, ApiConfigurationUpdate } from '@fiscus/contracts';
import { z } from 'zod';

/** The server's wording, so client and server errors read (and translate) the same. */
export const configurationMessages = {
  notBlank: validationMessages.notBlank,
  invalidChoice: validationMessages.invalidChoice,
  invalidUrl: webhookTargetMessages.invalidUrl,
  tooLong: 'This value is too long.',
  tooLong255: validationMessages.tooLong255,
  credentialsInUrl: webhookTargetMessages.credentialsInUrl,
  privateTarget: webhookTargetMessages.privateTarget,
  retypeToken: webhookTargetMessages.retypeToken,
} as const;

/** Any absolute URL: the spec asks for a target URL "of URL type". */
const urlType = z.url();

/**
 * The form's schema (account spec 5): an event of the list, a target URL of URL type, and a key
 * and token whenever authentication is not `none`. The token is write-only: the API returns only
 * a hint of it, so when one is saved (`tokenSaved`) an empty field keeps it. Only the URL *type*
 * is checked here; the server adds its own rules (http/https only, no private addresses where the
 * instance forbids them, the token typed again for a new target origin) and answers 422, which
 * the dialog shows per field.
 */
export const createApiConfigurationFormSchema = (
  options: { tokenSaved: boolean } = { tokenSaved: false },
) =>
  z
    .object({
      event: z.union([z.enum(webhookEvents), z.literal('')]),
      // No aborting checks here: an aborted field would skip the cross-field checks below, and
      // one Save should show every problem at once.
      target_url: z
        .string()
        .trim()
        .min(1, { error: configurationMessages.notBlank })
        .max(TARGET_URL_MAX_LENGTH, { error: configurationMessages.tooLong })
        .refine((value) => value === '' || urlType.safeParse(value).success, {
          error: configurationMessages.invalidUrl,
        }),
      authentication_type: z.enum(authenticationTypes, {
        error: configurationMessages.invalidChoice,
      }),
      authentication_key: z.string().trim().max(255, { error: configurationMessages.tooLong255 }),
      authentication_token: z.string().trim().max(255, { error: configurationMessages.tooLong255 }),
      /** Fiscal ids of the linked business registry configurations. */
      business_registry_configurations: z.array(z.string()),
    })
    .superRefine((values, context) => {
      if (values.event === '') {
        context.addIssue({
          code: 'custom',
          path: ['event'],
          message: configurationMessages.notBlank,
        });
      }
      if (values.authentication_type === 'none') return;
      const required = options.tokenSaved
        ? (['authentication_key'] as const)
        : (['authentication_key', 'authentication_token'] as const);
      for (const field of required) {
        if (values[field] === '') {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: configurationMessages.notBlank,
          });
        }
      }
    });

export type ApiConfigurationFormInput = z.input<
  ReturnType<typeof createApiConfigurationFormSchema>
>;
export type ApiConfigurationFormValues = z.output<
  ReturnType<typeof createApiConfigurationFormSchema>
>;

/** The form's field names, which are also the API's `propertyPath`s. */
export const API_CONFIGURATION_FIELDS = [
  'event',
  'target_url',
  'authentication_type',
  'authentication_key',
  'authentication_token',
  'business_registry_configurations',
] as const;

export function newApiConfigurationValues(): ApiConfigurationFormInput {
  return {
    event: '',
    target_url: '',
    authentication_type: 'none',
    authentication_key: '',
    authentication_token: '',
    business_registry_configurations: [],
  };
}

export function existingApiConfigurationValues(
  configuration: ApiConfiguration,
): ApiConfigurationFormInput {
  return {
    event: configuration.event,
    target_url: configuration.target_url,
    authentication_type: configuration.authentication_type,
    authentication_key: configuration.authentication_key ?? '',
    // Never sent back by the API: an empty field keeps the saved token.
    authentication_token: '',
    business_registry_configurations: configuration.business_registry_configurations.map(
      (registry) => registry.fiscal_id,
    ),
  };
}

/**
 * The request body. Without authentication the key and token are sent as null so that switching
 * an existing configuration back to `none` also clears the stored credentials; with it, an empty
 * token is sent as null, which keeps the saved one on an update.
 */
export function toApiConfigurationRequest(
  values: ApiConfigurationFormValues,
): ApiConfigurationUpdate {
  if (values.event === '') throw new Error('The schema guarantees an event');
  const withCredentials = values.authentication_type !== 'none';
  return {
    event: values.event,
    target_url: values.target_url,
    authentication_type: values.authentication_type,
    authentication_key: withCredentials ? values.authentication_key : null,
    authentication_token:
      withCredentials && values.authentication_token !== '' ? values.authentication_token : null,
    business_registry_configurations: values.business_registry_configurations.map((fiscalId) => ({
      fiscal_id: fiscalId,
    })),
  };
}
