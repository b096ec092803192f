import { isValidCodiceFiscale, isValidPartitaIva } from '@fiscus/fatturapa/fields';
import { describe, expect, it } from 'vitest';
import { demoPersonas } from '../../../db/seed-demo.ts';
import {
  createSdiRegistries,
  DEMO_BRANCH_COMPANY,
  DEMO_CUSTOMERS,
  DEMO_HELD_CUSTOMER,
  DEMO_OWN_COMPANY,
  DEMO_PUBLIC_OFFICES,
  DEMO_SUB_FISCAL_CODE,
  DEMO_SUPPLIERS,
} from './index.ts';

const registries = createSdiRegistries();

describe('the demo businesses', () => {
  it('carry VAT numbers and fiscal codes with correct check characters', () => {
    for (const company of [
      DEMO_OWN_COMPANY,
      DEMO_BRANCH_COMPANY,
      ...DEMO_CUSTOMERS,
      DEMO_HELD_CUSTOMER,
      ...DEMO_SUPPLIERS,
    ]) {
      expect(isValidPartitaIva(company.vat), company.name).toBe(true);
    }
    for (const office of DEMO_PUBLIC_OFFICES) {
      expect(isValidCodiceFiscale(office.fiscalCode), office.name).toBe(true);
    }
    expect(isValidCodiceFiscale(DEMO_SUB_FISCAL_CODE)).toBe(true);
  });

  it('give every demo persona valid identifiers', () => {
    for (const persona of demoPersonas) {
      const { invoicingVatNumber, invoicingFiscalId, fiscalId } = persona.profile ?? {};
      if (invoicingVatNumber) {
        expect(isValidPartitaIva(invoicingVatNumber.replace(/^IT/, '')), persona.local).toBe(true);
      }
      for (const code of [invoicingFiscalId, fiscalId]) {
        if (code) expect(isValidCodiceFiscale(code), persona.local).toBe(true);
      }
    }
  });

  it('are registered in the SDI sandbox: taxpayers, channels, IPA offices', () => {
    for (const company of [
      DEMO_OWN_COMPANY,
      DEMO_BRANCH_COMPANY,
      ...DEMO_CUSTOMERS,
      DEMO_HELD_CUSTOMER,
      ...DEMO_SUPPLIERS,
    ]) {
      expect(registries.taxpayers.find('IT', company.vat)?.name).toBe(company.name);
    }
    for (const customer of [...DEMO_CUSTOMERS, DEMO_HELD_CUSTOMER].filter(
      (c) => !c.recipientCode.startsWith('FAIL'),
    )) {
      expect(registries.recipientCodes.find(customer.recipientCode)).toMatchObject({
        status: 'active',
        ownerVat: customer.vat,
        reachable: customer.reachable,
      });
    }
    for (const office of DEMO_PUBLIC_OFFICES) {
      expect(registries.ipa.officeStatus(office.officeCode)).toBe('active');
      expect(registries.ipa.isPublicAdministration({ codiceFiscale: office.fiscalCode })).toBe(
        true,
      );
    }
  });

  it("keep the official samples' placeholder numbers usable beside them", () => {
    expect(isValidPartitaIva('01234567890')).toBe(false);
    expect(registries.taxpayers.exists('IT', '01234567890')).toBe(true);
    expect(registries.taxpayers.exists('IT', '09876543210')).toBe(true);
    expect(registries.recipientCodes.status('ABC1234')).toBe('active');
  });
});
