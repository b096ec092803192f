import { describe, expect, it } from 'vitest';
import type { ApiConfiguration } from '@fiscus/contracts';
import {
  createApiConfigurationFormSchema,
  existingApiConfigurationValues,
  newApiConfigurationValues,
  toApiConfigurationRequest,
} from './api-configuration-form-schema';

const apiConfigurationFormSchema = createApiConfigurationFormSchema();

function errorsOf(values: unknown, schema = apiConfigurationFormSchema) {
  const result = schema.safeParse(values);
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

  it('never shows the saved token, and an empty token field keeps it', () => {
    const saved: ApiConfiguration = {
      '@id': '/api/it/api-configurations/0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f',
      uuid: '0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f',
      event: 'receipt',
      target_url: 'https://hooks.example.com/fiscus',
      authentication_type: 'header',
      authentication_key: 'Bearer',
      authentication_token_hint: '••••cret',
      business_registry_configurations: [],
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:00:00.000Z',
    };
    const values = existingApiConfigurationValues(saved);
    expect(values.authentication_token).toBe('');
    const keeping = createApiConfigurationFormSchema({ tokenSaved: true });
    expect(errorsOf(values, keeping)).toEqual({});
    expect(toApiConfigurationRequest(keeping.parse(values))).toMatchObject({
      authentication_type: 'header',
      authentication_key: 'Bearer',
      authentication_token: null,
    });
    expect(
      toApiConfigurationRequest(keeping.parse({ ...values, authentication_token: 'n3w' })),
    ).toMatchObject({ authentication_token: 'n3w' });
    // Without a saved token (a configuration that had no authentication) one must be typed.
    expect(errorsOf(values)).toEqual({ authentication_token: 'This value should not be blank.' });
  });
});
