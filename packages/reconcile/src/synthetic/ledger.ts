/**
 * A synthetic ledger to measure the matcher on: the open invoices of one Italian company and a
 * statement of what its customers paid, with the answer key. Seeded and deterministic. It holds
 * every case the matcher must handle: exact payments, partial ones (a deposit, then the rest),
 * grouped transfers (credit notes netted), late payments, typos in references, payers whose
 * name is not the customer's, payment codes, payments without any reference, truly ambiguous
 * ones (a customer with several open invoices of the same amount, paying one without saying
 * which), and entries that pay no invoice (bank fees, salaries, taxes, suppliers, interest,
 * transfers between own accounts, refunds, deposits).
 */
import { centsText } from '../money.ts';
import type { BankEntry, OpenInvoice } from '../model.ts';
import { nameWords } from '../party-names.ts';
import { invoiceNumberKeys, textReferences } from '../reference-keys.ts';
import { creditorReference, italianIban, partitaIva } from './identifiers.ts';
import { Random } from './random.ts';

export interface SyntheticBuyer {
  name: string;
  person: boolean;
  vatId?: string;
  fiscalCode?: string;
  city: string;
  /** How the buyer's bank writes its name on a transfer. */
  payerNames: string[];
  payerIban: string;
  /** Someone else who pays for the buyer (a parent company, the owner, a factor). */
  aliasName: string;
  aliasIban: string;
  /** A monthly fee of this total (subscriptions), in cents. */
  subscription?: bigint;
}

export interface SyntheticInvoice extends OpenInvoice {
  buyer: SyntheticBuyer;
  /** The total in cents (taxable + VAT 22%). */
  total: bigint;
  taxable: bigint;
  series: 'FT' | 'A' | 'B' | 'NC';
}

/** What an entry is, in the answer key. */
export type EntryKind =
  | 'exact'
  | 'partial'
  | 'grouped'
  | 'payment-code'
  | 'amount-only'
  | 'ambiguous'
  | 'fee'
  | 'salary'
  | 'tax'
  | 'supplier'
  | 'interest'
  | 'own-transfer'
  | 'refund'
  | 'deposit';

/** What else is true of a paying entry. */
export type EntryTag = 'late' | 'typo' | 'payer-name' | 'credit-note' | 'short-reference';

export interface AnswerKeyEntry {
  entry: string;
  kind: EntryKind;
  tags: EntryTag[];
  /** The entry pays invoices a careful person can tell from the entry alone. */
  payable: boolean;
  /** What it pays: invoice numbers and amounts (negative for a credit note netted). */
  invoices: { number: string; amount: string }[];
  /** For an ambiguous entry, the invoices it may pay. */
  candidates?: string[];
}

export interface SyntheticLedger {
  owner: { name: string; vatId: string; ibans: [string, string] };
  invoices: SyntheticInvoice[];
  entries: BankEntry[];
  key: AnswerKeyEntry[];
}

export interface LedgerOptions {
  /** How many invoices (credit notes come on top). */
  invoices: number;
  seed?: number;
  /** The year of the invoices (default 2026). */
  year?: number;
}

