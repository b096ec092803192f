import type { ViewItem, ViewPart, ViewSection } from './invoice-view.ts';
import { has, isYes, listOf, nodeOf, textOf, type KsefNode } from './ksef-json.ts';
import type { LabelKey } from './labels.ts';
import { formatPercent } from './pl-format.ts';
import type { ViewContext } from './view-context.ts';

function address(c: ViewContext, heading: LabelKey, value: unknown): ViewItem[] {
  const node = nodeOf(value);
  const lines = [textOf(node.AdresL1), textOf(node.AdresL2), c.country(node.KodKraju)].filter(
    (line) => line !== '',
  );
  if (lines.length === 0 && !has(node.GLN)) return [];
  return [
    { kind: 'subheading', text: c.t(heading) },
    ...lines.map((text): ViewItem => ({ kind: 'text', text })),
    ...(has(node.GLN) ? [{ kind: 'entry' as const, label: 'GLN', value: textOf(node.GLN) }] : []),
  ];
}

/** Contacts of a party: e-mail and phone pairs (`…PU` in PodmiotUpowazniony). */
function contacts(c: ViewContext, value: unknown, customerNumber: string): ViewItem[] {
  const items = listOf(value).flatMap((contact) => [
    ...c.entry('email', textOf(contact.Email ?? contact.EmailPU)),
    ...c.entry('phone', textOf(contact.Telefon ?? contact.TelefonPU)),
  ]);
  items.push(...c.entry('customerNumber', customerNumber));
  return items.length ? [{ kind: 'subheading', text: c.t('contactDetails') }, ...items] : [];
}

/** NIP, EU VAT number, other tax id, internal id or "no tax id", then the name. */
function identification(c: ViewContext, value: unknown): ViewItem[] {
  const id = nodeOf(value);
  const items: ViewItem[] = [...c.entry('nip', textOf(id.NIP))];
  items.push(...c.entry('internalId', textOf(id.IDWew)));
  if (has(id.NrVatUE)) {
    items.push(...c.entry('vatUeNumber', `${textOf(id.KodUE)} ${textOf(id.NrVatUE)}`.trim()));
  }
  if (has(id.NrID)) {
    items.push(...c.entry('otherTaxId', `${textOf(id.KodKraju)} ${textOf(id.NrID)}`.trim()));
  }
  if (isYes(id.BrakID)) items.push({ kind: 'text', text: c.t('noTaxId') });
  items.push(...c.entry('name', textOf(id.Nazwa)));
  return items;
}

const taxpayerStatus: Record<string, { pl: string; en: string }> = {
  '1': { pl: 'Stan likwidacji', en: 'In liquidation' },
  '2': { pl: 'Postępowanie restrukturyzacyjne', en: 'In restructuring' },
  '3': { pl: 'Stan upadłości', en: 'In bankruptcy' },
  '4': { pl: 'Przedsiębiorstwo w spadku', en: 'Business in probate' },
};

export const thirdPartyRoles: Record<string, { pl: string; en: string }> = {
  '1': { pl: 'Faktor', en: 'Factor' },
  '2': { pl: 'Odbiorca', en: 'Recipient (internal unit of the buyer)' },
  '3': { pl: 'Podmiot pierwotny', en: 'Original entity' },
  '4': { pl: 'Dodatkowy nabywca', en: 'Additional buyer' },
  '5': { pl: 'Wystawca faktury', en: 'Issuer of the invoice' },
  '6': { pl: 'Dokonujący płatności', en: 'Payer' },
  '7': {
    pl: 'Jednostka samorządu terytorialnego - wystawca',
    en: 'Local government unit - issuer',
  },
  '8': {
    pl: 'Jednostka samorządu terytorialnego - odbiorca',
    en: 'Local government unit - recipient',
  },
  '9': { pl: 'Członek grupy VAT - wystawca', en: 'VAT group member - issuer' },
  '10': { pl: 'Członek grupy VAT - odbiorca', en: 'VAT group member - recipient' },
  '11': { pl: 'Pracownik', en: 'Employee' },
};

const authorizedRoles: Record<string, { pl: string; en: string }> = {
  '1': { pl: 'Organ egzekucyjny', en: 'Enforcement authority' },
  '2': { pl: 'Komornik sądowy', en: 'Court bailiff' },
  '3': { pl: 'Przedstawiciel podatkowy', en: 'Tax representative' },
};

function coded(
  c: ViewContext,
  table: Record<string, { pl: string; en: string }>,
  value: unknown,
): string {
  const code = textOf(value);
  const known = table[code];
  return known ? known[c.lang] : code;
}

function seller(c: ViewContext, podmiot: KsefNode, heading: LabelKey): ViewItem[] {
  return [
    { kind: 'heading', text: c.t(heading) },
    ...c.entry('vatPrefix', textOf(podmiot.PrefiksPodatnika)),
    ...c.entry('eori', textOf(podmiot.NrEORI)),
    ...identification(c, podmiot.DaneIdentyfikacyjne),
    ...address(c, 'address', podmiot.Adres),
    ...address(c, 'correspondenceAddress', podmiot.AdresKoresp),
    ...contacts(c, podmiot.DaneKontaktowe, ''),
    ...c.entry('taxpayerStatus', coded(c, taxpayerStatus, podmiot.StatusInfoPodatnika)),
  ];
}

