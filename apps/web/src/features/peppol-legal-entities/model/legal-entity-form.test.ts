import type { PeppolLegalEntity } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import {
  BELGIAN_DOCUMENT_TYPES,
  createLegalEntityFormSchema,
  emailList,
  existingLegalEntityValues,
  formFieldOfViolation,
  newLegalEntityValues,
  smpFirst,
  toLegalEntityRequest,
  toSmpRequest,
} from './legal-entity-form';

const entity: PeppolLegalEntity = {
  uuid: '6c3a0d2f-8e5b-4f9c-a04d-3b2c1d0e9f8a',
  registeredName: 'Delta Peppol BV',
  identifierScheme: '0208',
  identifierValue: '0123456749',
  address: null,
  zipCode: null,
  country: 'BE',
  stateOrProvince: null,
  city: null,
  receivedDocumentNotificationEmails: ['a@delta.example'],
  smpEnabled: true,
  capabilities: [],
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

describe('the legal entity form', () => {
  it('requires the name and the identifier, and fits every field in its column', () => {
    const result = createLegalEntityFormSchema('it').safeParse({
      ...newLegalEntityValues('it'),
      address: 'x'.repeat(256),
      country: 'ITA',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(paths).toEqual([
      ['registeredName', 'Required'],
      ['identifierScheme', 'Required'],
      ['identifierValue', 'Required'],
      ['address', 'This value is too long. It should have 255 characters or less.'],
      ['country', 'Two letters: the ISO 3166 country code.'],
    ]);
  });

  it('prefills Belgium’s scheme and maps its two checkboxes to the BIS Billing types', () => {
    expect(newLegalEntityValues('be').identifierScheme).toBe('0208');
    const values = existingLegalEntityValues(entity, {
      enabled: true,
      capabilities: [{ documentType: BELGIAN_DOCUMENT_TYPES.creditNote }],
    });
    expect(values).toMatchObject({ invoice: false, creditNote: true, smpEnabled: true });
    const parsed = createLegalEntityFormSchema('be').parse({ ...values, invoice: true });
    expect(toSmpRequest('be', parsed)).toEqual({
      enabled: true,
      capabilities: [
        { documentType: BELGIAN_DOCUMENT_TYPES.invoice },
        { documentType: BELGIAN_DOCUMENT_TYPES.creditNote },
      ],
    });
    expect(toLegalEntityRequest(parsed).receivedDocumentNotificationEmails).toEqual([
      'a@delta.example',
    ]);
  });

  it('asks for a capability while registered, and for each row’s document type', () => {
    const values = { ...existingLegalEntityValues(entity, { enabled: true, capabilities: [] }) };
    const none = createLegalEntityFormSchema('it').safeParse(values);
    expect(none.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['capabilities']);
    const blank = createLegalEntityFormSchema('it').safeParse({
      ...values,
      capabilities: [{ documentType: '', documentTypeScheme: '', process: '', processScheme: '' }],
    });
    expect(blank.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['capabilities.0.documentType', 'Required'],
    ]);
    expect(
      createLegalEntityFormSchema('it').safeParse({ ...values, smpEnabled: false }).success,
    ).toBe(true);
  });

  it('reads the e-mails however they are separated, and refuses a wrong one', () => {
    expect(emailList(' a@x.example,b@x.example;\nc@x.example ')).toEqual([
      'a@x.example',
      'b@x.example',
      'c@x.example',
    ]);
    const wrong = createLegalEntityFormSchema('it').safeParse({
      ...existingLegalEntityValues(entity, { enabled: false, capabilities: [] }),
      receivedDocumentNotificationEmails: 'a@x.example, nope',
    });
    expect(wrong.error?.issues[0]?.message).toBe('This value is not a valid email address.');
  });

  it('maps a capability row violation onto its field, and turns SMP off before the entity', () => {
    expect(formFieldOfViolation('capabilities[2].process')).toBe('capabilities.2.process');
    expect(formFieldOfViolation('identifierValue')).toBeUndefined();
    const off = createLegalEntityFormSchema('it').parse({
      ...existingLegalEntityValues(entity, { enabled: true, capabilities: [] }),
      smpEnabled: false,
    });
    expect(smpFirst(true, off)).toBe(true);
    expect(smpFirst(false, off)).toBe(false);
  });
});
