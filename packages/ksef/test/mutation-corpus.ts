/**
 * Single mutations of the samples, generated: every sample that passes all layers without a
 * finding is changed once by each mutation that applies to it (mutations.test.ts: formatting-only
 * changes keep the verdict, each documented check broken once gives its finding; the native
 * lane's test runs them all through both lanes).
 */
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { isValidNip } from '../src/checks/nip.ts';
import { ksefToJson, validateKsef, type ValidateKsefOptions } from '../src/validate.ts';
import { invoiceSamples, LATE_ACCEPTANCE, sampleName } from './validate-corpus.ts';

export interface Mutation {
  name: string;
  /** The changed XML, or undefined when the mutation does not apply to this sample. */
  apply: (xml: string) => string | undefined;
  options?: (xml: string) => ValidateKsefOptions;
  /** The finding expected (code and path); none: a formatting-only change. */
  expect?: { code: string; path?: string };
}

export const clean = invoiceSamples().filter((file) => {
  const result = validateKsef(readFileSync(file), { acceptedOn: LATE_ACCEPTANCE });
  return result.valid && result.findings.length === 0;
});

/** The first `<name>…</name>` inside the first `<scope>…</scope>`: [start, end) of the text. */
function textRange(
  xml: string,
  name: string,
  scope?: string,
  from = 0,
): [number, number] | undefined {
  let start = from;
  let limit = xml.length;
  if (scope) {
    start = xml.indexOf(`<${scope}>`, from);
    if (start === -1) return undefined;
    limit = xml.indexOf(`</${scope}>`, start);
  }
  const open = xml.indexOf(`<${name}>`, start);
  if (open === -1 || open > limit) return undefined;
  const close = xml.indexOf(`</${name}>`, open);
  if (close === -1 || close > limit) return undefined;
  return [open + name.length + 2, close];
}

function replaceText(
  xml: string,
  name: string,
  change: (text: string) => string | undefined,
  scope?: string,
): string | undefined {
  const range = textRange(xml, name, scope);
  if (!range) return undefined;
  const replaced = change(xml.slice(...range));
  return replaced === undefined
    ? undefined
    : xml.slice(0, range[0]) + replaced + xml.slice(range[1]);
}

/** `xml` without any `<name>…</name>` element. */
function removeElements(xml: string, name: string): string {
  let result = xml;
  for (;;) {
    const open = result.indexOf(`<${name}>`);
    const close = result.indexOf(`</${name}>`, open);
    if (open === -1 || close === -1) return result;
    result = result.slice(0, open) + result.slice(close + name.length + 3);
  }
}

/** The optional group of a correction's data in Fa (FA(3) and FA(2)). */
const CORRECTION_ELEMENTS = [
  'PrzyczynaKorekty',
  'TypKorekty',
  'DaneFaKorygowanej',
  'OkresFaKorygowanej',
  'NrFaKorygowany',
  'Podmiot1K',
  'Podmiot2K',
  'P_15ZK',
  'KursWalutyZK',
];

function breakNip(nip: string): string | undefined {
  if (!isValidNip(nip)) return undefined;
  const last = Number(nip[9]);
  return `${nip.slice(0, 9)}${(last + 1) % 10}`;
}

function fieldOf(xml: string, path: (string | number)[]): string | undefined {
  let node: unknown = ksefToJson(xml).json;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return typeof node === 'string' ? node : undefined;
}

function kind(xml: string): string | undefined {
  return fieldOf(xml, ['Faktura', 'Fa', 'RodzajFaktury']);
}

/** The lines rebuild the totals (VAT, KOR or UPR, every line with a rate and a value). */
function linesMakeTotals(xml: string): boolean {
  const fa = ksefToJson(xml).json?.Faktura.Fa as Record<string, unknown> | undefined;
  const lines = (fa?.FaWiersz ?? []) as Record<string, unknown>[];
  return (
    ['VAT', 'KOR', 'UPR'].includes(kind(xml) ?? '') &&
    // A simplified invoice may give P_15 alone: its lines are compared with totals it gives.
    (kind(xml) !== 'UPR' || /<P_1[34]_/.test(xml)) &&
    lines.length > 0 &&
    lines.every((line) => line.P_12 !== undefined && (line.P_11 ?? line.P_11A) !== undefined)
  );
}

const plus = (amount: string, delta: string): string => new Decimal(amount).plus(delta).toFixed(2);

const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function toOffset(instant: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(instant)) return undefined;
  const shifted = new Date(Date.parse(instant) + 2 * 3_600_000).toISOString().slice(0, 19);
  return `${shifted}+02:00`;
}