const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
  'Sala',
  'De Angelis',
  'Gatti',
  'Pellegrini',
  'Palumbo',
  'Sanna',
  'Farina',
  'Rizzi',
  'Monti',
];
const FIRST_NAMES = [
  'Mario',
  'Luca',
  'Giuseppe',
  'Marco',
  'Andrea',
  'Francesco',
  'Giovanni',
  'Anna',
  'Giulia',
  'Francesca',
  'Chiara',
  'Sara',
  'Paola',
  'Elena',
  'Roberto',
  'Stefano',
  'Alessandro',
  'Laura',
];
const ACTIVITIES = [
  'Costruzioni',
  'Impianti',
  'Elettronica',
  'Trasporti',
  'Logistica',
  'Alimentari',
  'Arredamenti',
  'Informatica',
  'Consulting',
  'Meccanica',
  'Serramenti',
  'Edilizia',
  'Ceramiche',
  'Tessile',
  'Farmaceutica',
  'Ristorazione',
  'Servizi',
  'Carpenteria',
  'Autoricambi',
  'Tipografia',
  'Agricola',
  'Vini',
  'Energia',
  'Ottica',
  'Caseificio',
  'Pelletteria',
  'Design',
  'Marmi',
];
const CITIES = [
  'Milano',
  'Roma',
  'Torino',
  'Napoli',
  'Bologna',
  'Firenze',
  'Bari',
  'Verona',
  'Padova',
  'Brescia',
  'Bergamo',
  'Modena',
  'Parma',
  'Genova',
  'Palermo',
  'Catania',
  'Trento',
  'Udine',
];
const FORMS = ['S.r.l.', 'Srl', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'SRLS'];
const GROUP_WORDS = [
  'Nord',
  'Holding',
  'Invest',
  'Partecipazioni',
  'Capital',
  'Industriale',
  'Alpi',
  'Adriatica',
];
const FACTORS = ['Banca Factor', 'Ifitalia', 'Credem Factor', 'Fercredit', 'Factorit'];
const MONTHS = [
  'GENNAIO',
  'FEBBRAIO',
  'MARZO',
  'APRILE',
  'MAGGIO',
  'GIUGNO',
  'LUGLIO',
  'AGOSTO',
  'SETTEMBRE',
  'OTTOBRE',
  'NOVEMBRE',
  'DICEMBRE',
];
/** Round taxable amounts (cents): many customers pay the same totals. */
const ROUND_TAXABLE = [
  5000n,
  10000n,
  15000n,
  20000n,
  25000n,
  30000n,
  50000n,
  75000n,
  100000n,
  150000n,
  200000n,
  250000n,
  500000n,
];
const SUBSCRIPTION_TOTALS = [6100n, 12200n, 18300n, 24400n, 36600n, 61000n];

function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

