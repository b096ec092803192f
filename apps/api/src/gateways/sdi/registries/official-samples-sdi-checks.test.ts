import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateInvoice, type SdiState } from '@fiscus/fatturapa';
import { describe, expect, it } from 'vitest';
import { createSdiRegistries } from './index.ts';

const officialSamples = fileURLToPath(
  new URL('../../../../../../../shared/spec/fatturapa/samples/official/', import.meta.url),
);
const sample = (path: string): string => readFileSync(`${officialSamples}${path}`, 'utf8');

// The engine's SdiState type: the registries must be usable as it is, without adaptation.
const state: SdiState = createSdiRegistries().state;
const receivedAt = new Date('2026-11-22T09:00:00Z');

// The codes that depend on SDI's registries. Others (e.g. the engine's 00422 on the official
// FPR02/FPR03, whose ImponibileImporto 27.00 differs from their lines' 25.00) are not ours.
const REGISTRY_CODES = new Set([
  '00300',
  '00301',
  '00302',
  '00303',
  '00304',
  '00305',
  '00306',
  '00311',
  '00312',
  '00398',
  '00399',
]);

async function sdiCodes(xml: string): Promise<string[]> {
  const result = await validateInvoice(xml, { sdi: { state, receivedAt }, layers: ['sdi'] });
  return result.findings.map((finding) => finding.code).filter((code) => REGISTRY_CODES.has(code));
}

describe('SDI checks of @fiscus/fatturapa with the sandbox registries', () => {
  const samples = ['v1.2.2', 'v1.2.1'].flatMap((version) =>
    readdirSync(`${officialSamples}${version}`).map((file) => `${version}/${file}`),
  );

  it.each(samples)('official sample %s passes the registry checks', async (path) => {
    expect(await sdiCodes(sample(path))).toEqual([]);
  });

  it('an unknown recipient code is 00311, an inactive one 00312', async () => {
    const fpr = sample('v1.2.2/IT01234567890_FPR01.xml');
    expect(await sdiCodes(fpr.replace('>ABC1234<', '>ZZZ9999<'))).toEqual(['00311']);
    expect(await sdiCodes(fpr.replace('>ABC1234<', '>INA0001<'))).toEqual(['00312']);
  });

  it('an unknown IPA office is 00311, the central office 00398', async () => {
    const fpa = sample('v1.2.2/IT01234567890_FPA01.xml');
    expect(await sdiCodes(fpa.replace('>AAAAAA<', '>ZZZZZZ<'))).toEqual(['00311']);
    expect(await sdiCodes(fpa.replace('>AAAAAA<', '>999999<'))).toEqual(['00398']);
  });

  it('an FPR12 invoice to a public administration in IPA is 00399', async () => {
    const fpr = sample('v1.2.2/IT01234567890_FPR01.xml').replace(
      '<CodiceFiscale>09876543210</CodiceFiscale>',
      '<CodiceFiscale>80012345676</CodiceFiscale>',
    );
    expect(await sdiCodes(fpr)).toContain('00399');
  });

  it('a buyer neither registered nor check-digit valid is 00306', async () => {
    const fpr = sample('v1.2.2/IT01234567890_FPR01.xml').replace(
      '<CodiceFiscale>09876543210</CodiceFiscale>',
      '<CodiceFiscale>09876543211</CodiceFiscale>',
    );
    expect(await sdiCodes(fpr)).toEqual(['00306']);
  });
});
