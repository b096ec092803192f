import type {
  DemoCompany,
  DemoCustomer,
  DemoPublicOffice,
} from '../../gateways/sdi/registries/index.ts';
import {
  DEMO_CUSTOMERS,
  DEMO_PUBLIC_OFFICES,
  DEMO_SUPPLIERS,
} from '../../gateways/sdi/registries/index.ts';
import { lastTwelveMonths } from '../common/pre-sales/pre-sales.service.ts';

/**
 * What the demo history does and when, decided before any service runs: about 150 customer
 * invoices over the last twelve months ending in every marking, about 80 supplier invoices, a few
 * drafts (one blocked). Pseudo-random from a seed, so every fresh instance tells the same story.
 */

/** How SDI's exchange of one customer invoice ends. */
export type PlannedOutcome =
  | 'delivered'
  | 'delivered-pa'
  | 'accepted-pa'
  | 'rejected-pa'
  | 'deadline-terms'
  | 'not-delivered'
  /** NS 00305 on a mistyped buyer VAT number, left to fix. */
  | 'rejected-fixable'
  /** NS 00305, then fixed by a corrected invoice the next day. */
  | 'fixed'
  /** NS 00102 (signature): not fixable. */
  | 'rejected'
  | 'quarantena'
  | 'invoice-error';

export type Line = { description: string; net: string };

export type PlannedBuyer =
  { kind: 'company'; company: DemoCustomer } | { kind: 'public'; office: DemoPublicOffice };

export type PlannedInvoice = {
  kind: 'customer';
  at: Date;
  number: string;
  buyer: PlannedBuyer;
  outcome: PlannedOutcome;
  line: Line;
};

export type PlannedSupplierInvoice = {
  kind: 'supplier';
  at: Date;
  number: string;
  supplier: DemoCompany;
  line: Line;
};

export type DemoPlan = {
  /** Oldest first. */
  steps: (PlannedInvoice | PlannedSupplierInvoice)[];
  drafts: { customer: DemoCustomer; line: Line; blocked: boolean }[];
  /** When the account's webhooks (api configurations) were set up. */
  webhooksFrom: Date;
};

export const SERVICE_LINES: readonly string[] = [
  'Consulenza informatica',
  'Sviluppo software su misura',
  'Manutenzione sistemi gestionali',
  'Formazione del personale',
  'Canone di assistenza mensile',
  'Licenza software annuale',
  'Analisi e progettazione',
];

const SUPPLIER_LINES: Record<string, string> = {
  'ENERGIA NORD SPA': 'Fornitura energia elettrica',
  'TELECOMUNICAZIONI LOMBARDE SRL': 'Servizi di connettività e telefonia',
  'CARTOLERIA MODERNA SNC': 'Materiale di cancelleria',
  'AUTONOLEGGIO PADANO SRL': 'Noleggio auto aziendale',
  'STUDIO COMMERCIALISTA GALLI': 'Consulenza fiscale e contabile',
  'PULIZIE SPLENDOR SRL': 'Servizio di pulizia uffici',
};

/**
 * How big a company's history is and how its invoices end: the outcomes of the invoices older
 * than RECENT_DAYS (the terms of a public office have run out), the outcomes only the last days
 * can have (a public office's terms still running), the last invoices in quarantena (their
 * customer's channel is down right now), the numbering and the drafts.
 */
export type DemoPlanShape = {
  customerInvoices: number;
  supplierInvoices: number;
  settled: [PlannedOutcome, number][];
  pendingPa: [PlannedOutcome, number][];
  channelDown: number;
  /** Customer invoices are numbered `<prefix><year>-0001`. */
  numberPrefix: string;
  /** Supplier invoices are numbered from here on (`ENE-2026-101`). */
  supplierNumberFrom: number;
  /** One entry per draft: whether it is blocked. */
  drafts: boolean[];
};

/** ALPHA SRL (italy@'s own company): a year of business. */
export const ALPHA_PLAN: DemoPlanShape = {
  customerInvoices: 147,
  supplierInvoices: 80,
  settled: [
    ['accepted-pa', 10],
    ['rejected-pa', 3],
    ['deadline-terms', 4],
    ['not-delivered', 5],
    ['rejected-fixable', 2],
    ['fixed', 3],
    ['rejected', 2],
    ['invoice-error', 2],
  ],
  pendingPa: [['delivered-pa', 4]],
  channelDown: 2,
  numberPrefix: 'FV',
  supplierNumberFrom: 101,
  drafts: [false, false, true],
};

/** ALPHA SERVIZI SRL (italy@'s second company): a smaller history in several markings. */
export const BRANCH_PLAN: DemoPlanShape = {
  customerInvoices: 16,
  supplierInvoices: 8,
  settled: [
    ['accepted-pa', 1],
    ['rejected-pa', 1],
    ['not-delivered', 1],
    ['rejected-fixable', 1],
    ['fixed', 1],
  ],
  pendingPa: [['delivered-pa', 1]],
  channelDown: 0,
  numberPrefix: 'AS',
  supplierNumberFrom: 501,
  drafts: [false],
};

