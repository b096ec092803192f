import { describe, expect, it } from 'vitest';
import {
  webhookFormSchema,
  webhookMessages,
  newWebhookValues,
  toWebhookRequest,
} from './webhook-form';
import { legalEntitySearch, pageOf } from './webhook-list';

function errorsOf(values: Record<string, unknown>) {
  const result = webhookFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('webhookFormSchema', () => {
  it('requires the legal entity, the type and the URL', () => {
    expect(errorsOf(newWebhookValues())).toEqual({
      legalEntity: webhookMessages.notBlank,
      webhookType: webhookMessages.notBlank,
      webhookUrl: webhookMessages.notBlank,
    });
  });

  it('takes an http or https URL only', () => {
    const values = {
      legalEntity: '0c5e8a1b-3d2f-4a6b-9c8d-7e6f5a4b3c2d',
      webhookType: 'legal-entity-invoice-upo',
    };
    expect(errorsOf({ ...values, webhookUrl: 'ftp://example.com/x' })).toEqual({
      webhookUrl: webhookMessages.invalidUrl,
    });
    expect(errorsOf({ ...values, webhookUrl: 'example.com' })).toEqual({
      webhookUrl: webhookMessages.invalidUrl,
    });
    const parsed = webhookFormSchema.parse({ ...values, webhookUrl: ' https://example.com/x ' });
    expect(toWebhookRequest(parsed)).toEqual({ ...values, webhookUrl: 'https://example.com/x' });
  });
});

describe('the list and the picker', () => {
  it('pages the rows the API sends at once', () => {
    const rows = Array.from({ length: 35 }, (_, index) => index);
    expect(pageOf(rows, 1, 30)).toHaveLength(30);
    expect(pageOf(rows, 2, 30)).toEqual([30, 31, 32, 33, 34]);
    expect(pageOf(rows, 3, 30)).toEqual([]);
  });

  it('searches a NIP when digits are typed, a name otherwise', () => {
    expect(legalEntitySearch('  ')).toEqual({});
    expect(legalEntitySearch('526-025')).toEqual({ nip: '526025' });
    expect(legalEntitySearch('Alfa 2')).toEqual({ name: 'Alfa 2' });
  });
});