function dmy(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function vatOf(taxable: bigint): bigint {
  return (taxable * 22n + 50n) / 100n;
}

/** A name's words in order, legal form left out: two buyers never share them. */
function wordsKey(name: string): string {
  return nameWords(name).sort().join(' ');
}

function buyerOf(random: Random, taken: Set<string>): SyntheticBuyer {
  const person = random.chance(0.25);
  let name = '';
  for (let attempt = 0; attempt < 50 && (name === '' || taken.has(wordsKey(name))); attempt += 1) {
    if (person) name = `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
    else {
      const base = random.chance(0.5)
        ? `${random.pick(SURNAMES)} ${random.pick(ACTIVITIES)}`
        : `${random.pick(ACTIVITIES)} ${random.pick(SURNAMES)}${random.chance(0.4) ? ` & ${random.pick(SURNAMES)}` : ''}`;
      name = `${base}${attempt > 5 ? ` ${random.pick(CITIES)}` : ''}${attempt > 20 ? ` ${attempt}` : ''} ${random.pick(FORMS)}`;
    }
  }
  taken.add(wordsKey(name));
  const words = name.split(' ');
  const plainName = words.filter((word) => !FORMS.includes(word)).join(' ');
  const payerNames = person
    ? [name.toUpperCase(), `${words.slice(1).join(' ')} ${words[0]}`.toUpperCase(), name]
    : [
        name.toUpperCase(),
        plainName.toUpperCase(),
        `${plainName.toUpperCase()} SRL`,
        name.replaceAll('.', ''),
      ];
  const aliasKind = random.int(0, 2);
  const aliasName =
    aliasKind === 0
      ? `Gruppo ${random.pick(GROUP_WORDS)} ${random.pick(GROUP_WORDS)} S.p.A.`
      : aliasKind === 1
        ? `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`.toUpperCase()
        : `${random.pick(FACTORS)} S.p.A.`;
  const buyer: SyntheticBuyer = {
    name,
    person,
    city: random.pick(CITIES),
    payerNames,
    payerIban: italianIban(random),
    aliasName,
    aliasIban: italianIban(random),
  };
  if (person) {
    const letters = (count: number): string =>
      Array.from({ length: count }, () => String.fromCharCode(65 + random.int(0, 25))).join('');
    buyer.fiscalCode = `${letters(6)}${random.digits(2)}${letters(1)}${random.digits(2)}${letters(1)}${random.digits(3)}${letters(1)}`;
  } else buyer.vatId = `IT${partitaIva(random)}`;
  if (!person && random.chance(0.05)) buyer.subscription = random.pick(SUBSCRIPTION_TOTALS);
  return buyer;
}

/** The ways a payer copies a number: spaces, no separators, no leading zeros, no series. */
function writtenNumber(
  random: Random,
  invoice: SyntheticInvoice,
  allowShort: boolean,
): { text: string; short: boolean } {
  const number = invoice.number;
  if (invoice.series === 'FT') {
    const [year, seq] = number.slice(2).split('/') as [string, string];
    const plainSeq = String(Number(seq));
    const forms = [
      number,
      number,
      `FT ${year}/${seq}`,
      `FT${year}${seq}`,
      `FT${year}/${plainSeq}`,
      `${year}/${seq}`,
      `${year}/${plainSeq}`,
      `FT${year}-${plainSeq}`,
    ];
    if (allowShort && random.chance(0.08)) return { text: plainSeq, short: true };
    return { text: random.pick(forms), short: false };
  }
  if (invoice.series === 'NC') {
    const [seq, year] = number.slice(2).split('/') as [string, string];
    return { text: random.pick([number, `NC ${seq}/${year}`, `${seq}/${year}`]), short: false };
  }
  const [seq, letter] = number.split('/') as [string, string];
  const forms = [
    number,
    number,
    `${seq} ${letter}`,
    `${seq}${letter}`,
    `n.${seq}/${letter}`,
    `${seq}-${letter}`,
  ];
  if (allowShort && letter === 'A' && random.chance(0.08)) return { text: seq, short: true };
  return { text: random.pick(forms), short: false };
}

/** One typo in the digits of `text`: a digit replaced, dropped, added, or two swapped. */
function withTypo(random: Random, text: string): string {
  const positions: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (character >= '0' && character <= '9') positions.push(index);
  }
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const at = random.pick(positions);
    const kind = random.int(0, 3);
    let typo = text;
    if (kind === 0)
      typo = `${text.slice(0, at)}${(Number(text[at]) + random.int(1, 9)) % 10}${text.slice(at + 1)}`;
    else if (kind === 1 && positions.length > 3) typo = text.slice(0, at) + text.slice(at + 1);
    else if (kind === 2) typo = `${text.slice(0, at)}${random.int(0, 9)}${text.slice(at)}`;
    else if (kind === 3 && positions.includes(at + 1))
      typo = text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
    if (typo !== text) return typo;
  }
  return text;
}

interface Payment {
  date: string;
  amount: bigint;
  buyer: SyntheticBuyer;
  members: { invoice: SyntheticInvoice; amount: bigint }[];
  kind: EntryKind;
  tags: EntryTag[];
  remittance: string;
  creditorReferences?: string[];
  alias: boolean;
  account: 0 | 1;
}

/** Generates the ledger: `invoices` invoices of one company and the statement of its payments. */
export function generateLedger({
  invoices: count,
  seed = 2026,
  year = 2026,
}: LedgerOptions): SyntheticLedger {
  const random = new Random(seed);
  const owner = {
    name: 'ALPHA SRL',
    vatId: `IT${partitaIva(random)}`,
    ibans: [italianIban(random, '03069'), italianIban(random, '05034')] as [string, string],
  };
  const taken = new Set<string>();
  const buyers = Array.from({ length: Math.max(10, Math.round(count / 8)) }, () =>
    buyerOf(random, taken),
  );
  const start = `${year}-01-01`;
  const sequences = { FT: 0, A: 0, B: 0, NC: 0 };
  const invoices: SyntheticInvoice[] = [];
  const subscriptionMonths = new Map<SyntheticBuyer, number>();
  const keysTaken = new Map<string, SyntheticInvoice[]>();

  const makeDocument = (
    buyer: SyntheticBuyer,
    series: SyntheticInvoice['series'],
    date: string,
    taxable: bigint,
  ): SyntheticInvoice => {
    sequences[series] += 1;
    const seq = sequences[series];
    const number =
      series === 'FT'
        ? `FT${year}/${String(seq).padStart(5, '0')}`
        : series === 'NC'
          ? `NC${seq}/${year}`
          : `${seq}/${series}`;
    const total = taxable + vatOf(taxable);
    const document: SyntheticInvoice = {
      id: `doc-${invoices.length + 1}`,
      number,
      date,
      dueDate: addDays(date, random.pick([30, 60, 90])),
      amount: centsText(total),
      currency: 'EUR',
      buyerName: buyer.name,
      buyerFiscalIds: [buyer.vatId ?? buyer.fiscalCode ?? ''].filter(Boolean),
      iban: random.chance(0.75) ? owner.ibans[0] : owner.ibans[1],
      kind: series === 'NC' ? 'credit-note' : 'invoice',
      buyer,
      total,
      taxable,
      series,
    };
    if (series !== 'NC' && random.chance(0.15)) {
      document.paymentCodes = [
        creditorReference(`${year}${String(seq).padStart(6, '0')}${series === 'FT' ? '' : series}`),
      ];
    }
    invoices.push(document);
    for (const { key, strong } of invoiceNumberKeys(number)) {
      if (strong) keysTaken.set(key, [...(keysTaken.get(key) ?? []), document]);
    }
    return document;
  };

  // The invoices, in date order: some customers buy much more than others.
  const dates = Array.from({ length: count }, () => random.int(0, 299)).sort((a, b) => a - b);
  for (const day of dates) {
    const buyer = buyers[Math.floor(random.next() ** 2 * buyers.length)] as SyntheticBuyer;
    const roll = random.next();
    const series = roll < 0.65 ? 'FT' : roll < 0.93 ? 'A' : 'B';
    if (buyer.subscription !== undefined) {
      // A monthly fee: the same total every month.
      const month = (subscriptionMonths.get(buyer) ?? -1) + 1;
      subscriptionMonths.set(buyer, month);
      const date = addDays(start, Math.min(299, month * 30 + (day % 5)));
      makeDocument(buyer, series, date, (buyer.subscription * 100n) / 122n);
      continue;
    }
    const taxable = random.chance(0.35)
      ? random.pick(ROUND_TAXABLE)
      : BigInt(random.int(2000, 1_500_000));
    makeDocument(buyer, series, addDays(start, day), taxable);
  }
  invoices.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  // Who pays what, and how.
  const payments: Payment[] = [];
  const byBuyer = new Map<SyntheticBuyer, SyntheticInvoice[]>();
  for (const invoice of invoices) {
    if (invoice.kind !== 'invoice') continue;
    const list = byBuyer.get(invoice.buyer) ?? [];
    list.push(invoice);
    byBuyer.set(invoice.buyer, list);
  }
  const paymentDate = (invoice: SyntheticInvoice, late: boolean): string =>
    late
      ? addDays(invoice.dueDate ?? invoice.date, random.int(45, 150))
      : addDays(invoice.date, random.int(3, 75));
  const template = (refs: string[], buyer: SyntheticBuyer, date: string): string => {
    const [first = ''] = refs;
    if (refs.length === 1) {
      return random.pick([
        `Saldo fattura n. ${first} del ${dmy(date)}`,
        `PAGAMENTO FATT. ${first}`,
        `Fattura ${first}`,
        first,
        `Rif. vs fattura ${first} - ${buyer.payerNames[1] ?? buyer.name}`,
        `BONIFICO A FAVORE DI ALPHA SRL CAUSALE ${first} ORDINE ${random.int(1000, 9999)}`,
        `Pag.to ft. ${first} cod. cliente C${random.digits(4)}`,
      ]);
    }
    const list = `${refs.slice(0, -1).join(', ')} e ${refs[refs.length - 1]}`;
    return random.pick([
      `Pagamento fatture ${list}`,
      `Saldo ft ${refs.join(' ')}`,
      `RIF. FATT. ${list}`,
    ]);
  };
  /** A reference as written, sometimes with a typo that points at no other open invoice of that amount. */
  const written = (invoice: SyntheticInvoice, tags: EntryTag[], allowShort: boolean): string => {
    const { text, short } = writtenNumber(random, invoice, allowShort);
    if (short) {
      if (!tags.includes('short-reference')) tags.push('short-reference');
      return text;
    }
    if (!random.chance(0.05)) return text;
    const typo = withTypo(random, text);
    // A typo that writes another document's number exactly is left out: that payment would
    // name the other document, and nothing but luck tells it apart.
    const clash = textReferences(typo).some((reference) =>
      reference.keys.some(({ key }) =>
        (keysTaken.get(key) ?? []).some((other) => other !== invoice),
      ),
    );
    if (clash || typo === text) return text;
    if (!tags.includes('typo')) tags.push('typo');
    return typo;
  };

  for (const [buyer, list] of byBuyer) {
    const pending = list.filter(() => !random.chance(0.12));
    for (let index = 0; index < pending.length; index += 1) {
      const invoice = pending[index] as SyntheticInvoice;
      const late = random.chance(0.06);
      const tags: EntryTag[] = late ? ['late'] : [];
      const alias = random.chance(0.06);
      if (alias) tags.push('payer-name');
      const account: 0 | 1 = invoice.iban === owner.ibans[1] && !random.chance(0.1) ? 1 : 0;
      const base = { buyer, alias, account, tags };
      // Grouped: this invoice and the next ones of the same customer in one transfer.
      const groupSize = random.chance(0.06) ? random.int(2, 4) : 1;
      if (groupSize > 1 && index + groupSize <= pending.length) {
        const members = pending
          .slice(index, index + groupSize)
          .map((item) => ({ invoice: item, amount: item.total }));
        index += groupSize - 1;
        const last = members[members.length - 1]?.invoice ?? invoice;
        const date = paymentDate(last, late);
        const refs = members.map((member) => written(member.invoice, tags, false));
        let remittance = template(refs, buyer, date);
        if (random.chance(0.3)) {
          const smallest = members.reduce(
            (min, member) => (member.amount < min ? member.amount : min),
            members[0]?.amount ?? 0n,
          );
          const note = makeDocument(
            buyer,
            'NC',
            addDays(last.date, 1),
            (smallest * BigInt(random.int(10, 40))) / 122n,
          );
          members.push({ invoice: note, amount: -note.total });
          tags.push('credit-note');
          remittance = `${remittance} meno nota di credito ${written(note, tags, false)}`;
        }
        const amount = members.reduce((sum, member) => sum + member.amount, 0n);
        payments.push({ ...base, date, amount, members, kind: 'grouped', remittance });
        continue;
      }
      const date = paymentDate(invoice, late);
      // Partial: a deposit now, the rest later (or never).
      if (random.chance(0.04) && invoice.total > 2000n) {
        const deposit = (invoice.total * BigInt(random.int(30, 70))) / 100n;
        const ref = written(invoice, tags, false);
        payments.push({
          ...base,
          date,
          amount: deposit,
          members: [{ invoice, amount: deposit }],
          kind: 'partial',
          remittance: random.pick([
            `Acconto fattura ${ref}`,
            `ACCONTO FT ${ref}`,
            `Pagamento parziale fatt. ${ref}`,
          ]),
        });
        if (random.chance(0.8)) {
          const restTags: EntryTag[] = [...tags.filter((tag) => tag !== 'typo')];
          const restRef = written(invoice, restTags, false);
          payments.push({
            ...base,
            tags: restTags,
            date: addDays(date, random.int(10, 60)),
            amount: invoice.total - deposit,
            members: [{ invoice, amount: invoice.total - deposit }],
            kind: 'partial',
            remittance: `Saldo fattura ${restRef}`,
          });
        }
        continue;
      }
      const members = [{ invoice, amount: invoice.total }];
      const noReference = !alias && random.chance(buyer.subscription !== undefined ? 0.6 : 0.15);
      if (noReference) {
        const month = MONTHS[Number(invoice.date.slice(5, 7)) - 1] ?? '';
        payments.push({
          ...base,
          date,
          amount: invoice.total,
          members,
          kind: 'amount-only',
          remittance: random.pick([
            'PAGAMENTO FATTURA',
            'SALDO',
            'BONIFICO',
            `Canone ${month.toLowerCase()}`,
            `PAGAMENTO SERVIZI ${month}`,
          ]),
        });
        continue;
      }
      if (invoice.paymentCodes && random.chance(0.7)) {
        payments.push({
          ...base,
          date,
          amount: invoice.total,
          members,
          kind: 'payment-code',
          remittance: random.pick(['PAGAMENTO', 'BONIFICO SEPA', '']),
          creditorReferences: invoice.paymentCodes,
        });
        continue;
      }
      const ref = written(invoice, tags, !alias);
      payments.push({
        ...base,
        date,
        amount: invoice.total,
        members,
        kind: 'exact',
        remittance: template([ref], buyer, date),
      });
    }
  }

  // The statement: payments and the entries that pay no invoice, in booking order.
  const drafts: {
    entry: Omit<BankEntry, 'ref'>;
    key: Omit<AnswerKeyEntry, 'entry'>;
    payment?: Payment;
  }[] = [];
  for (const payment of payments) {
    const payerName = payment.alias
      ? payment.buyer.aliasName
      : random.pick(payment.buyer.payerNames);
    const entry: Omit<BankEntry, 'ref'> = {
      bookingDate: payment.date,
      valueDate: payment.date,
      amount: centsText(payment.amount),
      currency: 'EUR',
      direction: 'credit',
      status: 'BOOK',
      counterpartyName: payerName,
      counterpartyIban: payment.alias ? payment.buyer.aliasIban : payment.buyer.payerIban,
      accountIban: owner.ibans[payment.account],
      remittance: payment.remittance,
      endToEndId: random.chance(0.5) ? `NOTPROVIDED` : `E2E${random.digits(12)}`,
    };
    if (payment.creditorReferences) entry.creditorReferences = payment.creditorReferences;
    drafts.push({
      entry,
      payment,
      key: {
        kind: payment.kind,
        tags: payment.tags,
        payable: true,
        invoices: payment.members.map((member) => ({
          number: member.invoice.number,
          amount: centsText(member.amount),
        })),
      },
    });
  }
  const others = Math.round(count * 0.08);
  for (let index = 0; index < others; index += 1) {
    const date = addDays(start, random.int(0, 420));
    const account = random.chance(0.8) ? 0 : 1;
    const roll = random.int(0, 7);
    const base = {
      bookingDate: date,
      valueDate: date,
      currency: 'EUR',
      status: 'BOOK',
      accountIban: owner.ibans[account],
    };
    const surname = random.pick(SURNAMES).toUpperCase();
    const drafted: [Omit<BankEntry, 'ref'>, EntryKind][] = [
      [
        {
          ...base,
          amount: random.pick(['1.50', '2.00', '15.00', '34.20', '0.75']),
          direction: 'debit',
          remittance: random.pick([
            'COMMISSIONI BONIFICO',
            'CANONE MENSILE CONTO',
            'IMPOSTA DI BOLLO',
          ]),
        },
        'fee',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(120_000, 320_000))),
          direction: 'debit',
          counterpartyName: `${surname} ${random.pick(FIRST_NAMES).toUpperCase()}`,
          counterpartyIban: italianIban(random),
          remittance: `STIPENDIO ${random.pick(MONTHS)} ${year}`,
        },
        'salary',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(50_000, 900_000))),
          direction: 'debit',
          remittance: `DELEGA F24 ${random.digits(10)}`,
        },
        'tax',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(5_000, 500_000))),
          direction: 'debit',
          counterpartyName: `${surname} FORNITURE SPA`,
          counterpartyIban: italianIban(random),
          remittance: `PAGAMENTO FT ${random.int(1, 900)}/${year} FORNITORE`,
        },
        'supplier',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(1, 5_000))),
          direction: 'credit',
          remittance: 'INTERESSI CREDITORI',
        },
        'interest',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(10, 200)) * 10_000n),
          direction: 'credit',
          counterpartyName: owner.name,
          counterpartyIban: owner.ibans[1 - account],
          remittance: 'GIROCONTO TRA CONTI',
        },
        'own-transfer',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(1_000, 200_000))),
          direction: 'credit',
          counterpartyName: `${surname} FORNITURE SPA`,
          counterpartyIban: italianIban(random),
          remittance: `RIMBORSO NOTA DI CREDITO ${random.int(1, 300)}/${year}`,
        },
        'refund',
      ],
      [
        {
          ...base,
          amount: centsText(BigInt(random.int(10, 500)) * 1000n),
          direction: 'credit',
          counterpartyName: random.pick(buyers).payerNames[0],
          counterpartyIban: italianIban(random),
          remittance: `ANTICIPO ORDINE ${random.int(100, 999)}`,
        },
        'deposit',
      ],
    ];
    const [entry, kind] = drafted[roll] as [Omit<BankEntry, 'ref'>, EntryKind];
    drafts.push({ entry, key: { kind, tags: [], payable: false, invoices: [] } });
  }
  drafts.sort((a, b) =>
    a.entry.bookingDate < b.entry.bookingDate
      ? -1
      : a.entry.bookingDate > b.entry.bookingDate
        ? 1
        : 0,
  );

  markAmbiguous(drafts, byBuyer);

  const entries: BankEntry[] = [];
  const key: AnswerKeyEntry[] = [];
  drafts.forEach((draft, index) => {
    const ref = `${draft.entry.bookingDate.replaceAll('-', '')}${String(index + 1).padStart(6, '0')}`;
    entries.push({ ...draft.entry, ref });
    key.push({ entry: ref, ...draft.key });
  });
  return { owner, invoices, entries, key };
}

/**
 * A payment without any reference is ambiguous when the customer has another invoice of the
 * same amount that is open when it is booked (an earlier ambiguous payment leaves its candidates
 * open) and that no entry with a reference settles: no one can tell which of them it pays.
 */
function markAmbiguous(
  drafts: { key: Omit<AnswerKeyEntry, 'entry'>; payment?: Payment }[],
  byBuyer: ReadonlyMap<SyntheticBuyer, readonly SyntheticInvoice[]>,
): void {
  const settledByReference = new Set<SyntheticInvoice>();
  for (const { payment } of drafts) {
    if (payment && payment.kind !== 'amount-only')
      payment.members.forEach((member) => settledByReference.add(member.invoice));
  }
  const paidBefore = new Set<SyntheticInvoice>();
  for (const draft of drafts) {
    const payment = draft.payment;
    if (!payment) continue;
    if (payment.kind === 'amount-only') {
      const invoice = payment.members[0]?.invoice;
      if (invoice) {
        const rivals = (byBuyer.get(payment.buyer) ?? []).filter(
          (other) =>
            other !== invoice &&
            other.total === invoice.total &&
            other.date <= payment.date &&
            !paidBefore.has(other) &&
            !settledByReference.has(other),
        );
        if (rivals.length > 0) {
          draft.key.kind = 'ambiguous';
          draft.key.payable = false;
          draft.key.candidates = [invoice.number, ...rivals.map((rival) => rival.number)];
        }
      }
    }
    // What an ambiguous entry pays is not known: its candidates stay open for the next ones.
    if (draft.key.kind !== 'ambiguous')
      payment.members.forEach((member) => paidBefore.add(member.invoice));
  }
}
