import { describe, expect, it } from 'vitest';
import { buildQueryString } from './api-client';
import {
  ApiError,
  apiErrorFromBody,
  parseCollection,
  propertyFilter,
  violationMessage,
  violationsByField,
} from './hydra';

describe('parseCollection', () => {
  it('reads a JSON-LD hydra collection', () => {
    const body = {
      '@context': '/contexts/Account',
      '@id': '/users/me/accounts',
      '@type': 'hydra:Collection',
      'hydra:member': [{ email: 'a@b.test' }],
      'hydra:totalItems': 42,
      'hydra:view': { '@id': '/users/me/accounts?page=1' },
    };
    expect(parseCollection(body)).toEqual({ items: [{ email: 'a@b.test' }], total: 42 });
  });

  it('reads the unprefixed form and a bare array', () => {
    expect(parseCollection({ member: [1, 2], totalItems: 7 })).toEqual({ items: [1, 2], total: 7 });
    expect(parseCollection([1, 2, 3])).toEqual({ items: [1, 2, 3], total: 3 });
  });

  it('throws an ApiError for something that is not a collection', () => {
    expect(() => parseCollection({ detail: 'nope' })).toThrow(ApiError);
  });
});

describe('apiErrorFromBody', () => {
  it('keeps problem fields and violations of a 422', () => {
    const error = apiErrorFromBody(422, {
      type: '/problems/validation',
      title: 'Validation failed',
      status: 422,
      detail: 'password: Passwords do not match',
      violations: [
        { propertyPath: 'password_confirm', message: 'Passwords do not match', code: 'not_equal' },
        { propertyPath: 'password_confirm', message: 'second message', code: 'x' },
      ],
    });
    expect(error.status).toBe(422);
    expect(error.problem.title).toBe('Validation failed');
    expect(error.violations).toHaveLength(2);
    expect(violationsByField(error)).toEqual({ password_confirm: 'Passwords do not match' });
  });

  it('keeps the messages the invoice engine writes in each language, and picks the user language', () => {
    const error = apiErrorFromBody(400, {
      status: 400,
      detail: 'invalid',
      violations: [
        {
          propertyPath: 'fattura_elettronica_header.cedente_prestatore.id_fiscale_iva.id_codice',
          message: 'The element IdCodice is missing.',
          messages: {
            it: "Manca l'elemento IdCodice.",
            en: 'The element IdCodice is missing.',
            pl: 7,
          },
        },
        { propertyPath: 'number', message: 'This value should not be blank.' },
      ],
    });
    const [finding, plain] = error.violations;
    expect(violationMessage(finding!, 'it')).toBe("Manca l'elemento IdCodice.");
    expect(violationMessage(finding!, 'it-IT')).toBe("Manca l'elemento IdCodice.");
    // A language the API did not write (or a non-string) falls back to the message as sent.
    expect(violationMessage(finding!, 'pl')).toBe('The element IdCodice is missing.');
    expect(violationMessage(plain!, 'it')).toBe('This value should not be blank.');
  });

  it('understands hydra error bodies', () => {
    const error = apiErrorFromBody(400, {
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': 'Invalid page',
    });
    expect(error.problem).toMatchObject({ title: 'An error occurred', detail: 'Invalid page' });
  });

  it('falls back to status text for an empty or plain-text body', () => {
    expect(apiErrorFromBody(502, null, 'Bad Gateway').problem).toMatchObject({
      title: 'Bad Gateway',
      detail: '',
    });
    expect(apiErrorFromBody(503, 'upstream down').problem.detail).toBe('upstream down');
  });
});

describe('propertyFilter', () => {
  it('asks for top-level and nested properties in API Platform syntax', () => {
    const query = propertyFilter(['uuid', 'invoiceNumber', 'sender.business_name', 'uuid']);
    expect(query).toEqual({
      'properties[]': ['uuid', 'invoiceNumber'],
      'properties[sender][]': ['business_name'],
    });
    expect(decodeURIComponent(buildQueryString({ page: 2, ...query }))).toBe(
      '?page=2&properties[]=uuid&properties[]=invoiceNumber&properties[sender][]=business_name',
    );
  });
});
