import { describe, expect, it } from 'vitest';
import { runSdiChecks } from '../../src/checks/sdi/index.ts';
import { loadSample, RECEIVED_AT } from './fixtures.ts';

/**
 * The AdE samples use placeholder identifiers (01234567890, whose check digit is wrong), so
 * identifiers are left out here; every other SDI check passes, except where the sample itself
 * is wrong.
 */
const samples = [
  'v1.2.2/IT01234567890_FPA01.xml',
  'v1.2.2/IT01234567890_FPA02.xml',
  'v1.2.2/IT01234567890_FPA03.xml',
  'v1.2.2/IT01234567890_FPR01.xml',
  'v1.2.1/IT01234567890_FPA01.xml',
  'v1.2.1/IT01234567890_FPA02.xml',
  'v1.2.1/IT01234567890_FPA03.xml',
  'v1.2.1/IT01234567890_FPR01.xml',
  'v1.2.1/IT01234567890_FPR02.xml',
  'semplificata/IT01234567890_FSM10.xml',
];

describe('SDI checks on the official AdE samples', () => {
  it.each(samples)('%s passes every content check', (sample) => {
    const { invoice, format } = loadSample(sample);
    const findings = runSdiChecks(invoice, {
      format,
      receivedAt: RECEIVED_AT,
      checkIdentifierDigits: false,
    });
    expect(findings).toEqual([]);
  });

  it.each([
    'v1.2.2/IT01234567890_FPR02.xml',
    'v1.2.2/IT01234567890_FPR03.xml',
    'v1.2.1/IT01234567890_FPR03.xml',
  ])(
    '%s: its first body sums lines of 25.00 into an ImponibileImporto of 27.00 (00422)',
    (sample) => {
      const { invoice, format } = loadSample(sample);
      const findings = runSdiChecks(invoice, {
        format,
        receivedAt: RECEIVED_AT,
        checkIdentifierDigits: false,
      });
      expect(findings.map((f) => `${f.code} ${f.propertyPath}`)).toEqual([
        '00422 fattura_elettronica_body[0].dati_beni_servizi.dati_riepilogo[0].imponibile_importo',
      ]);
    },
  );

  it('reports the placeholder identifiers of the samples as SDI would (00300, 00301, 00306)', () => {
    const { invoice, format } = loadSample('v1.2.2/IT01234567890_FPR01.xml');
    const codes = runSdiChecks(invoice, { format, receivedAt: RECEIVED_AT }).map((f) => f.code);
    expect(codes).toEqual(['00300', '00301', '00306']);
  });
});
