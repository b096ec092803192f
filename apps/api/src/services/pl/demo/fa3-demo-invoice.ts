import { Decimal } from 'decimal.js';
import { jsonToKsef } from '@fiscus/ksef';

/*
 * FA(3) invoices the demo sends (spec "Polish demo page", Generate) and the demo history: an
 * ordinary VAT invoice between two NIPs, with lines at 23% and 8%, amounts computed in decimals
 * as the Ministry's rules want them (net per line, VAT per rate rounded to the grosz, P_15 their
 * sum), written to XML by `@fiscus/ksef` so it passes the same checks as any invoice.
 */

export type DemoParty = {
  nip: string;
  name: string;
  address: string;
  city: string;
  email?: string;
};

export type DemoLine = {
  description: string;
  unit: string;
  quantity: string;
  unitNet: string;
  rate: '23' | '8' | '5';
};

export type DemoInvoiceInput = {
  seller: DemoParty;
  buyer: DemoParty;
  number: string;
  /** YYYY-MM-DD (Europe/Warsaw). */
  issueDate: string;
  lines: DemoLine[];
  /** When the XML says it was made. */
  createdAt: Date;
  /** An attachment block (FA(3) Zalacznik) with a few key-value pairs. */
  attachment?: { heading: string; pairs: [string, string][] };
};

const RATE_FIELDS: Record<DemoLine['rate'], [string, string]> = {
  '23': ['P_13_1', 'P_14_1'],
  '8': ['P_13_2', 'P_14_2'],
  '5': ['P_13_3', 'P_14_3'],
};

const money = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function party(p: DemoParty) {
  return {
    DaneIdentyfikacyjne: { NIP: p.nip, Nazwa: p.name },
    Adres: { KodKraju: 'PL', AdresL1: p.address, AdresL2: p.city },
    ...(p.email ? { DaneKontaktowe: [{ Email: p.email }] } : {}),
  };
}

/** The invoice's KSeF JSON. */
export function demoInvoiceJson(input: DemoInvoiceInput) {
  const totals = new Map<DemoLine['rate'], Decimal>();
  const lines = input.lines.map((line, index) => {
    const net = new Decimal(line.quantity)
      .times(line.unitNet)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    totals.set(line.rate, (totals.get(line.rate) ?? new Decimal(0)).plus(net));
    return {
      NrWierszaFa: String(index + 1),
      P_7: line.description,
      P_8A: line.unit,
      P_8B: line.quantity,
      P_9A: line.unitNet,
      P_11: money(net),
      P_12: line.rate,
    };
  });
  const fa: Record<string, unknown> = { KodWaluty: 'PLN', P_1: input.issueDate, P_2: input.number };
  let gross = new Decimal(0);
  for (const rate of ['23', '8', '5'] as const) {
    const net = totals.get(rate);
    if (!net) continue;
    const vat = net.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const [netField, vatField] = RATE_FIELDS[rate];
    fa[netField] = money(net);
    fa[vatField] = money(vat);
    gross = gross.plus(net).plus(vat);
  }
  Object.assign(fa, {
    P_15: money(gross),
    Adnotacje: {
      P_16: '2',
      P_17: '2',
      P_18: '2',
      P_18A: '2',
      Zwolnienie: { P_19N: '1' },
      NoweSrodkiTransportu: { P_22N: '1' },
      P_23: '2',
      PMarzy: { P_PMarzyN: '1' },
    },
    RodzajFaktury: 'VAT',
    FaWiersz: lines,
    Platnosc: { TerminPlatnosci: [{ Termin: input.issueDate }], FormaPlatnosci: '6' },
  });
  return {
    Faktura: {
      Naglowek: {
        KodFormularza: { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E', __value: 'FA' },
        WariantFormularza: '3',
        DataWytworzeniaFa: input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        SystemInfo: 'Fiscus',
      },
      Podmiot1: party(input.seller),
      Podmiot2: { ...party(input.buyer), JST: '2', GV: '2' },
      Fa: fa,
      ...(input.attachment
        ? {
            Zalacznik: {
              BlokDanych: [
                {
                  ZNaglowek: input.attachment.heading,
                  MetaDane: input.attachment.pairs.map(([key, value]) => ({
                    ZKlucz: key,
                    ZWartosc: value,
                  })),
                },
              ],
            },
          }
        : {}),
    },
  };
}

/** The invoice as FA(3) XML. */
export function demoInvoiceXml(input: DemoInvoiceInput): string {
  const written = jsonToKsef(demoInvoiceJson(input));
  if (!written.xml) {
    throw new Error(
      `The demo invoice does not write: ${written.problems.map((p) => p.message).join('; ')}`,
    );
  }
  return written.xml;
}

const CATALOGUE: readonly Omit<DemoLine, 'quantity'>[] = [
  { description: 'Usługa księgowa — miesiąc', unit: 'usł.', unitNet: '1200.00', rate: '23' },
  { description: 'Licencja oprogramowania', unit: 'szt.', unitNet: '349.99', rate: '23' },
  { description: 'Szkolenie z KSeF (osoba)', unit: 'os.', unitNet: '450.00', rate: '23' },
  { description: 'Catering na spotkanie', unit: 'kpl.', unitNet: '310.50', rate: '8' },
  { description: 'Książka: Podatek VAT 2026', unit: 'szt.', unitNet: '89.90', rate: '5' },
  { description: 'Transport towaru', unit: 'km', unitNet: '3.85', rate: '23' },
];

/** One to three lines picked by `seed` (deterministic, so a demo history is the same each time). */
export function demoLines(seed: number): DemoLine[] {
  const count = 1 + (seed % 3);
  return Array.from({ length: count }, (_, index) => {
    const item = CATALOGUE[(seed * 7 + index * 3) % CATALOGUE.length] ?? CATALOGUE[0]!;
    return { ...item, quantity: String(1 + ((seed + index * 5) % 9)) };
  });
}
