import { describe, expect, it } from 'vitest';
import {
  AS4_TRANSPORT_PROFILE,
  BIS_BILLING,
  checkCapability,
  peppolDocumentType,
  peppolDocumentTypes,
} from './document-types.ts';

describe('Peppol document types and processes (code lists v9.7)', () => {
  it('hold the list’s 321 document types, 209 of them active, under their two schemes', () => {
    const types = peppolDocumentTypes();
    expect(types).toHaveLength(321);
    expect(types.filter((type) => type.state === 'active')).toHaveLength(209);
    // A PINT identifier removed as busdox-docid-qns lives on as a wildcard.
    const pint =
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:peppol:pint:billing-1@jp-1::2.1';
    expect(peppolDocumentType(pint)?.state).toBe('removed');
    expect(peppolDocumentType(pint, 'peppol-doctype-wildcard')?.state).toBe('active');
  });

  it('know BIS Billing 3.0 and the Italian NSO order, each with its process', () => {
    expect(peppolDocumentType(BIS_BILLING.invoice)).toMatchObject({ state: 'active' });
    expect(checkCapability(BIS_BILLING.invoice, BIS_BILLING.process)).toBeNull();
    expect(checkCapability(BIS_BILLING.creditNote, BIS_BILLING.process)).toBeNull();
    const nsoOrder =
      'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3:restrictive:urn:www.agid.gov.it:trns:ordine:3.1::2.1';
    expect(peppolDocumentType(nsoOrder)?.state).toBe('active');
    expect(checkCapability(BIS_BILLING.invoice, 'urn:fdc:peppol.eu:poacc:bis:ordering:3')).toBe(
      'wrong_process',
    );
    // Identifiers are case-sensitive (POLICY 2).
    expect(checkCapability(BIS_BILLING.invoice.toUpperCase(), BIS_BILLING.process)).toBe(
      'unknown_document_type',
    );
  });

  it('refuse removed document types and name the active AS4 transport profile', () => {
    const removed = peppolDocumentTypes().find((type) => type.state === 'removed');
    expect(removed).toBeDefined();
    expect(
      checkCapability(removed?.value ?? '', removed?.processes[0] ?? '', removed?.scheme),
    ).toBe('removed_document_type');
    expect(AS4_TRANSPORT_PROFILE).toBe('peppol-transport-as4-v2_0');
  });
});
