import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SdiMessageError, verifySdiMessage } from './index.ts';

const notifications = fileURLToPath(
  new URL('../../../../shared/spec/fatturapa/samples/notifications/', import.meta.url),
);
const realWorld = (name: string): string =>
  readFileSync(`${notifications}realworld/${name}`, 'utf8');

describe('verifySdiMessage on real SDI receipts (XAdES, XPath Filter 2.0, inclusive C14N)', () => {
  it.each(['IT03339130126_00009_RC_003.xml', 'IT14627831002_02621_MC_001.xml'])(
    '%s verifies with the certificate of SDI',
    (name) => {
      expect(verifySdiMessage(realWorld(name))).toEqual({
        valid: true,
        certificate: {
          subject: expect.stringContaining('CN=Sistema Interscambio Fattura PA'),
          issuer: expect.stringContaining('CN=CA Agenzia delle Entrate'),
          validFrom: 'May 24 12:34:17 2017 GMT',
          validTo: 'May 24 12:34:17 2020 GMT',
        },
      });
    },
  );

  it('one character changed in a real receipt breaks it', () => {
    const tampered = realWorld('IT03339130126_00009_RC_003.xml').replace(
      '<MessageId>1269788243</MessageId>',
      '<MessageId>1269788244</MessageId>',
    );
    expect(verifySdiMessage(tampered)).toEqual({
      valid: false,
      reason: 'Digest mismatch for Reference URI=""',
    });
  });

  it('a changed XAdES signing time breaks the SignedProperties reference', () => {
    const tampered = realWorld('IT14627831002_02621_MC_001.xml').replace(
      '2019-01-04T20:34:00Z',
      '2019-01-04T20:35:00Z',
    );
    expect(verifySdiMessage(tampered)).toEqual({
      valid: false,
      reason: 'Digest mismatch for Reference URI="#SignedProperties_1"',
    });
  });

  it('a duplicated Id (signature wrapping) is refused', () => {
    // Inside the signature, so the whole-document digest still matches: only the Id check fails.
    const wrapped = realWorld('IT14627831002_02621_MC_001.xml').replace(
      '</ds:Signature>',
      '<ds:Object><x Id="SignedProperties_1"/></ds:Object></ds:Signature>',
    );
    expect(verifySdiMessage(wrapped)).toEqual({
      valid: false,
      reason: 'Reference #SignedProperties_1 does not point to one element',
    });
  });

  it('unsigned messages are reported as such', () => {
    expect(verifySdiMessage(realWorld('IT02652600210_00007_MT_002.xml'))).toEqual({
      valid: false,
      reason: 'The message is not signed',
    });
    const officialNs = readFileSync(`${notifications}IT01234567890_11111_NS_001.xml`, 'utf8');
    expect(verifySdiMessage(officialNs).valid).toBe(false);
  });

  it('garbage is a typed error', () => {
    expect(() => verifySdiMessage('<<<')).toThrow(SdiMessageError);
    expect(() => verifySdiMessage('')).toThrow(SdiMessageError);
  });
});
