import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeUpo, readUpo, type MakeUpoInput } from '../src/upo/upo.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const upoSamples = path.resolve(packageRoot, '../../../shared/spec/ksef/samples/upo');
const UPO_XSD = path.join(packageRoot, 'schemas/upo/upo-v4-3.xsd');

function listXml(directory: string): string[] {
  return readdirSync(directory)
    .flatMap((name) => {
      const full = path.join(directory, name);
      return statSync(full).isDirectory() ? listXml(full) : full.endsWith('.xml') ? [full] : [];
    })
    .sort();
}

/** xmllint's verdict on a UPO text against the same XSD. */
function xmllintValid(xml: string): boolean {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ksef-upo-'));
  try {
    const file = path.join(directory, 'upo.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', UPO_XSD, file]);
    return run.status === 0;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const INVOICE = readFileSync(path.resolve(upoSamples, '../cirfmf-ksef-pdf-generator/invoice.xml'));

const INPUT: MakeUpoInput = {
  sessionReference: '20250916-SE-9D5A28BFDA-47C899773E-5C',
  authentication: {
    SkrotDokumentuUwierzytelniajacego: 'kyqH+QUgP8ATWd/95IY632mP4uqibwG66Oqclq9+qno=',
  },
  documents: [
    {
      ksefNumber: '5265877635-20250916-0200A0D6723E-C2',
      acquiredAt: '2025-09-16T11:05:41.045+02:00',
      sentAt: '2025-09-16T11:05:40.841+02:00',
      xmlBytes: INVOICE,
      invoiceNumber: 'FA/XVQUD-9997622510/04/2027',
      issueDate: '2025-09-16',
    },
  ],
};

describe('UPO v4-3: reading the Ministry samples', () => {
  const samples = listXml(upoSamples);

  it('reads every v4-3 sample with the verdict xmllint gives, test-environment receivers advisory', () => {
    const v43 = samples.filter(
      (file) => !file.includes('third-party') && readFileSync(file, 'utf8').includes('/KSeF/v4-3"'),
    );
    expect(v43.length).toBe(7);
    for (const file of v43) {
      const xml = readFileSync(file, 'utf8');
      const result = readUpo(readFileSync(file));
      expect(result.upo?.Dokument.length, file).toBeGreaterThan(0);
      const schemaFaults = result.findings.filter((finding) => finding.layer !== 'advisory');
      const testEnvironment = result.findings.some((f) => f.code === 'upo-test-environment');
      expect(schemaFaults, file).toEqual([]);
      // xmllint refuses exactly the UPOs of the test environment (their receiver name).
      expect(xmllintValid(xml), file).toBe(!testEnvironment);
    }
  });

  it('reads the third-party v4-3 UPO, whose KSeF number fails the CRC-8 of numer-ksef.md', () => {
    const file = path.join(
      upoSamples,
      'third-party/ksef4dev__ksef-fop/20231111-SE-E8DDA726E2-F87F056923-EC-v4-3.xml',
    );
    const result = readUpo(readFileSync(file));
    expect(xmllintValid(readFileSync(file, 'utf8'))).toBe(true);
    expect(result.upo?.Dokument[0]?.NumerKSeFDokumentu).toBe('2932110194-20231111-E3B49FA0E428-C4');
    expect(result.findings).toEqual([
      {
        layer: 'ksef',
        code: 'upo-ksef-number',
        path: 'Potwierdzenie.Dokument[0].NumerKSeFDokumentu',
        message: 'Not a KSeF number: checksum C4 does not match the CRC-8 13',
        messagePl: 'Niepoprawny numer KSeF: suma kontrolna C4 nie zgadza się z CRC-8 13',
      },
    ]);
  });

  it('reads the documents of a session UPO', () => {
    const result = readUpo(
      readFileSync(path.join(upoSamples, 'v4-3/kontekst-nip/upo-sesja-kontekst-id-nip.xml')),
    );
    expect(result.ok).toBe(true);
    expect(result.version).toBe('4-3');
    expect(result.upo?.Uwierzytelnienie.IdKontekstu).toEqual({ Nip: '5265877635' });
    expect(result.upo?.OpisPotwierdzenia?.CalkowitaLiczbaDokumentow).toBe('2');
    expect(result.upo?.Dokument.map((document) => document.NumerKSeFDokumentu)).toEqual([
      '5265877635-20250916-010040741B3E-46',
      '5265877635-20250916-0200A0D6723E-C2',
    ]);
    expect(result.findings.map((finding) => finding.path)).toEqual([
      'Potwierdzenie.NazwaPodmiotuPrzyjmujacego',
    ]);
  });

  it('refuses the KSeF 1.0 UPO (namespace v3) with a clear finding', () => {
    const file = path.join(
      upoSamples,
      'third-party/ksef4dev__ksef-fop/20231111-SE-E8DDA726E2-F87F056923-EC.xml',
    );
    const result = readUpo(readFileSync(file, 'utf8'));
    expect(result.ok).toBe(false);
    expect(result.version).toBe('3');
    expect(result.upo).toBeUndefined();
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]?.code).toBe('upo-unsupported-version');
    expect(result.findings[0]?.message).toMatch(/version 3 .*v4-3/);
    expect(result.findings[0]?.messagePl).toMatch(/wersji 3/);
  });

  it('points a schema fault and a bad KSeF number at the document', () => {
    const xml = readFileSync(path.join(upoSamples, 'ksef-pdf-generator/upo.xml'), 'utf8').replace(
      '5265877635-20250916-0200A0D6723E-C2',
      '5265877635-20250916-0200A0D6723E-C3',
    );
    const result = readUpo(xml);
    expect(result.ok).toBe(false);
    expect(result.findings).toEqual([
      expect.objectContaining({
        layer: 'ksef',
        code: 'upo-ksef-number',
        path: 'Potwierdzenie.Dokument[0].NumerKSeFDokumentu',
      }),
    ]);
    const broken = readUpo(xml.replace('<TrybWysylki>Offline', '<TrybWysylki>Online2'));
    expect(broken.findings).toContainEqual(
      expect.objectContaining({ layer: 'schema', path: 'Potwierdzenie.Dokument[0].TrybWysylki' }),
    );
  });

  it('refuses hostile or foreign input with a finding, never an exception', () => {
    const hostile = [
      '',
      '<Potwierdzenie',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
      '<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"/>',
      '<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3"/>',
      `<a>${'<b>'.repeat(100_000)}`,
      new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]),
      'x'.repeat(17 * 1024 * 1024),
    ];
    for (const input of hostile) {
      const result = readUpo(input);
      expect(result.ok).toBe(false);
      expect(result.findings.length).toBeGreaterThan(0);
      for (const finding of result.findings) {
        expect(finding.message.length).toBeGreaterThan(0);
        expect(finding.messagePl.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('UPO v4-3: any input', () => {
  const sample = readFileSync(path.join(upoSamples, 'ksef-pdf-generator/upo.xml'));

  it('reads any text or bytes, and any one-byte change of a sample, without throwing', () => {
    const mutated = fc
      .record({ position: fc.nat(sample.length - 1), byte: fc.integer({ min: 0, max: 255 }) })
      .map(({ position, byte }) => {
        const copy = new Uint8Array(sample);
        copy[position] = byte;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 200 }), mutated), (input) => {
        const result = readUpo(input);
        expect(result.ok).toBe(result.findings.every((finding) => finding.layer === 'advisory'));
        if (!result.ok) expect(result.findings.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('UPO v4-3: making', () => {
  it('makes a UPO valid against the XSD (and xmllint) that reads back the same', () => {
    const made = makeUpo(INPUT);
    expect(made.problems).toEqual([]);
    expect(made.xml).toBeDefined();
    const xml = made.xml ?? '';
    expect(xmllintValid(xml)).toBe(true);
    const read = readUpo(xml);
    expect(read.ok).toBe(true);
    expect(read.upo).toEqual(made.upo);
    const document = read.upo?.Dokument[0];
    expect(document?.NipSprzedawcy).toBe('5265877635');
    expect(document?.DataNadaniaNumeruKSeF).toBe('2025-09-16T11:05:41.045+02:00');
    expect(read.upo?.Uwierzytelnienie.IdKontekstu).toEqual({ Nip: '5265877635' });
    // SkrotDokumentu: SHA-256 of the file, standard Base64 (sha256sum of the same bytes).
    const sha256 = spawnSync('sha256sum', { input: INVOICE }).stdout.toString().slice(0, 64);
    expect(document?.SkrotDokumentu).toBe(Buffer.from(sha256, 'hex').toString('base64'));
  });

  it('makes the fields of the Ministry sample the same way', () => {
    const sample = readUpo(readFileSync(path.join(upoSamples, 'ksef-pdf-generator/upo.xml')));
    const original = sample.upo?.Dokument[0];
    const made = makeUpo({
      ...INPUT,
      sessionReference: sample.upo?.NumerReferencyjnySesji ?? '',
      context: { IdZlozonyVatUE: '5265877635-ATU12345678' },
      structureName: '1-0E',
      documents: [
        {
          ...INPUT.documents[0]!,
          xmlBytes: undefined,
          documentHash: original?.SkrotDokumentu ?? '',
          mode: 'Offline',
        },
      ],
    });
    expect(made.upo?.Dokument).toEqual(sample.upo?.Dokument);
    expect(made.upo?.NazwaStrukturyLogicznej).toBe(sample.upo?.NazwaStrukturyLogicznej);
  });

  it('writes the page description in schema order whatever the order of its keys', () => {
    const made = makeUpo({
      ...INPUT,
      page: {
        CalkowitaLiczbaDokumentow: '1',
        ZakresDokumentowDo: '2',
        ZakresDokumentowOd: '1',
        LiczbaStron: '1',
        Strona: '1',
      },
    });
    expect(made.problems).toEqual([]);
    expect(made.xml).toMatch(/<Strona>1<\/Strona>\s*<LiczbaStron>/);
    expect(readUpo(made.xml ?? '').upo?.OpisPotwierdzenia?.ZakresDokumentowDo).toBe('2');
  });

  it('refuses a bad KSeF number, a day other than the number’s, and schema faults', () => {
    const document = INPUT.documents[0]!;
    const badNumber = makeUpo({ ...INPUT, documents: [{ ...document, ksefNumber: '123' }] });
    expect(badNumber.xml).toBeUndefined();
    expect(badNumber.problems[0]?.code).toBe('upo-ksef-number');
    // 2025-09-16T23:30Z is already 17 September in Warsaw.
    const otherDay = makeUpo({
      ...INPUT,
      documents: [{ ...document, acquiredAt: '2025-09-16T23:30:00Z' }],
    });
    expect(otherDay.problems.map((problem) => problem.code)).toEqual(['upo-number-day']);
    const noHash = makeUpo({ ...INPUT, documents: [{ ...document, xmlBytes: undefined }] });
    expect(noHash.xml).toBeUndefined();
    expect(noHash.problems[0]?.path).toBe('Potwierdzenie.Dokument[0].SkrotDokumentu');
    expect(makeUpo({ ...INPUT, documents: [] }).problems[0]?.code).toBe('upo-no-document');
    const injected = makeUpo({
      ...INPUT,
      documents: [{ ...document, invoiceNumber: 'A</NumerFaktury><x>' }],
    });
    expect(injected.problems).toEqual([]);
    expect(readUpo(injected.xml ?? '').upo?.Dokument[0]?.NumerFaktury).toBe('A</NumerFaktury><x>');
  });
});
