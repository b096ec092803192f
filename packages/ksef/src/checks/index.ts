/**
 * Layer 3: what KSeF and the law check that the XSD cannot (`ksef`: KSeF refuses the invoice) and
 * the field definitions of the XSD's annotations (`advisory`: KSeF may accept it, the console
 * warns). KSeF applies the NIP check digits in its production environment only (the
 * document says so); here they always count. They run on the JSON of an invoice that passed layers 1 and 2. Amounts are compared
 * as decimals (decimal.js), never floats, so `369` and `369.00` are the same amount.
 *
 * | code                          | layer    | what                                                                                   | source |
 * |-------------------------------|----------|----------------------------------------------------------------------------------------|--------|
 * | xml-too-large                 | xml      | above 1,000,000 bytes without attachment (Zalacznik), 3,000,000 with one               | docs/faktury/weryfikacja-faktury.md "Rozmiar pliku"; docs/limity/limity.md |
 * | xml-bom, xml-encoding         | xml      | UTF-8 without BOM; a declaration naming another encoding; invalid UTF-8                 | weryfikacja-faktury.md "Weryfikacja XML" |
 * | xml-character                 | xml      | characters XML 1.0 forbids or discourages (#x7F-#x84, #x86-#x9F, #xFDD0-#xFDEF, #xnFFFE-F), lone surrogates | weryfikacja-faktury.md "Weryfikacja XML" |
 * | xml-processing-instruction    | xml      | a processing instruction other than the XML declaration                                  | weryfikacja-faktury.md "Weryfikacja XML" |
 * | xml-doctype                   | xml      | DOCTYPE / entity declarations (XXE, entity expansion)                                   | weryfikacja-faktury.md ("poprawny dokument XML"); hardening |
 * | xml-too-deep, xml-name-too-long | xml    | nesting over 256 levels, names longer than any schema name                              | hardening (@fiscus/fatturapa) |
 * | xml-malformed, xml-empty      | xml      | not well-formed XML 1.0                                                                  | weryfikacja-faktury.md "Weryfikacja XML" |
 * | schema-unknown-root           | schema   | the root is no Faktura of FA(3), FA(2) or FA_RR(1) in its namespace                      | weryfikacja-faktury.md ("zgodna z zadeklarowanym schematem") |
 * | schema-form-required          | schema   | FA(2) (or another form) sent where FA(3) is required (`requireForm`)                     | weryfikacja-faktury.md ("zgodna z zadeklarowanym schematem") |
 * | schema-invalid                | schema   | the official XSD of the form (schemat_FA(3)_v1-0E, FA(2), FA_RR(1)), at most 50 listed   | schemas/FA, schemas/RR |
 * | ksef-nip-checksum             | ksef     | NIP check digit of Podmiot1, Podmiot2, Podmiot3, PodmiotUpowazniony (weights 6,5,7,2,3,4,5,6,7 mod 11; 10 never valid) | weryfikacja-faktury.md "Walidacja numeru NIP" |
 * | ksef-internal-id-checksum     | ksef     | NIP check digit in Podmiot3's internal identifier (IDWew)                               | weryfikacja-faktury.md "Walidacja numeru NIP w identyfikatorze wewnętrznym" |
 * | ksef-issue-date               | ksef     | P_1 (issue date; P_4B of FA_RR) after the day KSeF accepts the invoice (`acceptedOn`)  | weryfikacja-faktury.md "Walidacja dat" |
 * | ksef-correction-data          | ksef     | a correction (KOR, KOR_ZAL, KOR_ROZ) without DaneFaKorygowanej (the corrected invoice's date and number) | XSD annotation of DaneFaKorygowanej; art. 106j ust. 2 ustawy o VAT |
 * | advisory-net-total            | advisory | P_13_x per rate ≠ the lines' P_11 (P_11A with P_14_x if gross) by more than 0.01: VAT, UPR, KOR (StanPrzed subtracted); ZAL: a rate the order lacks. | XSD annotations of P_13_1..P_13_10, P_11, P_11A, Zamowienie |
 * | advisory-vat-total            | advisory | P_14_x is neither P_13_x × the rate (0.01 per rounding: +1 per advance listed, twice in corrections) nor the sum of the lines' P_11Vat; every kind | XSD annotations of P_14_1..P_14_4, P_11Vat; art. 106f ust. 1 pkt 3 |
 * | advisory-gross-total          | advisory | P_15 differs from the sum of P_13_x and P_14_x by more than 0.01; every kind (the total, the advance, the amount remaining, their correction) | XSD annotation of P_15 |
 * | advisory-order-total          | advisory | ZAL: WartoscZamowienia differs from the sum of P_11NettoZ and P_11VatZ of the order's lines (ZamowienieWiersz) by more than 0.01 | XSD annotations of WartoscZamowienia, P_11NettoZ, P_11VatZ |
 * | advisory-vat-pln              | advisory | a foreign-currency invoice without P_14_xW, or P_14_xW ≠ P_14_x × KursWalutyZ / the lines' KursWaluty (0.01); P_14_xW on a PLN invoice | XSD annotations of P_14_1W..P_14_4W, KursWalutyZ, KursWaluty |
 */
import type { KsefJson } from '../codec/ksef-json.ts';
import type { TreeView } from '../codec/libxml2-tree.ts';
import type { KsefForm } from '../codec/descriptor.ts';
import { makeFinding, type KsefFinding } from '../findings.ts';
import { isValidNip } from './nip.ts';
import { child, children, forgetAmounts, isElement, text } from './read.ts';
import {
  checkTotals,
  LINE_FIELDS,
  ORDER_FIELDS,
  ORDER_LINE_FIELDS,
  TOTALS_FIELDS,
} from './totals.ts';

