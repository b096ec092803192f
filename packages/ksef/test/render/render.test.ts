import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyOfflineCertificateLink } from '../../src/qr/index.ts';
import { ksefToJson } from '../../src/validate.ts';
import {
  ksefInvoiceView,
  renderKsefHtml,
  renderKsefPdf,
  type KsefRenderOptions,
} from '../../src/render/index.ts';
import {
  allInvoiceSamples,
  expectedVerificationLink,
  firstText,
  hasElement,
  ministrySamples,
  normalSpaces,
  pdfPages,
  pdfText,
  polishAmount,
} from './render-samples.ts';

interface Sample {
  name: string;
  xml: string;
  bytes: Uint8Array;
  json: unknown;
}

function load(file: string): Sample {
  const bytes = new Uint8Array(readFileSync(file));
  const { json, findings } = ksefToJson(bytes);
  if (!json) throw new Error(`${file} does not read: ${findings.map((f) => f.code).join(', ')}`);
  return { name: path.basename(file), xml: new TextDecoder().decode(bytes), bytes, json };
}

const samples = ministrySamples().map(load);
const ksefNumber = '5265877635-20250626-010080DD2B5E-26';
const languages = ['pl', 'en'] as const;

// What a reader of each language sees as the section headings (from the Ministry's wording).
const headings = {
  pl: {
    seller: 'Sprzedawca',
    buyer: 'Nabywca',
    details: 'Szczegóły',
    summary: 'Podsumowanie stawek podatku',
  },
  en: { seller: 'Seller', buyer: 'Buyer', details: 'Details', summary: 'VAT rate summary' },
};