function yesNo(c: ViewContext, value: unknown): string {
  const text = textOf(value);
  if (text === '1') return c.t('yes');
  if (text === '2') return c.t('no');
  return text;
}

function buyer(c: ViewContext, podmiot: KsefNode): ViewItem[] {
  return [
    { kind: 'heading', text: c.t('buyer') },
    ...c.entry('buyerId', textOf(podmiot.IDNabywcy)),
    ...c.entry('eori', textOf(podmiot.NrEORI)),
    ...identification(c, podmiot.DaneIdentyfikacyjne),
    ...address(c, 'address', podmiot.Adres),
    ...address(c, 'correspondenceAddress', podmiot.AdresKoresp),
    ...contacts(c, podmiot.DaneKontaktowe, textOf(podmiot.NrKlienta)),
    ...c.entry('jst', yesNo(c, podmiot.JST)),
    ...c.entry('gv', yesNo(c, podmiot.GV)),
  ];
}

function thirdParty(c: ViewContext, podmiot: KsefNode, index: number): ViewPart {
  const role = has(podmiot.Rola)
    ? coded(c, thirdPartyRoles, podmiot.Rola)
    : textOf(podmiot.OpisRoli);
  const left: ViewItem[] = [
    { kind: 'heading', text: c.t('otherEntity', { index: index + 1 }) },
    ...c.entry('buyerId', textOf(podmiot.IDNabywcy)),
    ...c.entry('eori', textOf(podmiot.NrEORI)),
    ...identification(c, podmiot.DaneIdentyfikacyjne),
    ...c.entry(has(podmiot.Rola) ? 'role' : 'otherRole', role),
    ...c.entry('share', formatPercent(textOf(podmiot.Udzial))),
  ];
  const right: ViewItem[] = [
    ...address(c, 'address', podmiot.Adres),
    ...address(c, 'correspondenceAddress', podmiot.AdresKoresp),
    ...contacts(c, podmiot.DaneKontaktowe, textOf(podmiot.NrKlienta)),
  ];
  return { kind: 'columns', columns: [left, right] };
}

function authorized(c: ViewContext, podmiot: KsefNode): ViewPart {
  const left: ViewItem[] = [
    { kind: 'heading', text: c.t('authorizedEntity') },
    ...c.entry('eori', textOf(podmiot.NrEORI)),
    ...identification(c, podmiot.DaneIdentyfikacyjne),
    ...c.entry('role', coded(c, authorizedRoles, podmiot.RolaPU)),
  ];
  const right: ViewItem[] = [
    ...address(c, 'address', podmiot.Adres),
    ...address(c, 'correspondenceAddress', podmiot.AdresKoresp),
    ...contacts(c, podmiot.DaneKontaktowe, ''),
  ];
  return { kind: 'columns', columns: [left, right] };
}

/** The seller's or buyer's data as corrected (Podmiot1K / Podmiot2K of a corrective invoice). */
function corrected(c: ViewContext, heading: LabelKey, podmiot: KsefNode): ViewItem[] {
  return [
    { kind: 'heading', text: `${c.t(heading)}: ${c.t('correctedContent')}` },
    ...c.entry('vatPrefix', textOf(podmiot.PrefiksPodatnika)),
    ...c.entry('buyerId', textOf(podmiot.IDNabywcy)),
    ...identification(c, podmiot.DaneIdentyfikacyjne),
    ...address(c, 'address', podmiot.Adres),
  ];
}

/**
 * Sprzedawca (the Dostawca of a VAT RR invoice) and Nabywca side by side, then each Podmiot3
 * and the PodmiotUpowazniony.
 */
export function partiesSections(
  c: ViewContext,
  faktura: KsefNode,
  sellerHeading: LabelKey = 'seller',
): ViewSection[] {
  const fa = nodeOf(faktura.Fa);
  const parts: ViewPart[] = [
    {
      kind: 'columns',
      columns: [
        seller(c, nodeOf(faktura.Podmiot1), sellerHeading),
        buyer(c, nodeOf(faktura.Podmiot2)),
      ],
    },
  ];
  const correctedSeller = listOf(fa.Podmiot1K);
  const correctedBuyers = listOf(fa.Podmiot2K);
  if (correctedSeller.length || correctedBuyers.length) {
    parts.push({
      kind: 'columns',
      columns: [
        correctedSeller.flatMap((podmiot) => corrected(c, 'seller', podmiot)),
        correctedBuyers.flatMap((podmiot) => corrected(c, 'buyer', podmiot)),
      ],
    });
  }
  const sections: ViewSection[] = [{ id: 'parties', parts }];
  listOf(faktura.Podmiot3).forEach((podmiot, index) =>
    sections.push({ id: `podmiot3-${index + 1}`, parts: [thirdParty(c, podmiot, index)] }),
  );
  for (const podmiot of listOf(faktura.PodmiotUpowazniony)) {
    sections.push({ id: 'podmiot-upowazniony', parts: [authorized(c, podmiot)] });
  }
  return sections;
}
