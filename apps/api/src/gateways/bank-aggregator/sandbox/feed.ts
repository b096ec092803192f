import { createHash } from 'node:crypto';
import { fromCents } from '../../../platform/money.ts';
import { italianAccount } from './banks.ts';

/*
 * The simulated banks' feeds: what happens on a business's accounts day after day, made up the
 * same way every time for one account and day (a generator seeded by both), so a sync, a
 * reconnect or a restart sees the same history. A current account has customers paying their
 * invoices (their own bank, IBAN and wording of the remittance), suppliers paid, salaries on the
 * 27th, taxes (F24) on the 16th, rent, utilities and the monthly fee; a card has purchases that
 * stay pending a day before they book; a deposit earns its interest.
 */

export interface GeneratedEntry {
  madeOn: string;
  amountCents: bigint;
  description: string;
  category: string;
  payer: string | null;
  payee: string | null;
  counterpartyIban: string | null;
  endToEndId: string | null;
  remittance: string | null;
  /** A card purchase is a hold first: pending, booked the next day. */
  card: boolean;
}

/** A generator of numbers in [0, 1) seeded by a text. */
export function seededRandom(seed: string): () => number {
  const digest = createHash('sha256').update(seed).digest();
  let state = digest.readUInt32LE(0) || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CUSTOMERS = [
  'Rossi Impianti S.r.l.',
  'Bianchi & Figli S.n.c.',
  'Verdi Logistica S.p.A.',
  'Studio Tecnico Neri',
  'Gallo Forniture S.r.l.',
  'Ferrari Arredamenti S.r.l.',
  'Esposito Costruzioni S.r.l.',
  'Colombo Software S.r.l.',
];
const SUPPLIERS = [
  'Cartoleria Moderna S.r.l.',
  'Trasporti Veloci S.p.A.',
  'Consulenze Fiscali Greco',
  'Officina Meccanica Ricci',
  'Pulizie Splendor S.r.l.',
];
const EMPLOYEES = ['Marco Conti', 'Giulia Marino', 'Luca Romano'];
const MERCHANTS = ['AMAZON EU SARL', 'ESSELUNGA SPA', 'AUTOGRILL', 'TRENITALIA', 'Q8 STAZIONE'];
const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/** A counterparty's own IBAN (at a made-up bank of its own), the same on every transfer. */
export function counterpartyIban(name: string): string {
  const digits = createHash('sha256').update(name).digest().readUInt32BE(0).toString().slice(0, 9);
  return italianAccount('98765', '01600', digits).iban;
}

const between = (random: () => number, low: number, high: number) =>
  BigInt(Math.round(low * 100 + random() * (high - low) * 100));
const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;
const isWeekday = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};
const lastDayOfMonth = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.getUTCDate() === 1;
};

/** Every day of the month before `day`'s. */
function previousMonthDays(day: string): string[] {
  const first = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  const days: string[] = [];
  for (
    const date = first;
    date.toISOString().slice(0, 7) < day.slice(0, 7);
    date.setUTCDate(date.getUTCDate() + 1)
  )
    days.push(date.toISOString().slice(0, 10));
  return days;
}

function endToEnd(day: string, random: () => number): string {
  return `E2E${day.replaceAll('-', '')}${Math.floor(random() * 1e10)
    .toString()
    .padStart(10, '0')}`;
}

function transfer(
  day: string,
  random: () => number,
  fields: Omit<GeneratedEntry, 'madeOn' | 'endToEndId' | 'card' | 'counterpartyIban'>,
): GeneratedEntry {
  const party = fields.payer ?? fields.payee;
  return {
    ...fields,
    madeOn: day,
    endToEndId: endToEnd(day, random),
    counterpartyIban: party ? counterpartyIban(party) : null,
    card: false,
  };
}

/** A card's purchases of one day: holds, booked the next morning. */
function cardPurchases(accountId: string, day: string): GeneratedEntry[] {
  const random = seededRandom(`${accountId}:${day}:card`);
  const count = Math.floor(random() * 3);
  return Array.from({ length: count }, () => {
    const merchant = pick(random, MERCHANTS);
    return {
      madeOn: day,
      amountCents: -between(random, 4, 180),
      description: `PAGAMENTO POS ${merchant}`,
      category: 'card_payment',
      payer: null,
      payee: merchant,
      counterpartyIban: null,
      endToEndId: null,
      remittance: null,
      card: true,
    };
  });
}