function htmlText(html: string): string {
  return normalSpaces(
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
}

function options(sample: Sample, lang: 'pl' | 'en'): KsefRenderOptions {
  return { lang, env: 'TE', ksefNumber, xmlBytes: sample.bytes };
}

/** The sections the invoice calls for, judged from the XML itself. */
function expectedSections(xml: string): string[] {
  const sections = ['parties', 'szczegoly', 'kod-1'];
  if (hasElement(xml, 'Podmiot3')) sections.push('podmiot3-1');
  if (hasElement(xml, 'DaneFaKorygowanej')) sections.push('dane-faktury-korygowanej');
  const collectiveCorrection =
    firstText(xml, 'RodzajFaktury') === 'KOR' && hasElement(xml, 'OkresFaKorygowanej');
  // A collective correction shows its discount (Rabat) in place of the lines.
  if (collectiveCorrection) sections.push('rabat');
  else if (hasElement(xml, 'FaWiersz')) sections.push('pozycje');
  if (hasElement(xml, 'ZamowienieWiersz')) sections.push('zamowienie');
  if (/<P_13_(1|2|3|4|5|6_1|6_2|6_3|7|8|9|10|11)>/.test(xml)) sections.push('podsumowanie-stawek');
  if (hasElement(xml, 'Rozliczenie')) sections.push('rozliczenie');
  if (hasElement(xml, 'Platnosc')) sections.push('platnosc');
  if (hasElement(xml, 'Rejestry') || hasElement(xml, 'Informacje') || hasElement(xml, 'WZ')) {
    sections.push('stopka');
  }
  return sections;
}

describe('the Ministry samples in HTML', () => {
  for (const sample of samples) {
    for (const lang of languages) {
      it(`${sample.name} (${lang}) shows its sections, parties, number, totals and KOD I`, () => {
        const html = renderKsefHtml(sample.json, options(sample, lang));
        const text = htmlText(html);
        const sections = [...html.matchAll(/data-section="([^"]+)"/g)].map((match) => match[1]);
        expect(sections).toEqual(expect.arrayContaining(expectedSections(sample.xml)));
        expect(text).toContain(headings[lang].seller);
        expect(text).toContain(headings[lang].buyer);
        expect(text).toContain(headings[lang].details);
        const other = headings[lang === 'pl' ? 'en' : 'pl'];
        expect(text).not.toContain(other.seller);
        expect(text).not.toContain(other.details);
        expect(text).toContain(normalSpaces(firstText(sample.xml, 'P_2') ?? 'missing P_2'));
        expect(text).toContain(ksefNumber);
        const sellerNip = sample.xml.split('<Podmiot2>')[0]!;
        expect(text).toContain(firstText(sellerNip, 'NIP') ?? 'missing seller NIP');
        const p15 = firstText(sample.xml, 'P_15');
        if (p15) expect(text).toContain(polishAmount(p15));
        const wz = firstText(sample.xml, 'WZ');
        if (wz) expect(text).toContain(wz);
        const account = firstText(sample.xml, 'NrRB');
        if (account && /^\d{26}$/.test(account)) {
          // A Polish (NRB) account as printed on paper: check digits, then groups of four.
          const groups = account.slice(2).match(/\d{4}/g)!.join(' ');
          expect(text).toContain(`${account.slice(0, 2)} ${groups}`);
        }
        const link = expectedVerificationLink(
          'qr-test.ksef.mf.gov.pl',
          firstText(sellerNip, 'NIP')!,
          firstText(sample.xml, 'P_1')!,
          sample.bytes,
        );
        expect(html).toContain(`href="${link}"`);
        expect(html).toMatch(/<svg[^>]*>/);
      });
    }
  }
});

describe('the Ministry samples in PDF', () => {
  for (const sample of samples) {
    it(`${sample.name}: the text of the PDF in pl and en holds the number, the total and the KSeF number`, async () => {
      for (const lang of languages) {
        const pdf = await renderKsefPdf(sample.json, options(sample, lang));
        const text = normalSpaces(pdfText(pdf));
        expect(text).toContain(headings[lang].seller);
        expect(text).toContain(ksefNumber);
        expect(text).toContain(normalSpaces(firstText(sample.xml, 'P_2') ?? 'missing P_2'));
        const p15 = firstText(sample.xml, 'P_15');
        if (p15) expect(text).toContain(polishAmount(p15));
        const nip = firstText(sample.xml.split('<Podmiot2>')[0]!, 'NIP')!;
        const link = expectedVerificationLink(
          'qr-test.ksef.mf.gov.pl',
          nip,
          firstText(sample.xml, 'P_1')!,
          sample.bytes,
        );
        // The link annotation (what a click opens) is the verification link.
        expect(Buffer.from(pdf).toString('latin1')).toContain(`/URI (${link})`);
      }
    });
  }
});

describe("the Ministry visualiser's own invoice", () => {
  const sample = samples.find((candidate) =>
    candidate.xml.includes('FA/YUCFO-4342344706/03/2026'),
  )!;
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await renderKsefPdf(sample.json, options(sample, 'pl'));
  });

  it('totals per rate as the invoice states them, with the gross sum', () => {
    const view = ksefInvoiceView(sample.json, { lang: 'pl' });
    const summary = view.sections.find((section) => section.id === 'podsumowanie-stawek')!;
    const table = summary.parts[0]!;
    expect(table.kind).toBe('table');
    if (table.kind !== 'table') return;
    expect(table.rows.map((row) => row.map(normalSpaces))).toEqual([
      ['1', '23% lub 22%', '27 292,28 PLN', '6 277,22 PLN', '33 569,50 PLN'],
    ]);
  });

  it('shows the thirteen lines in the pozycje table, with their net values', () => {
    const text = normalSpaces(pdfText(pdf));
    expect(text).toContain('Kwota należności ogółem: 33 569,50 PLN');
    for (const value of ['20,41', '915,81', '7 019,44']) expect(text).toContain(value);
    expect(text).toContain('Zapłacono');
    expect(text).toContain('Mobilna');
    expect(text).toContain('Wytworzona w: Generator danych');
  });

  it('draws KOD I as a QR code that scans to the verification link, the KSeF number under it', () => {
    const link = expectedVerificationLink(
      'qr-test.ksef.mf.gov.pl',
      '5265877635',
      '2025-10-31',
      sample.bytes,
    );
    const pages = pdfPages(pdf, 100);
    const scanned = pages
      .map((page) => {
        const png = PNG.sync.read(page);
        return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      })
      .filter(Boolean);
    expect(scanned).toEqual([link]);
    const lastPage = normalSpaces(pdfText(pdf).split('\f').at(-2) ?? '');
    expect(lastPage).toContain('Sprawdź, czy Twoja faktura znajduje się w KSeF!');
    expect(lastPage).toContain(ksefNumber);
  });

  it('numbers every page "x z y"', () => {
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    // pdftotext's layout guess drops the spaces of this short right-aligned line ("1z3"); the
    // PDF has them (pdftotext -raw reads "1 z 3").
    pages.forEach((page, index) =>
      expect(normalSpaces(page)).toMatch(new RegExp(`\\b${index + 1} ?z ?${pages.length}\\b`)),
    );
  });
});