export { isValidNip } from './nip.ts';

const CORRECTION_KINDS = new Set(['KOR', 'KOR_ZAL', 'KOR_ROZ']);

function ksef(code: string, path: string, message: string, messagePl: string): KsefFinding {
  return makeFinding('ksef', code, path, message, messagePl);
}

function nipFinding(path: string, nip: string): KsefFinding {
  const shown = nip.slice(0, 20);
  return ksef(
    'ksef-nip-checksum',
    path,
    `The NIP ${shown} has a wrong check digit`,
    `NIP ${shown} ma błędną cyfrę kontrolną`,
  );
}

function checkNips(json: KsefJson, findings: KsefFinding[]): void {
  const faktura = json.Faktura;
  const single = ['Podmiot1', 'Podmiot2', 'PodmiotUpowazniony'];
  for (const subject of single) {
    const nip = text(child(child(faktura, subject), 'DaneIdentyfikacyjne'), 'NIP');
    if (nip !== undefined && !isValidNip(nip)) {
      findings.push(nipFinding(`Faktura.${subject}.DaneIdentyfikacyjne.NIP`, nip));
    }
  }
  children(faktura, 'Podmiot3').forEach((podmiot, index) => {
    const identification = child(podmiot, 'DaneIdentyfikacyjne');
    const path = `Faktura.Podmiot3[${index}].DaneIdentyfikacyjne`;
    const nip = text(identification, 'NIP');
    if (nip !== undefined && !isValidNip(nip)) findings.push(nipFinding(`${path}.NIP`, nip));
    const internal = text(identification, 'IDWew');
    if (internal !== undefined && !isValidNip(internal.slice(0, 10))) {
      findings.push(
        ksef(
          'ksef-internal-id-checksum',
          `${path}.IDWew`,
          `The internal identifier ${internal.slice(0, 20)} starts with a NIP with a wrong check digit`,
          `Identyfikator wewnętrzny ${internal.slice(0, 20)} zaczyna się od NIP z błędną cyfrą kontrolną`,
        ),
      );
    }
  });
}

function checkIssueDate(
  json: KsefJson,
  form: KsefForm,
  acceptedOn: string,
  findings: KsefFinding[],
): void {
  // The issue date: P_1 of Fa, P_4B of FakturaRR (FA_RR).
  const [section, field] = form === 'FA_RR(1)' ? ['FakturaRR', 'P_4B'] : ['Fa', 'P_1'];
  const issued = text(child(json.Faktura, section), field);
  // TDataT is YYYY-MM-DD: the strings compare as dates.
  if (issued !== undefined && issued > acceptedOn) {
    findings.push(
      ksef(
        'ksef-issue-date',
        `Faktura.${section}.${field}`,
        `The issue date ${issued} is after the day KSeF accepts the invoice (${acceptedOn})`,
        `Data wystawienia ${issued} jest późniejsza niż data przyjęcia faktury do KSeF (${acceptedOn})`,
      ),
    );
  }
}

function checkCorrection(json: KsefJson, findings: KsefFinding[]): void {
  const fa = child(json.Faktura, 'Fa');
  const kind = text(fa, 'RodzajFaktury') ?? '';
  if (CORRECTION_KINDS.has(kind) && children(fa, 'DaneFaKorygowanej').length === 0) {
    findings.push(
      ksef(
        'ksef-correction-data',
        'Faktura.Fa.DaneFaKorygowanej',
        `A correction invoice (${kind}) must give the corrected invoice's data (DaneFaKorygowanej: its date and number)`,
        `Faktura korygująca (${kind}) musi zawierać dane faktury korygowanej (DaneFaKorygowanej: data i numer)`,
      ),
    );
  }
}

const SUBJECT: TreeView = new Map([['DaneIdentyfikacyjne', true]]);

/**
 * What of the invoice the checks read (below the root): validateKsef builds only this part of
 * the JSON for them. A check that reads another element must add it here (the mutation tests
 * break each check once through validateKsef).
 */
export const CHECKED_VIEW: TreeView = new Map<string, TreeView | true>([
  ['Podmiot1', SUBJECT],
  ['Podmiot2', SUBJECT],
  ['Podmiot3', SUBJECT],
  ['PodmiotUpowazniony', SUBJECT],
  [
    'Fa',
    new Map<string, TreeView | true>([
      ['P_1', true],
      ['DaneFaKorygowanej', true],
      ...TOTALS_FIELDS.map((field) => [field, true] as const),
      ['FaWiersz', new Map(LINE_FIELDS.map((field) => [field, true] as const))],
      [
        'Zamowienie',
        new Map<string, TreeView | true>([
          ...ORDER_FIELDS.map((field) => [field, true] as const),
          ['ZamowienieWiersz', new Map(ORDER_LINE_FIELDS.map((field) => [field, true] as const))],
        ]),
      ],
    ]),
  ],
  ['FakturaRR', true],
]);

/** Layer 3 on the JSON of a schema-valid invoice of `form`. */
export function runChecks(json: KsefJson, form: KsefForm, acceptedOn: string): KsefFinding[] {
  const findings: KsefFinding[] = [];
  forgetAmounts();
  // Callers may hand in JSON of their own: anything but an invoice object has nothing to check.
  if (!isElement((json as Partial<KsefJson> | null | undefined)?.Faktura)) return findings;
  checkNips(json, findings);
  checkIssueDate(json, form, acceptedOn, findings);
  if (form === 'FA_RR(1)') return findings;
  checkCorrection(json, findings);
  const fa = child(json.Faktura, 'Fa');
  if (fa) findings.push(...checkTotals(fa));
  return findings;
}
