/**
 * The Polish legal entity form (spec 3, 5): its values, its rules and the request it sends.
 * E-mail valid and required; name, NIP, both address lines, postcode and city required; every
 * field at most 255 characters (spec 9); the province optional; the country is Poland, sent as
 * `PL` on create (spec 3). The NIP is ten digits (the API checks its check digit and answers 422
 * on `nip`, worded by its code).
 */
import {
  PL_LEGAL_ENTITY_MESSAGES,
  type PlLegalEntity,
  type PlLegalEntityRequest,
} from '@fiscus/contracts';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { z } from 'zod';

/** The messages of this form, client and server, by the key that words them (`validation.<key>`). */
export const legalEntityMessages = {
  notBlank: validationMessages.notBlank,
  tooLong255: validationMessages.tooLong255,
  tooLong: 'This value is too long.',
  notAnEmail: validationMessages.notAnEmail,
  nipDigits: 'The NIP has ten digits.',
  ...PL_LEGAL_ENTITY_MESSAGES,
} as const;

const MAX = 255;

const text = z.string().trim().max(MAX, { error: legalEntityMessages.tooLong255 });
const required = text.min(1, { error: legalEntityMessages.notBlank });

/** The NIP as people write it (`123-456-32-18`, spaces) reduced to its digits. */
export function nipDigits(value: string): string {
  return value.replaceAll('-', '').replaceAll(' ', '');
}

const TEN_DIGITS = /^\d{10}$/;

export const legalEntityFormSchema = z.object({
  name: required,
  nip: required.refine((value) => value === '' || TEN_DIGITS.test(nipDigits(value)), {
    error: legalEntityMessages.nipDigits,
  }),
  email: required.refine((value) => value === '' || z.email().safeParse(value).success, {
    error: legalEntityMessages.notAnEmail,
  }),
  addressLine1: required,
  addressLine2: required,
  postcode: required,
  city: required,
  province: text,
  incomingInvoiceEnabled: z.boolean(),
});

export type LegalEntityFormInput = z.input<typeof legalEntityFormSchema>;
export type LegalEntityFormValues = z.output<typeof legalEntityFormSchema>;

/** The fields in the order the form shows them (a violation of any of them lands on it). */
export const LEGAL_ENTITY_FIELDS = [
  'name',
  'nip',
  'email',
  'addressLine1',
  'addressLine2',
  'postcode',
  'city',
  'province',
  'incomingInvoiceEnabled',
] as const;

export function newLegalEntityValues(): LegalEntityFormInput {
  return {
    name: '',
    nip: '',
    email: '',
    addressLine1: '',
    addressLine2: '',
    postcode: '',
    city: '',
    province: '',
    // Receiving is why most entities are onboarded: on unless the user says otherwise.
    incomingInvoiceEnabled: true,
  };
}

export function existingLegalEntityValues(entity: PlLegalEntity): LegalEntityFormInput {
  return {
    name: entity.name,
    nip: entity.nip,
    email: entity.email,
    addressLine1: entity.addressLine1,
    addressLine2: entity.addressLine2,
    postcode: entity.postcode,
    city: entity.city,
    province: entity.province ?? '',
    incomingInvoiceEnabled: entity.incomingInvoiceEnabled,
  };
}

/** The request body: `countryIso2: 'PL'` on create only (spec 3), an empty province as null. */
export function toLegalEntityRequest(
  values: LegalEntityFormValues,
  creating: boolean,
): PlLegalEntityRequest {
  return {
    name: values.name,
    nip: nipDigits(values.nip),
    email: values.email,
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2,
    postcode: values.postcode,
    city: values.city,
    province: values.province === '' ? null : values.province,
    incomingInvoiceEnabled: values.incomingInvoiceEnabled,
    ...(creating ? { countryIso2: 'PL' as const } : {}),
  };
}