describe('every other invoice of the corpus (third-party FA(3), FA(2), FA_RR(1))', () => {
  const others = allInvoiceSamples()
    .filter((file) => !ministrySamples().includes(file))
    .map((file) => ({ file, bytes: new Uint8Array(readFileSync(file)) }))
    .map(({ file, bytes }) => ({ file, bytes, ...ksefToJson(bytes) }))
    .filter((sample) => sample.json !== undefined);

  it('reads the corpus (FA(2) and FA_RR(1) among it)', () => {
    const forms = new Set(others.map((sample) => sample.form));
    expect(forms).toEqual(new Set(['FA(3)', 'FA(2)', 'FA_RR(1)']));
  });

  for (const sample of others) {
    const name = path.relative(path.dirname(path.dirname(sample.file)), sample.file);
    it(`${name} shows its number and total in pl and en`, () => {
      const xml = new TextDecoder().decode(sample.bytes);
      const number = firstText(xml, sample.form === 'FA_RR(1)' ? 'P_4C' : 'P_2');
      const total = firstText(xml, sample.form === 'FA_RR(1)' ? 'P_12_1' : 'P_15');
      for (const lang of languages) {
        const text = htmlText(renderKsefHtml(sample.json, { lang, xmlBytes: sample.bytes }));
        if (number) expect(text).toContain(normalSpaces(number));
        if (total) expect(text).toContain(polishAmount(total));
      }
    });
  }

  it("an attachment's data blocks are shown: heading, key/value data and its tables", () => {
    const sample = others.find((candidate) =>
      new TextDecoder().decode(candidate.bytes).includes('<Zalacznik>'),
    )!;
    const xml = new TextDecoder().decode(sample.bytes);
    const html = renderKsefHtml(sample.json, { lang: 'pl' });
    expect(html).toContain('data-section="zalacznik"');
    const text = htmlText(html);
    expect(text).toContain('Załącznik do Faktury VAT');
    for (const name of ['ZNaglowek', 'ZKlucz', 'ZWartosc', 'TKlucz', 'NKom', 'WKom']) {
      expect(text).toContain(normalSpaces(firstText(xml, name) ?? `missing ${name}`));
    }
  });

  it('a VAT RR invoice shows the supplier (the farmer), its lines and the flat-rate refund', async () => {
    const sample = others.find((candidate) => candidate.form === 'FA_RR(1)')!;
    const xml = new TextDecoder().decode(sample.bytes);
    const text = normalSpaces(pdfText(await renderKsefPdf(sample.json, { lang: 'pl' })));
    expect(text).toContain('Faktura VAT RR');
    expect(text).toContain('Dostawca');
    expect(text).toContain(normalSpaces(firstText(xml, 'P_5') ?? 'missing P_5'));
    expect(text).toContain(
      `Kwota zryczałtowanego zwrotu podatku: ${polishAmount(firstText(xml, 'P_11_2')!)}`,
    );
  });
});

