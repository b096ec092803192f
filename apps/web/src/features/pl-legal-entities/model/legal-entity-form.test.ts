import { describe, expect, it } from 'vitest';
import {
  legalEntityFormSchema,
  legalEntityMessages,
  newLegalEntityValues,
  toLegalEntityRequest,
} from './legal-entity-form';

const filled = {
  ...newLegalEntityValues(),
  name: 'ALFA SP. Z O.O.',
  nip: '526-025-02-74',
  email: 'ksef@alfa.example',
  addressLine1: 'ul. Marszałkowska 1',
  addressLine2: 'lok. 2',
  postcode: '00-001',
  city: 'Warszawa',
};

function errorsOf(values: Record<string, unknown>) {
  const result = legalEntityFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('legalEntityFormSchema (spec 5)', () => {
  it('requires everything but the province', () => {
    expect(errorsOf(newLegalEntityValues())).toEqual({
      name: legalEntityMessages.notBlank,
      nip: legalEntityMessages.notBlank,
      email: legalEntityMessages.notBlank,
      addressLine1: legalEntityMessages.notBlank,
      addressLine2: legalEntityMessages.notBlank,
      postcode: legalEntityMessages.notBlank,
      city: legalEntityMessages.notBlank,
    });
    expect(errorsOf(filled)).toEqual({});
  });

  it('checks the e-mail, the NIP’s ten digits and 255 characters at most', () => {
    expect(
      errorsOf({ ...filled, email: 'not an e-mail', nip: '12345', city: 'x'.repeat(256) }),
    ).toEqual({
      email: legalEntityMessages.notAnEmail,
      nip: legalEntityMessages.nipDigits,
      city: legalEntityMessages.tooLong255,
    });
    expect(errorsOf({ ...filled, province: 'x'.repeat(256) })).toEqual({
      province: legalEntityMessages.tooLong255,
    });
  });
});

describe('toLegalEntityRequest', () => {
  it('sends the NIP’s digits, PL on create only and an empty province as null', () => {
    const values = legalEntityFormSchema.parse(filled);
    expect(toLegalEntityRequest(values, true)).toEqual({
      name: 'ALFA SP. Z O.O.',
      nip: '5260250274',
      email: 'ksef@alfa.example',
      addressLine1: 'ul. Marszałkowska 1',
      addressLine2: 'lok. 2',
      postcode: '00-001',
      city: 'Warszawa',
      province: null,
      incomingInvoiceEnabled: true,
      countryIso2: 'PL',
    });
    expect(toLegalEntityRequest(values, false)).not.toHaveProperty('countryIso2');
  });
});