/** The entries of one account on one day (Europe/Rome), in the bank's order. */
export function generateDay(accountId: string, nature: string, day: string): GeneratedEntry[] {
  const random = seededRandom(`${accountId}:${day}`);
  const dayOfMonth = Number(day.slice(8, 10));
  const month = MONTHS[Number(day.slice(5, 7)) - 1]!;
  const entries: GeneratedEntry[] = [];
  if (nature === 'card') {
    // On the 1st, last month's statement is paid off: the card is back at zero owed.
    if (dayOfMonth === 1) {
      const owed = previousMonthDays(day)
        .flatMap((previous) => cardPurchases(accountId, previous))
        .reduce((sum, entry) => sum - entry.amountCents, 0n);
      if (owed > 0n)
        entries.push({
          madeOn: day,
          amountCents: owed,
          description: 'SALDO ESTRATTO CONTO CARTA',
          category: 'transfer',
          payer: null,
          payee: null,
          counterpartyIban: null,
          endToEndId: null,
          remittance: null,
          card: false,
        });
    }
    return [...entries, ...cardPurchases(accountId, day)];
  }
  if (nature === 'savings') {
    if (lastDayOfMonth(day)) {
      entries.push(
        transfer(day, random, {
          amountCents: between(random, 10, 60),
          description: 'Interessi creditori',
          category: 'transfer',
          payer: null,
          payee: null,
          remittance: null,
        }),
      );
    }
    return entries;
  }
  if (isWeekday(day)) {
    const incoming = Math.floor(random() * 3);
    for (let n = 0; n < incoming; n += 1) {
      const customer = pick(random, CUSTOMERS);
      const number = 100 + Math.floor(random() * 800);
      const wording = pick(random, [
        `Saldo fattura n. ${number}/${day.slice(0, 4)}`,
        `Pagamento FT ${number}`,
        `Bonifico a Vs favore fattura ${number}`,
      ]);
      entries.push(
        transfer(day, random, {
          amountCents: between(random, 150, 6000),
          description: `BONIFICO DA ${customer.toUpperCase()}`,
          category: 'customer_payment',
          payer: customer,
          payee: null,
          remittance: wording,
        }),
      );
    }
    if (random() < 0.45) {
      const supplier = pick(random, SUPPLIERS);
      entries.push(
        transfer(day, random, {
          amountCents: -between(random, 200, 4000),
          description: `BONIFICO A ${supplier.toUpperCase()}`,
          category: 'supplier_payment',
          payer: null,
          payee: supplier,
          remittance: `Pagamento fattura ${Math.floor(random() * 9000) + 1000}`,
        }),
      );
    }
  }
  if (dayOfMonth === 27) {
    for (const employee of EMPLOYEES) {
      entries.push(
        transfer(day, random, {
          amountCents: -between(random, 1600, 2400),
          description: `STIPENDIO ${month.toUpperCase()} ${employee.toUpperCase()}`,
          category: 'salary',
          payer: null,
          payee: employee,
          remittance: `Stipendio ${month}`,
        }),
      );
    }
  }
  if (dayOfMonth === 16) {
    entries.push(
      transfer(day, random, {
        amountCents: -between(random, 800, 3500),
        description: 'DELEGA F24 AGENZIA DELLE ENTRATE',
        category: 'taxes',
        payer: null,
        payee: 'Agenzia delle Entrate',
        remittance: 'F24',
      }),
    );
  }
  if (dayOfMonth === 5) {
    entries.push(
      transfer(day, random, {
        amountCents: -180000n,
        description: 'AFFITTO UFFICIO',
        category: 'rent',
        payer: null,
        payee: 'Immobiliare Duomo S.r.l.',
        remittance: `Affitto ${month}`,
      }),
    );
  }
  if (dayOfMonth === 20) {
    entries.push(
      transfer(day, random, {
        amountCents: -between(random, 120, 450),
        description: 'ADDEBITO SDD ENEL ENERGIA',
        category: 'utilities',
        payer: null,
        payee: 'Enel Energia S.p.A.',
        remittance: 'Bolletta energia elettrica',
      }),
    );
  }
  if (lastDayOfMonth(day)) {
    entries.push({
      madeOn: day,
      amountCents: -1250n,
      description: 'CANONE MENSILE CONTO',
      category: 'bank_fees',
      payer: null,
      payee: null,
      counterpartyIban: null,
      endToEndId: null,
      remittance: null,
      card: false,
    });
  }
  return entries;
}

export const amountText = fromCents;