describe('KOD I and KOD II', () => {
  const sample = samples[0]!;

  it('without the invoice file there is no KOD I (its hash is the file)', () => {
    const html = renderKsefHtml(sample.json, { lang: 'pl' });
    expect(html).not.toContain('data-section="kod-1"');
    expect(html).not.toContain('<svg');
  });

  it('an offline invoice shows OFFLINE under KOD I until it has a KSeF number, and KOD II with CERTYFIKAT', async () => {
    const certificateLink =
      'https://qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/c2lnbmF0dXJl';
    const view = ksefInvoiceView(sample.json, {
      lang: 'pl',
      xmlBytes: sample.bytes,
      offline: { certificateLink },
    });
    const qr = view.sections.flatMap((section) =>
      section.parts.flatMap((part) => (part.kind === 'qr' ? [part] : [])),
    );
    expect(qr.map((part) => part.caption)).toEqual(['OFFLINE', 'CERTYFIKAT']);
    expect(qr[1]?.link).toBe(certificateLink);
    const text = normalSpaces(
      pdfText(
        await renderKsefPdf(sample.json, {
          lang: 'en',
          xmlBytes: sample.bytes,
          offline: { certificateLink },
        }),
      ),
    );
    expect(text).toContain('Verify the issuer of the invoice');
    expect(text).toContain('CERTIFICATE');
  });

  it("makes KOD II itself from the issuer's offline certificate key, signed so it verifies", () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const offline = {
      contextType: 'Nip' as const,
      contextValue: '1111111111',
      certificateSerial: '01F20A5D352AE590',
      privateKey,
    };
    const view = ksefInvoiceView(sample.json, { env: 'TE', xmlBytes: sample.bytes, offline });
    const kod2 = view.sections.find((section) => section.id === 'kod-2')?.parts[0];
    expect(kod2?.kind).toBe('qr');
    if (kod2?.kind !== 'qr') return;
    const sellerNip = firstText(sample.xml.split('<Podmiot2>')[0]!, 'NIP')!;
    expect(kod2.link).toContain(
      `https://qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/${sellerNip}/01F20A5D352AE590/`,
    );
    expect(verifyOfflineCertificateLink(kod2.link, publicKey)).toBe(true);
    // KOD II carries the file's hash: without the file it cannot be made.
    expect(() => renderKsefHtml(sample.json, { offline })).toThrow(TypeError);
  });

  it('uses the environment asked for, PRD by default', () => {
    const html = renderKsefHtml(sample.json, { xmlBytes: sample.bytes });
    expect(html).toContain('href="https://qr.ksef.mf.gov.pl/invoice/');
    expect(renderKsefHtml(sample.json, { xmlBytes: sample.bytes, env: 'DEMO' })).toContain(
      'href="https://qr-demo.ksef.mf.gov.pl/invoice/',
    );
  });
});

describe('bad input', () => {
  it('refuses an unknown language or environment and JSON without Faktura with a TypeError', async () => {
    const json = samples[0]!.json;
    expect(() => renderKsefHtml(json, { lang: 'it' as 'pl' })).toThrow(TypeError);
    expect(() => renderKsefHtml(json, { env: 'XX' as 'TE' })).toThrow(TypeError);
    expect(() => renderKsefHtml({ Invoice: {} })).toThrow(TypeError);
    expect(() => renderKsefHtml('<Faktura/>')).toThrow(TypeError);
    await expect(renderKsefPdf(null)).rejects.toThrow(TypeError);
  });

  it('escapes invoice text: markup in a name or a line is shown, never run', () => {
    const json = structuredClone(samples[0]!.json) as {
      Faktura: {
        Podmiot1: { DaneIdentyfikacyjne: { Nazwa: string } };
        Fa: { FaWiersz: { P_7: string }[] };
      };
    };
    json.Faktura.Podmiot1.DaneIdentyfikacyjne.Nazwa = '<script>alert(1)</script>';
    json.Faktura.Fa.FaWiersz[0]!.P_7 = '<img src=x onerror=alert(1)>';
    const html = renderKsefHtml(json);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(htmlText(html)).toContain('<script>alert(1)</script>');
  });

  it('renders whatever shape the JSON has under Faktura without throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.jsonValue({ maxDepth: 4 }), (fa, podmiot) => {
        const html = renderKsefHtml({
          Faktura: { Fa: fa, Podmiot1: podmiot, Podmiot3: [podmiot] },
        });
        expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a PDF of odd shapes and a line 100,000 characters long without spaces still renders', async () => {
    const json = structuredClone(samples[0]!.json) as {
      Faktura: { Fa: { FaWiersz: { P_7: string }[] } };
    };
    json.Faktura.Fa.FaWiersz[0]!.P_7 = 'x'.repeat(100_000);
    const pdf = await renderKsefPdf(json);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const odd = await renderKsefPdf({
      Faktura: { Fa: { FaWiersz: 'text', P_15: { __value: 5 } }, Podmiot1: [] },
    });
    expect(Buffer.from(odd.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