const RECENT_DAYS = 12;
const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: a small seeded generator (not for secrets; the plan only needs repeatability). */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function planDemoHistory(now: Date, seed: number, shape = ALPHA_PLAN): DemoPlan {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const [first = { year: 2000, month: 1 }] = lastTwelveMonths(now);
  const start = Date.UTC(first.year, first.month - 1, 1, 8);
  // The last invoice a few hours ago: not "in the future" of any check.
  const end = now.getTime() - 3 * 60 * 60 * 1000;
  const recentFrom = end - RECENT_DAYS * DAY;
  // Business grows: the density of invoices rises linearly by half over the year (inverse CDF).
  // Office hours on working days: 07:00-16:00 UTC (08:00-18:00 in Italy), weekends to Monday.
  const moment = () => {
    const fraction = (-1 + Math.sqrt(1 + 1.25 * random())) / 0.5;
    const day = new Date(start + fraction * (end - start));
    const weekday = day.getUTCDay();
    const shift = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
    day.setUTCDate(day.getUTCDate() + shift);
    day.setUTCHours(7 + Math.floor(random() * 9), Math.floor(random() * 60), 0, 0);
    return Math.min(day.getTime(), end);
  };
  const line = (description: string, low: number, high: number): Line => ({
    description,
    net: (low + Math.floor(random() * (high - low) * 100) / 100).toFixed(2),
  });

  const times = Array.from({ length: shape.customerInvoices }, moment).sort((a, b) => a - b);
  const recentCount = times.filter((t) => t >= recentFrom).length;
  const settled = shape.settled.flatMap(([outcome, n]) => Array<PlannedOutcome>(n).fill(outcome));
  const pending = shape.pendingPa.flatMap(([outcome, n]) => Array<PlannedOutcome>(n).fill(outcome));
  // Settled outcomes among the older invoices, the terms still running among the recent ones,
  // and the channel that is down right now under the very last invoices.
  const recent = Math.max(recentCount, pending.length + shape.channelDown);
  const outcomes = [
    ...shuffle([...settled, ...fill('delivered', times.length - recent - settled.length)], random),
    ...shuffle(
      [...pending, ...fill('delivered', recent - pending.length - shape.channelDown)],
      random,
    ),
    ...fill('quarantena', shape.channelDown),
  ];

  const reachable = DEMO_CUSTOMERS.filter(
    (customer) => customer.reachable && !customer.recipientCode.startsWith('FAIL'),
  );
  const unreachable = DEMO_CUSTOMERS.find((customer) => !customer.reachable);
  const failing = DEMO_CUSTOMERS.find((customer) => customer.recipientCode.startsWith('FAIL'));
  const sequence = new Map<number, number>();
  const numberOf = (at: number) => {
    const year = new Date(at).getUTCFullYear();
    const next = (sequence.get(year) ?? 0) + 1;
    sequence.set(year, next);
    return `${shape.numberPrefix}${year}-${String(next).padStart(4, '0')}`;
  };

  const customerSteps: PlannedInvoice[] = times.map((at, index) => {
    const outcome = outcomes[index] ?? 'delivered';
    let buyer: PlannedBuyer;
    if (['delivered-pa', 'accepted-pa', 'rejected-pa', 'deadline-terms'].includes(outcome)) {
      buyer = { kind: 'public', office: pick(DEMO_PUBLIC_OFFICES) };
    } else if (outcome === 'not-delivered' && unreachable) {
      buyer = { kind: 'company', company: unreachable };
    } else if ((outcome === 'quarantena' || outcome === 'invoice-error') && failing) {
      buyer = { kind: 'company', company: failing };
    } else {
      buyer = { kind: 'company', company: pick(reachable) };
    }
    return {
      kind: 'customer',
      at: new Date(at),
      number: numberOf(at),
      buyer,
      outcome,
      line: line(pick(SERVICE_LINES), 180, 4800),
    };
  });

  const supplierSteps: PlannedSupplierInvoice[] = Array.from(
    { length: shape.supplierInvoices },
    moment,
  )
    .sort((a, b) => a - b)
    .map((at, index) => {
      const supplier = pick(DEMO_SUPPLIERS);
      return {
        kind: 'supplier',
        at: new Date(at),
        number: `${supplier.name.slice(0, 3)}-${new Date(at).getUTCFullYear()}-${String(index + shape.supplierNumberFrom)}`,
        supplier,
        line: line(SUPPLIER_LINES[supplier.name] ?? 'Fornitura', 40, 1500),
      };
    });

  return {
    steps: [...customerSteps, ...supplierSteps].sort((a, b) => a.at.getTime() - b.at.getTime()),
    drafts: shape.drafts.map((blocked) => ({
      customer: pick(reachable),
      line: line(pick(SERVICE_LINES), 300, 2500),
      blocked,
    })),
    webhooksFrom: new Date(end - 30 * DAY),
  };
}

function fill(outcome: PlannedOutcome, n: number): PlannedOutcome[] {
  return Array<PlannedOutcome>(Math.max(0, n)).fill(outcome);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