export const formatting: Mutation[] = [
  { name: 'no indentation', apply: (xml) => xml.replace(/>\s+</g, '><') },
  { name: 'other indentation', apply: (xml) => xml.replace(/>\s+</g, '>\n\t\t  <') },
  { name: 'CRLF line ends', apply: (xml) => xml.replace(/\r?\n/g, '\r\n') },
  {
    name: 'attribute order',
    apply: (xml) => xml.replace(/(kodSystemowy="[^"]*") (wersjaSchemy="[^"]*")/, '$2 $1'),
  },
  {
    name: 'namespace prefix',
    apply: (xml) =>
      /<[\w.-]+:[\w.-]+[\s/>]/.test(xml)
        ? undefined
        : xml
            .replace(/<(\/?)([A-Z_a-z][\w.-]*)(?=[\s/>])/g, '<$1tns:$2')
            .replace(/\sxmlns="/, ' xmlns:tns="'),
  },
  {
    name: 'CDATA',
    apply: (xml) =>
      replaceText(xml, 'P_2', (text) => (text.includes('&') ? undefined : `<![CDATA[${text}]]>`)),
  },
  {
    name: 'character references',
    apply: (xml) =>
      replaceText(xml, 'P_2', (text) =>
        text.startsWith('&') || text === ''
          ? undefined
          : `&#${text.codePointAt(0)};${text.slice(text.codePointAt(0)! > 0xffff ? 2 : 1)}`,
      ),
  },
  {
    name: 'amounts written 369.00 / 12.5',
    apply: (xml) => {
      const changed = xml
        .replace(/<(P_1[1345][\w]*)>(-?\d+)<\//g, '<$1>$2.00</')
        .replace(/<(P_1[1345][\w]*)>(-?\d+\.\d)0<\//g, '<$1>$2</');
      return changed === xml ? undefined : changed;
    },
  },
  {
    name: 'the same instant in another time zone',
    apply: (xml) => replaceText(xml, 'DataWytworzeniaFa', toOffset),
  },
  {
    name: 'no XML declaration',
    apply: (xml) => (xml.startsWith('<?xml') ? xml.slice(xml.indexOf('?>') + 2) : undefined),
  },
  { name: 'a comment', apply: (xml) => xml.replace('<Fa>', '<!-- komentarz --><Fa>') },
];

const nipMutation = (subject: string): Mutation => ({
  name: `${subject} NIP check digit`,
  apply: (xml) => replaceText(xml, 'NIP', breakNip, subject),
  expect: {
    code: 'ksef-nip-checksum',
    path: `Faktura.${subject}${subject === 'Podmiot3' ? '[0]' : ''}.DaneIdentyfikacyjne.NIP`,
  },
});

export const breaking: Mutation[] = [
  nipMutation('Podmiot1'),
  nipMutation('Podmiot2'),
  nipMutation('Podmiot3'),
  {
    name: 'PodmiotUpowazniony NIP check digit',
    apply: (xml) =>
      xml.includes('<PodmiotUpowazniony>') || !xml.includes('<Naglowek>')
        ? undefined
        : xml.replace(
            '<Fa>',
            '<PodmiotUpowazniony><DaneIdentyfikacyjne><NIP>5260250275</NIP><Nazwa>Urząd</Nazwa></DaneIdentyfikacyjne><Adres><KodKraju>PL</KodKraju><AdresL1>ul. Prosta 1</AdresL1></Adres><RolaPU>1</RolaPU></PodmiotUpowazniony><Fa>',
          ),
    expect: {
      code: 'ksef-nip-checksum',
      path: 'Faktura.PodmiotUpowazniony.DaneIdentyfikacyjne.NIP',
    },
  },
  {
    name: 'Podmiot3 internal identifier check digit',
    apply: (xml) => {
      const range = textRange(xml, 'NIP', 'Podmiot3');
      if (!range) return undefined;
      const broken = breakNip(xml.slice(...range));
      if (!broken) return undefined;
      return `${xml.slice(0, range[0] - 5)}<IDWew>${broken}-00001</IDWew>${xml.slice(range[1] + 6)}`;
    },
    expect: {
      code: 'ksef-internal-id-checksum',
      path: 'Faktura.Podmiot3[0].DaneIdentyfikacyjne.IDWew',
    },
  },
  {
    name: 'P_1 after the acceptance day',
    apply: (xml) => (fieldOf(xml, ['Faktura', 'Fa', 'P_1']) ? xml : undefined),
    options: (xml) => ({ acceptedOn: dayBefore(fieldOf(xml, ['Faktura', 'Fa', 'P_1']) ?? '') }),
    expect: { code: 'ksef-issue-date', path: 'Faktura.Fa.P_1' },
  },
  {
    name: 'P_4B (FA_RR) after the acceptance day',
    apply: (xml) => (fieldOf(xml, ['Faktura', 'FakturaRR', 'P_4B']) ? xml : undefined),
    options: (xml) => ({
      acceptedOn: dayBefore(fieldOf(xml, ['Faktura', 'FakturaRR', 'P_4B']) ?? ''),
    }),
    expect: { code: 'ksef-issue-date', path: 'Faktura.FakturaRR.P_4B' },
  },
  {
    name: 'a correction without the corrected invoice',
    apply: (xml) => {
      if (!['KOR', 'KOR_ZAL', 'KOR_ROZ'].includes(kind(xml) ?? '')) return undefined;
      return CORRECTION_ELEMENTS.reduce(removeElements, xml);
    },
    expect: { code: 'ksef-correction-data', path: 'Faktura.Fa.DaneFaKorygowanej' },
  },
  {
    name: "a line's net value",
    apply: (xml) =>
      linesMakeTotals(xml)
        ? replaceText(xml, 'P_11', (text) => plus(text, '10'), 'FaWiersz')
        : undefined,
    expect: { code: 'advisory-net-total' },
  },
  {
    name: 'the VAT of a rate (and P_15 with it)',
    apply: (xml) => {
      const changed = replaceText(xml, 'P_14_1', (text) =>
        text === '0' ? undefined : plus(text, '1'),
      );
      return changed && replaceText(changed, 'P_15', (text) => plus(text, '1'));
    },
    expect: { code: 'advisory-vat-total', path: 'Faktura.Fa.P_14_1' },
  },
  {
    name: 'P_15',
    apply: (xml) =>
      /<P_1[34]_/.test(xml) ? replaceText(xml, 'P_15', (text) => plus(text, '1')) : undefined,
    expect: { code: 'advisory-gross-total', path: 'Faktura.Fa.P_15' },
  },
  {
    name: "an order line's net value (ZAL)",
    apply: (xml) =>
      kind(xml) === 'ZAL'
        ? replaceText(xml, 'P_11NettoZ', (text) => plus(text, '10'), 'ZamowienieWiersz')
        : undefined,
    expect: { code: 'advisory-order-total', path: 'Faktura.Fa.Zamowienie.WartoscZamowienia' },
  },
  {
    name: 'P_14_1W removed on a foreign-currency invoice',
    apply: (xml) => {
      const range = textRange(xml, 'P_14_1W');
      return range ? xml.slice(0, range[0] - 9) + xml.slice(range[1] + 10) : undefined;
    },
    expect: { code: 'advisory-vat-pln', path: 'Faktura.Fa.P_14_1W' },
  },
  {
    name: 'P_14_1W not the converted VAT',
    apply: (xml) => {
      const fa = ksefToJson(xml).json?.Faktura.Fa as Record<string, unknown> | undefined;
      const lines = (fa?.FaWiersz ?? []) as Record<string, unknown>[];
      const rates = new Set(lines.map((line) => line.KursWaluty));
      // The exchange rate is known: KursWalutyZ, or one KursWaluty for all lines.
      if (fa?.KursWalutyZ === undefined && rates.size !== 1) return undefined;
      return replaceText(xml, 'P_14_1W', (text) => plus(text, '5'));
    },
    expect: { code: 'advisory-vat-pln', path: 'Faktura.Fa.P_14_1W' },
  },
  { name: 'a BOM', apply: (xml) => `\uFEFF${xml}`, expect: { code: 'xml-bom' } },
  {
    name: 'a processing instruction',
    apply: (xml) => xml.replace('<Fa>', '<?php echo 1; ?><Fa>'),
    expect: { code: 'xml-processing-instruction' },
  },
  {
    name: 'a DOCTYPE',
    apply: (xml) =>
      xml.startsWith('<?xml') ? xml.replace('?>', '?><!DOCTYPE Faktura>') : undefined,
    expect: { code: 'xml-doctype' },
  },
  {
    name: 'a discouraged character',
    apply: (xml) => replaceText(xml, 'P_2', (text) => `${text}\u0086`),
    expect: { code: 'xml-character' },
  },
  {
    name: 'another encoding declared',
    apply: (xml) =>
      xml.startsWith('<?xml')
        ? xml.replace(/encoding="[^"]*"/, 'encoding="ISO-8859-2"')
        : undefined,
    expect: { code: 'xml-encoding' },
  },
  {
    name: 'over 1,000,000 bytes without an attachment',
    apply: (xml) =>
      xml.includes('<Zalacznik>')
        ? undefined
        : xml.replace('<Fa>', `<!--${'x'.repeat(1_000_000)}--><Fa>`),
    expect: { code: 'xml-too-large' },
  },
  {
    name: 'over 3,000,000 bytes with an attachment',
    apply: (xml) =>
      xml.includes('<Zalacznik>')
        ? xml.replace('<Fa>', `<!--${'x'.repeat(3_000_000)}--><Fa>`)
        : undefined,
    expect: { code: 'xml-too-large' },
  },
  {
    name: 'a required element removed (P_2)',
    apply: (xml) => xml.replace(/<P_2>[^<]*<\/P_2>/, ''),
    expect: { code: 'schema-invalid', path: 'Faktura.Fa.P_2' },
  },
];

export function cases(mutations: Mutation[]): [string, string, Mutation, string][] {
  return clean.flatMap((file) => {
    const xml = readFileSync(file, 'utf8');
    return mutations.flatMap((mutation): [string, string, Mutation, string][] => {
      const changed = mutation.apply(xml);
      return changed === undefined || (changed === xml && !mutation.options)
        ? []
        : [[mutation.name, sampleName(file), mutation, changed]];
    });
  });
}
