import { describe, expect, it } from 'vitest';
import { accessFor } from '../../../lib/roles';
import { canCreateInvoices } from './invoice-list-page';

const keys = {
  it: 'it',
  peppol: 'peppol',
  peppol_be: 'peppol_be',
  pl: 'pl',
  ob: 'ob',
  common: 'common',
  preservation: 'preservation',
  stripe: 'stripe',
  transfer: 'transfer',
};

describe('canCreateInvoices (spec 6: new and import buttons)', () => {
  it('hides them on sent invoices for a stripe account without ROLE_CREATE_INVOICE only', () => {
    expect(canCreateInvoices(accessFor({ it: ['ROLE_INVOICING'] }, keys), 0)).toBe(true);
    expect(
      canCreateInvoices(accessFor({ stripe: ['ROLE_WRITER'], it: ['ROLE_INVOICING'] }, keys), 0),
    ).toBe(false);
    expect(
      canCreateInvoices(
        accessFor({ stripe: ['ROLE_WRITER', 'ROLE_CREATE_INVOICE'], it: ['ROLE_INVOICING'] }, keys),
        0,
      ),
    ).toBe(true);
  });

  it('keeps the import of received invoices for a stripe account without the role', () => {
    expect(
      canCreateInvoices(accessFor({ stripe: ['ROLE_WRITER'], it: ['ROLE_INVOICING'] }, keys), 1),
    ).toBe(true);
  });
});
