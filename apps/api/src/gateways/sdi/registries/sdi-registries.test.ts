import { describe, expect, it } from 'vitest';
import {
  CENTRAL_OFFICE_CODE,
  createIpaRegistry,
  createRecipientCodeRegistry,
  createSdiRegistries,
  createTaxpayerRegistry,
} from './index.ts';

describe('taxpayer registry', () => {
  const registry = createTaxpayerRegistry();

  it('knows the parties of the official samples although their check digits are wrong', () => {
    expect(registry.exists('IT', '01234567890')).toBe(true);
    expect(registry.exists('IT', '09876543210')).toBe(true);
    expect(registry.find('IT', '01234567890')?.name).toBe('ALPHA SRL');
  });

  it('accepts unregistered Italian identifiers only with valid check digits', () => {
    expect(registry.exists('IT', '12345678903')).toBe(true);
    expect(registry.exists('IT', '12345678901')).toBe(false);
    expect(registry.exists('IT', 'RSSMRA85T10A562S')).toBe(true);
    expect(registry.exists('IT', 'RSSMRA85T10A562X')).toBe(false);
    expect(registry.find('IT', '12345678903')).toBeUndefined();
  });

  it('does not judge foreign identifiers, as SDI does not', () => {
    expect(registry.exists('DE', '123')).toBe(true);
  });

  it('takes extra entries (business registry configurations)', () => {
    const withExtra = createTaxpayerRegistry([
      { country: 'IT', code: '11111111111', name: 'GAMMA SPA' },
    ]);
    expect(registry.exists('IT', '11111111111')).toBe(false);
    expect(withExtra.exists('IT', '11111111111')).toBe(true);
    expect(withExtra.find('it', ' 11111111111 ')?.name).toBe('GAMMA SPA');
  });
});

describe('recipient code registry', () => {
  const registry = createRecipientCodeRegistry();

  it('has the code of the official FPR samples active, with its owner', () => {
    expect(registry.status('ABC1234')).toBe('active');
    expect(registry.find('ABC1234')).toMatchObject({ ownerVat: '09876543210', reachable: true });
  });

  it('tells inactive (00312) from unknown (00311) codes', () => {
    expect(registry.status('INA0001')).toBe('inactive');
    expect(registry.status('ZZZ9999')).toBe('unknown');
  });

  it('gives the special codes their meaning', () => {
    expect(registry.meaning('0000000')).toEqual({ kind: 'pec-or-reserved-area' });
    expect(registry.meaning('XXXXXXX')).toEqual({ kind: 'foreign-buyer' });
    expect(registry.meaning('AAAAAA')).toEqual({ kind: 'ipa-office' });
    expect(registry.meaning('ZZZ9999')).toEqual({ kind: 'unknown' });
    expect(registry.meaning('UNR0001')).toMatchObject({
      kind: 'channel',
      entry: { reachable: false },
    });
    expect(registry.status('0000000')).toBe('active');
  });

  it('takes extra codes', () => {
    const withExtra = createRecipientCodeRegistry([
      { code: 'NEW0001', status: 'active', description: 'Nuovo', reachable: true, pec: 'a@pec.it' },
    ]);
    expect(withExtra.status('new0001')).toBe('active');
    expect(registry.status('NEW0001')).toBe('unknown');
  });
});

describe('IPA registry', () => {
  const registry = createIpaRegistry();

  it('has the office of the official FPA samples', () => {
    expect(registry.officeStatus('AAAAAA')).toBe('active');
    expect(registry.find('AAAAAA')?.description).toBe('Pubblica Amministrazione di prova');
  });

  it('answers 00311, 00312 and 00398 situations', () => {
    expect(registry.officeStatus('ZZZZZZ')).toBe('unknown');
    expect(registry.officeStatus('OLDPA1')).toBe('inactive');
    expect(registry.officeStatus(CENTRAL_OFFICE_CODE)).toBe('central-unresolved');
  });

  it('recognises public administrations for 00399, but not the buyer of the FPR samples', () => {
    expect(registry.isPublicAdministration({ codiceFiscale: '80012345676' })).toBe(true);
    expect(registry.isPublicAdministration({ vatCountry: 'IT', vatCode: '80012345676' })).toBe(
      true,
    );
    expect(registry.isPublicAdministration({ vatCountry: 'FR', vatCode: '80012345676' })).toBe(
      false,
    );
    expect(registry.isPublicAdministration({ codiceFiscale: '09876543210' })).toBe(false);
    expect(registry.officesOf('80012345676').map((office) => office.code)).toEqual([
      'UFPROV',
      CENTRAL_OFFICE_CODE,
      'OLDPA1',
    ]);
  });

  it('takes extra offices and administrations', () => {
    const withExtra = createIpaRegistry({
      offices: [{ code: 'UFNEW1', description: 'Nuovo ufficio', status: 'active', central: false }],
      administrations: [{ fiscalCode: '97735020584', name: 'ENTE NUOVO' }],
    });
    expect(withExtra.officeStatus('UFNEW1')).toBe('active');
    expect(withExtra.isPublicAdministration({ codiceFiscale: '97735020584' })).toBe(true);
  });
});

describe('createSdiRegistries', () => {
  it('exposes the registries as the SdiState members the engine consults', () => {
    const { state } = createSdiRegistries({
      taxpayers: [{ country: 'IT', code: '22222222222', name: 'DELTA SRL' }],
    });
    expect(state.taxpayerExists('IT', '22222222222')).toBe(true);
    expect(state.taxpayerExists('IT', '22222222221')).toBe(false);
    expect(state.recipientCode('ABC1234')).toBe('active');
    expect(state.recipientCode('INA0002')).toBe('inactive');
    expect(state.ipaOffice('AAAAAA')).toBe('active');
    expect(state.ipaOffice('999999')).toBe('central-unresolved');
    expect(state.isPublicAdministration({ codiceFiscale: '80012345676' })).toBe(true);
  });
});
