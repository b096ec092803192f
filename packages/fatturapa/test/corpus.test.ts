import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInvoice } from '../src/parse.ts';
import { validateInvoice } from '../src/validate.ts';
import {
  TD29_RF20,
  listFiles,
  officialSamples,
  readmeExpectations,
  realworldSamples,
} from './corpus-paths.ts';

const expectations = readmeExpectations();

describe('the corpus agrees with the README validity column (schema 1.2.3)', () => {
  it('covers every file of samples/realworld', () => {
    const listed = new Set([...expectations.map((row) => row.file), TD29_RF20]);
    expect(listFiles(realworldSamples).filter((file) => !listed.has(file))).toEqual([]);
  });

  it.each(expectations.map((row) => [path.relative(realworldSamples, row.file), row]))(
    '%s',
    async (_name, row) => {
      const result = await validateInvoice(readFileSync(row.file), { layers: ['schema'] });
      const layers = result.findings.map((finding) => finding.layer);
      if (/unreadable\/broken \.p7m/.test(row.check)) {
        expect(result.valid).toBe(false);
        expect(result.findings.map((finding) => finding.code)).toEqual([
          expect.stringMatching(/^(00102|00106)$/),
        ]);
      } else if (/not an invoice XML/.test(row.check)) {
        expect(result.valid).toBe(false);
        expect(layers).toEqual(['xml']);
      } else if (/INVALID/.test(row.check)) {
        expect(result.valid).toBe(false);
        if (row.format === '1.1') {
          expect(result.findings.map((finding) => finding.code)).toEqual([
            'xml-version-not-supported',
          ]);
        }
      } else {
        expect(/valid/.test(row.check)).toBe(true);
        expect(result.findings).toEqual([]);
        expect(result.valid).toBe(true);
        if (/signature ok/.test(row.check)) expect(result.signer?.commonName).toBeTruthy();
      }
    },
  );

  it('the 1.1 files of the corpus get "version not supported"', async () => {
    const files = expectations.filter((row) => row.format === '1.1');
    expect(files.length).toBeGreaterThan(0);
    for (const row of files) {
      const result = await validateInvoice(readFileSync(row.file), { layers: ['schema'] });
      expect(result.findings.map((finding) => finding.code)).toEqual(['xml-version-not-supported']);
    }
  });

  it('TD29 / RF20 (new in 1.2.3) is valid', async () => {
    const result = await validateInvoice(readFileSync(TD29_RF20), { layers: ['schema'] });
    expect(result.findings).toEqual([]);
  });
});

describe('official samples', () => {
  const samples = listFiles(officialSamples);

  it.each(
    samples
      .filter((file) => !file.includes('v1.1') && !file.endsWith('v1.2.2/IT01234567890_FPR02.xml'))
      .map((file) => [path.relative(officialSamples, file), file]),
  )('%s parses and is schema-valid', async (_name, file) => {
    const parsed = await parseInvoice(readFileSync(file));
    expect(parsed.ok).toBe(true);
    const result = await validateInvoice(readFileSync(file), { layers: ['schema'] });
    expect(result.findings).toEqual([]);
  });

  it('v1.2.2 FPR02 is read, and validation reports exactly ContattiTrasmittente out of order', async () => {
    const file = path.join(officialSamples, 'v1.2.2/IT01234567890_FPR02.xml');
    const parsed = await parseInvoice(readFileSync(file));
    if (!parsed.ok || parsed.format === 'FSM10') throw new Error('FPR02 must be read');
    expect(
      parsed.invoice.fattura_elettronica_header.dati_trasmissione.contatti_trasmittente,
    ).toEqual({});
    const result = await validateInvoice(readFileSync(file));
    expect(result.valid).toBe(false);
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({
      layer: 'schema',
      code: '00200',
      propertyPath: 'fattura_elettronica_header.dati_trasmissione.contatti_trasmittente',
    });
    expect(result.findings[0]).toMatchObject({
      messageKey: 'schema.unexpectedElement',
      params: { element: 'ContattiTrasmittente' },
    });
  });

  it.each(
    samples.filter((file) => file.includes('v1.1')).map((file) => [path.basename(file), file]),
  )('v1.1 %s gets "version not supported"', async (_name, file) => {
    const result = await validateInvoice(readFileSync(file));
    expect(result.findings.map((finding) => `${finding.layer}:${finding.code}`)).toEqual([
      'xml:xml-version-not-supported',
    ]);
  });
});
