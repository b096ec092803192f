import { describe, expect, it } from 'vitest';
import {
  apiConfigurationFormSchema,
  newApiConfigurationValues,
  toApiConfigurationRequest,
} from './api-configuration-form-schema';

function errorsOf(values: unknown) {
  const result = apiConfigurationFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('webhook configuration form rules (spec 5)', () => {
  it('needs an event and a target URL, all reported at once', () => {
    expect(errorsOf({ ...newApiConfigurationValues(), authentication_type: 'header' })).toEqual({
      event: 'This value should not be blank.',
      target_url: 'This value should not be blank.',
      authentication_key: 'This value should not be blank.',
      authentication_token: 'This value should not be blank.',
    });
  });

  it('checks the URL type only, leaving scheme rules to the server', () => {
    const base = { ...newApiConfigurationValues(), event: 'receipt' };
    expect(errorsOf({ ...base, target_url: 'example.com/hook' })).toEqual({
      target_url: 'This value is not a valid URL.',
    });
    expect(errorsOf({ ...base, target_url: 'ftp://example.com/hook' })).toEqual({});
  });

  it('sends registries as fiscal id links and no credentials without authentication', () => {
    const values = apiConfigurationFormSchema.parse({
      ...newApiConfigurationValues(),
      event: 'supplier-invoice',
      target_url: ' https://example.com/hook ',
      authentication_key: 'left over',
      authentication_token: 'left over',
      business_registry_configurations: ['01234567890'],
    });
    expect(toApiConfigurationRequest(values)).toEqual({
      event: 'supplier-invoice',
      target_url: 'https://example.com/hook',
      authentication_type: 'none',
      authentication_key: null,
      authentication_token: null,
      business_registry_configurations: [{ fiscal_id: '01234567890' }],
    });
  });
});
