/**
 * The matcher: each inbound entry against the open invoices of the account owner, by the
 * references in its remittance text (invoice numbers, also with a typo, and payment codes), its
 * amount (one invoice, several net of credit notes, or part of one), the payer's name and the
 * IBAN the invoice asked to be paid on. Every candidate is weighed from its evidence; the best
 * is applied only when it is sure and nothing else comes close.
 */
import { InvoiceIndex, normalizedIban, type IndexedInvoice } from './invoice-index.ts';
import { centsText, toCents } from './money.ts';
import type {
  Allocation,
  BankEntry,
  BankEntryDetail,
  EntryMatch,
  MatchReason,
  OpenInvoice,
} from './model.ts';
import { nameSimilarity, nameWords } from './party-names.ts';
import { paymentCodeKey, textReferences, withinOneEdit } from './reference-keys.ts';

/** How strongly each kind of evidence alone points at a document, 0..1. */
export const EVIDENCE = {
  paymentCode: 0.95,
  reference: 0.85,
  referenceTypo: 0.7,
  referenceShort: 0.35,
  amountExact: 0.7,
  amountSum: 0.85,
  amountPartial: 0.3,
  nameSame: 0.7,
  nameSimilar: 0.5,
  nameLike: 0.25,
  iban: 0.2,
  payerKnown: 0.6,
} as const;

/** A match at least this confident, with no rival close to it, is applied without asking. */
export const AUTO_CONFIDENCE = 0.9;
/**
 * A candidate whose doubt (1 - confidence) is within this factor of the best one's is a rival:
 * the entry is ambiguous. Compared on doubt, not confidence: 0.99 and 0.999 are far apart.
 */
const RIVAL_DOUBT_RATIO = 2.5;
/** Below this a candidate is not even offered. */
const OFFER_CONFIDENCE = 0.3;
/** More documents than this referenced in one text are not combined into groups. */
const MAX_GROUP_DOCUMENTS = 10;
/** Invoices of one amount beyond this, with no payer to narrow them, are not candidates. */
const MAX_AMOUNT_CANDIDATES = 12;
/** Documents one reference may point at (a short number in several series). */
const MAX_HITS_PER_REFERENCE = 8;
/**
 * Documents one typo away from a reference beyond which only those of the exact amount are
 * kept (a short number has many neighbours), and beyond which none is read.
 */
const MAX_TYPO_NEIGHBOURS = 32;
const MAX_TYPO_NEIGHBOURS_READ = 200;
/** Remittance text read per entry. */
const MAX_TEXT = 2000;

type RefStrength = 'code' | 'exact' | 'typo' | 'short';

const REF_EVIDENCE: Record<RefStrength, number> = {
  code: EVIDENCE.paymentCode,
  exact: EVIDENCE.reference,
  typo: EVIDENCE.referenceTypo,
  short: EVIDENCE.referenceShort,
};

interface Hit {
  position: number;
  strength: RefStrength;
  written: string;
}

type AmountFit = 'exact' | 'sum' | 'partial' | 'over' | 'none';

interface Candidate {
  members: { position: number; cents: bigint }[];
  fit: AmountFit;
  confidence: number;
  reasons: MatchReason[];
}

const AMOUNT_RANK: Record<AmountFit, number> = { exact: 2, sum: 2, partial: 1, over: 0, none: 0 };

/** How much a number naming no open invoice weighs on a match by amount alone. */
const UNKNOWN_REFERENCE_DOUBT = 0.8;

/** The first number of the text that is neither a date nor a year, if any. */
function unknownReference(text: string): string | undefined {
  return textReferences(text.slice(0, MAX_TEXT)).find((reference) => !isYear(reference.written))
    ?.written;
}

function isYear(written: string): boolean {
  return written.length === 4 && (written.startsWith('19') || written.startsWith('20'));
}

function amountRank(candidate: Candidate): number {
  return AMOUNT_RANK[candidate.fit];
}

const REFERENCE_RANK = {
  'payment-code': 4,
  reference: 3,
  'reference-typo': 2,
  'reference-short': 1,
} as const;

/** The weakest reference of the candidate's documents (0: found by amount alone). */
function referenceRank(candidate: Candidate): number {
  const ranks = candidate.reasons
    .map((reason) => (REFERENCE_RANK as Partial<Record<string, number>>)[reason.code] ?? 0)
    .filter(Boolean);
  return ranks.length === 0 ? 0 : Math.min(...ranks);
}

/** How sure the payer is the customer: known or same name 3, similar 2, alike 1. */
function payerRank(candidate: Candidate): number {
  let rank = 0;
  for (const reason of candidate.reasons) {
    if (reason.code === 'payer-known' || reason.code === 'name-same') rank = Math.max(rank, 3);
    if (reason.code === 'name-similar') rank = Math.max(rank, reason.score >= 0.6 ? 2 : 1);
  }
  return rank;
}

function combine(evidence: readonly number[]): number {
  let doubt = 1;
  for (const value of evidence) doubt *= 1 - value;
  return 1 - doubt;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function stronger(a: RefStrength, b: RefStrength): boolean {
  return REF_EVIDENCE[a] > REF_EVIDENCE[b];
}

export interface MatcherOptions {
  /**
   * Payers already confirmed for a buyer: the payer's IBAN to one of the buyer's fiscal ids
   * (from earlier confirmations). Entries from these IBANs identify the buyer whatever the name.
   */
  knownPayers?: ReadonlyMap<string, string>;
}

/** The matcher over a set of open invoices; `apply` records what an entry paid. */
export class Matcher {
  readonly index: InvoiceIndex;
  private readonly payers = new Map<string, number>();

  constructor(invoices: readonly OpenInvoice[], options: MatcherOptions = {}) {
    this.index = new InvoiceIndex(invoices);
    for (const [iban, fiscalId] of options.knownPayers ?? []) {
      const buyer = this.index.buyerByFiscalId(fiscalId);
      const key = normalizedIban(iban);
      if (buyer !== undefined && key) this.payers.set(key, buyer);
    }
  }

  /** The best match of the entry with the invoices as they are now open; changes nothing. */
  match(entry: BankEntry): EntryMatch {
    const refuse = this.unmatchable(entry);
    if (refuse)
      return { entry: entry.ref, allocations: [], auto: false, confidence: 0, reasons: [refuse] };
    const details = entry.details ?? [];
    const batch =
      details.length > 1 &&
      details.every(
        (detail) => detail.amount !== undefined && toCents(detail.amount) !== undefined,
      ) &&
      details.reduce((sum, detail) => sum + (toCents(detail.amount ?? '') ?? 0n), 0n) ===
        toCents(entry.amount);
    if (batch) return this.matchBatch(entry, details);
    return this.decide(entry.ref, this.candidates(entry));
  }

  /** Records the entry's allocations (an auto match, or one the user confirmed). */
  apply(match: EntryMatch, entry?: BankEntry): void {
    for (const allocation of match.allocations) {
      const position = this.positionOf(allocation.invoiceId);
      const cents = toCents(allocation.amount);
      if (position === undefined || cents === undefined) continue;
      this.index.allocate(position, cents < 0n ? -cents : cents);
    }
    const iban = normalizedIban(entry?.counterpartyIban);
    const first = match.allocations[0];
    const position = first && this.positionOf(first.invoiceId);
    const buyer = position === undefined ? undefined : this.index.invoices[position]?.buyer;
    if (iban && buyer !== undefined && !this.payers.has(iban)) this.payers.set(iban, buyer);
  }

  private positions: Map<string, number> | undefined;

  private positionOf(invoiceId: string): number | undefined {
    if (!this.positions) {
      this.positions = new Map(this.index.invoices.map((item) => [item.invoice.id, item.position]));
    }
    return this.positions.get(invoiceId);
  }

  private unmatchable(entry: BankEntry): MatchReason | undefined {
    if (entry.direction !== 'credit') return { code: 'debit' };
    if (entry.reversal) return { code: 'reversal' };
    const status = entry.status?.toUpperCase();
    if (status && status !== 'BOOK') return { code: 'not-booked', status };
    const cents = toCents(entry.amount);
    if (cents === undefined || cents <= 0n) return { code: 'currency', currency: entry.currency };
    return undefined;
  }

  private matchBatch(entry: BankEntry, details: readonly BankEntryDetail[]): EntryMatch {
    const parts = details.map((detail, index) =>
      this.decide(
        `${entry.ref}/${index + 1}`,
        this.candidates({
          ...entry,
          ...detail,
          ref: `${entry.ref}/${index + 1}`,
          amount: detail.amount ?? entry.amount,
          currency: detail.currency ?? entry.currency,
          details: [],
        }),
      ),
    );
    const allocations = parts.flatMap((part) => part.allocations);
    const reasons: MatchReason[] = [{ code: 'batch', count: details.length }];
    for (const part of parts) reasons.push(...part.reasons);
    return {
      entry: entry.ref,
      allocations,
      auto: parts.every((part) => part.auto),
      confidence: round2(Math.min(...parts.map((part) => part.confidence))),
      reasons,
    };
  }

  /** The documents the entry's text points at, each with its strongest evidence. */
  private references(entry: BankEntry, paid: bigint): Hit[] {
    const hits = new Map<number, Hit>();
    const open = (position: number): IndexedInvoice | undefined => {
      const item = this.index.invoices[position];
      return item && item.open > 0n && item.invoice.currency === entry.currency ? item : undefined;
    };
    const note = (position: number, strength: RefStrength, written: string): void => {
      if (!open(position)) return;
      const known = hits.get(position);
      if (!known || stronger(strength, known.strength))
        hits.set(position, { position, strength, written });
    };
    const structured = entry.creditorReferences ?? [];
    const text = [entry.remittance, ...structured, entry.endToEndId ?? '']
      .join(' ')
      .slice(0, MAX_TEXT);
    for (const code of structured) {
      for (const position of this.index.byPaymentCode(code)) note(position, 'code', code);
    }
    for (const reference of textReferences(text)) {
      if (paymentCodeKey(reference.written).length >= 6) {
        for (const position of this.index.byPaymentCode(reference.written)) {
          note(position, 'code', reference.written);
        }
      }
      for (const { key, strong } of reference.keys) {
        const { strong: exact, weak } = this.index.byKey(key);
        if (exact.length <= MAX_HITS_PER_REFERENCE) {
          for (const position of exact) note(position, 'exact', reference.written);
        }
        if (weak.length <= MAX_HITS_PER_REFERENCE) {
          for (const position of weak) note(position, 'short', reference.written);
        }
        if (!strong) continue;
        const near = new Set<number>();
        for (let index = -1; index < key.length; index += 1) {
          const variant = index === -1 ? key : key.slice(0, index) + key.slice(index + 1);
          for (const position of this.index.nearKey(variant)) near.add(position);
        }
        if (near.size > MAX_TYPO_NEIGHBOURS_READ) continue;
        const crowded = near.size > MAX_TYPO_NEIGHBOURS;
        for (const position of near) {
          const item = open(position);
          if (crowded && item?.open !== paid) continue;
          if (item?.fuzzyKeys.some((fuzzy) => withinOneEdit(fuzzy, key))) {
            note(position, 'typo', reference.written);
          }
        }
      }
    }
    // '1909' read from 'FT2026-1909' is part of a reference already found whole.
    const whole = [...hits.values()].filter(
      (hit) => hit.strength === 'exact' || hit.strength === 'code',
    );
    return [...hits.values()].filter(
      (hit) =>
        hit.strength !== 'short' || !whole.some((other) => other.written.includes(hit.written)),
    );
  }

  /** The buyers the payer may be, with how alike the names are. */
  private payerBuyers(entry: BankEntry): Map<number, number> {
    const scores = new Map<number, number>();
    const iban = normalizedIban(entry.counterpartyIban);
    const known = iban === undefined ? undefined : this.payers.get(iban);
    if (known !== undefined) scores.set(known, 1);
    const words = nameWords(entry.counterpartyName ?? '');
    if (words.length === 0) return scores;
    for (const buyer of this.index.buyersNamed(words)) {
      const score = nameSimilarity(
        words,
        this.index.buyers[buyer]?.words ?? [],
        this.index.wordWeight,
      );
      if (score > (scores.get(buyer) ?? 0)) scores.set(buyer, score);
    }
    return scores;
  }

  private candidates(entry: BankEntry): Candidate[] {
    const paid = toCents(entry.amount) ?? 0n;
    const hits = this.references(entry, paid);
    const payerWords = nameWords(entry.counterpartyName ?? '');
    const iban = normalizedIban(entry.counterpartyIban);
    const knownBuyer = iban === undefined ? undefined : this.payers.get(iban);
    const accountIban = normalizedIban(entry.accountIban);
    const nameScores = new Map<number, number>();
    const nameScore = (buyer: number): number => {
      let score = nameScores.get(buyer);
      if (score === undefined) {
        const words = this.index.buyers[buyer]?.words ?? [];
        score =
          payerWords.length === 0 ? -1 : nameSimilarity(payerWords, words, this.index.wordWeight);
        nameScores.set(buyer, score);
      }
      return score;
    };
    /** The evidence and reasons of who paid and where, for the documents of one candidate. */
    const partyEvidence = (
      items: readonly IndexedInvoice[],
    ): { evidence: number[]; reasons: MatchReason[] } => {
      const evidence: number[] = [];
      const reasons: MatchReason[] = [];
      const buyers = new Set(items.map((item) => item.buyer));
      if (buyers.size === 1) {
        const [buyer] = buyers;
        if (buyer !== undefined && buyer === knownBuyer) {
          evidence.push(EVIDENCE.payerKnown);
          reasons.push({ code: 'payer-known' });
        }
        const score = buyer === undefined ? -1 : nameScore(buyer);
        if (score >= 0.95) {
          evidence.push(EVIDENCE.nameSame);
          reasons.push({ code: 'name-same' });
        } else if (score >= 0.6) {
          evidence.push(EVIDENCE.nameSimilar);
          reasons.push({ code: 'name-similar', score: round2(score) });
        } else if (score >= 0.35) {
          evidence.push(EVIDENCE.nameLike);
          reasons.push({ code: 'name-similar', score: round2(score) });
        } else if (score >= 0) reasons.push({ code: 'name-different' });
      }
      if (accountIban && items.every((item) => normalizedIban(item.invoice.iban) === accountIban)) {
        evidence.push(EVIDENCE.iban);
        reasons.push({ code: 'iban' });
      }
      return { evidence, reasons };
    };
    const referenceReason = (hit: Hit): MatchReason => {
      const number = this.index.invoices[hit.position]?.invoice.number ?? '';
      if (hit.strength === 'code') return { code: 'payment-code', value: hit.written };
      if (hit.strength === 'typo') return { code: 'reference-typo', value: hit.written, number };
      if (hit.strength === 'short') return { code: 'reference-short', value: hit.written, number };
      return { code: 'reference', value: hit.written, number };
    };
    const candidates: Candidate[] = [];
    const singles = new Set<number>();

    // One referenced invoice: paid in full, in part or more than open.
    for (const hit of hits) {
      const item = this.index.invoices[hit.position];
      if (!item || item.invoice.kind !== 'invoice') continue;
      const fit: AmountFit = paid === item.open ? 'exact' : paid < item.open ? 'partial' : 'over';
      const party = partyEvidence([item]);
      const evidence = [REF_EVIDENCE[hit.strength], ...party.evidence];
      const reasons: MatchReason[] = [referenceReason(hit)];
      if (fit === 'exact') {
        evidence.push(EVIDENCE.amountExact);
        reasons.push({ code: 'amount-exact' });
      } else if (fit === 'partial') {
        evidence.push(EVIDENCE.amountPartial);
        reasons.push({ code: 'partial', paid: centsText(paid), open: centsText(item.open) });
      } else {
        reasons.push({ code: 'overpaid', paid: centsText(paid), open: centsText(item.open) });
      }
      reasons.push(...party.reasons);
      singles.add(hit.position);
      candidates.push({
        members: [{ position: hit.position, cents: fit === 'over' ? item.open : paid }],
        fit,
        confidence: fit === 'over' ? combine(evidence) * 0.5 : combine(evidence),
        reasons,
      });
    }

    // Several referenced documents whose open amounts, credit notes netted, sum to the payment.
    const grouped = hits
      .filter((hit) => this.index.invoices[hit.position])
      .sort((a, b) => REF_EVIDENCE[b.strength] - REF_EVIDENCE[a.strength])
      .slice(0, MAX_GROUP_DOCUMENTS);
    if (grouped.length >= 2)
      candidates.push(...this.groups(grouped, paid, partyEvidence, referenceReason));

    // Invoices of exactly the amount: always those of the payer, when we know who it is (its
    // own invoice may be the one a typo hides); any customer's when no reference fits.
    const hasFit = candidates.some((candidate) => AMOUNT_RANK[candidate.fit] === 2);
    {
      const byAmount = new Set<number>();
      for (const [buyer, score] of this.payerBuyers(entry)) {
        if (score < 0.35) continue;
        for (const position of this.index.buyerWithOpenAmount(buyer, entry.currency, paid)) {
          byAmount.add(position);
        }
      }
      if (!hasFit) {
        for (const position of this.index.withOpenAmount(
          entry.currency,
          paid,
          MAX_AMOUNT_CANDIDATES,
        ) ?? []) {
          byAmount.add(position);
        }
      }
      // A number in the text that names no open invoice (an order, a deposit) is doubt.
      const unknown = hits.length === 0 ? unknownReference(entry.remittance) : undefined;
      for (const position of byAmount) {
        const item = this.index.invoices[position];
        if (!item || singles.has(position) || item.invoice.date > entry.bookingDate) continue;
        const party = partyEvidence([item]);
        const confidence = combine([EVIDENCE.amountExact, ...party.evidence]);
        candidates.push({
          members: [{ position, cents: paid }],
          fit: 'exact',
          confidence: unknown === undefined ? confidence : confidence * UNKNOWN_REFERENCE_DOUBT,
          reasons: [
            { code: 'amount-exact' },
            ...party.reasons,
            ...(unknown === undefined
              ? []
              : [{ code: 'reference-unknown', value: unknown } as const]),
          ],
        });
      }
    }
    return candidates;
  }

  private groups(
    hits: readonly Hit[],
    paid: bigint,
    partyEvidence: (items: readonly IndexedInvoice[]) => {
      evidence: number[];
      reasons: MatchReason[];
    },
    referenceReason: (hit: Hit) => MatchReason,
  ): Candidate[] {
    const found: Candidate[] = [];
    const count = hits.length;
    for (let mask = 1; mask < 1 << count; mask += 1) {
      let size = 0;
      let sum = 0n;
      let invoices = 0;
      for (let bit = 0; bit < count; bit += 1) {
        if ((mask & (1 << bit)) === 0) continue;
        const item = this.index.invoices[hits[bit]?.position ?? -1];
        if (!item) continue;
        size += 1;
        if (item.invoice.kind === 'invoice') {
          invoices += 1;
          sum += item.open;
        } else sum -= item.open;
      }
      if (size < 2 || invoices === 0 || sum !== paid) continue;
      const chosen = hits.filter((_hit, bit) => (mask & (1 << bit)) !== 0);
      // One written reference names one document: two typo readings of it are not a group.
      if (new Set(chosen.map((hit) => hit.written)).size < chosen.length) continue;
      const items = chosen.map((hit) => this.index.invoices[hit.position] as IndexedInvoice);
      const party = partyEvidence(items);
      const weakest = Math.min(...chosen.map((hit) => REF_EVIDENCE[hit.strength]));
      const reasons: MatchReason[] = [
        { code: 'grouped', count: chosen.length },
        ...chosen.map(referenceReason),
        ...items
          .filter((item) => item.invoice.kind === 'credit-note')
          .map((item): MatchReason => ({ code: 'credit-note', number: item.invoice.number })),
        { code: 'amount-sum', count: chosen.length },
        ...party.reasons,
      ];
      found.push({
        members: items.map((item) => ({
          position: item.position,
          cents: item.invoice.kind === 'invoice' ? item.open : -item.open,
        })),
        fit: 'sum',
        confidence: combine([weakest, EVIDENCE.amountSum, ...party.evidence]),
        reasons,
      });
    }
    return found;
  }

  /**
   * The amount settles it: paid in full or summed exactly; a part paid only with the
   * invoice's payment code, or its number and a payer known to be the customer.
   */
  private sureFit(candidate: Candidate): boolean {
    if (candidate.fit === 'exact' || candidate.fit === 'sum') return true;
    if (candidate.fit !== 'partial') return false;
    const has = (code: MatchReason['code']): boolean =>
      candidate.reasons.some((reason) => reason.code === code);
    return (
      has('payment-code') ||
      (has('reference') &&
        (has('name-same') ||
          has('payer-known') ||
          candidate.reasons.some(
            (reason) => reason.code === 'name-similar' && reason.score >= 0.6,
          )))
    );
  }

  private allocationsOf(candidate: Candidate): Allocation[] {
    return candidate.members.map(({ position, cents }) => {
      const invoice = this.index.invoices[position]?.invoice;
      return {
        invoiceId: invoice?.id ?? '',
        number: invoice?.number ?? '',
        amount: centsText(cents),
      };
    });
  }

  private decide(ref: string, candidates: readonly Candidate[]): EntryMatch {
    const offered = candidates.filter((candidate) => candidate.confidence >= OFFER_CONFIDENCE);
    if (offered.length === 0) {
      return {
        entry: ref,
        allocations: [],
        auto: false,
        confidence: 0,
        reasons: [{ code: 'no-candidate' }],
      };
    }
    const top = Math.max(...offered.map((candidate) => candidate.confidence));
    const close = offered.filter(
      (candidate) => 1 - candidate.confidence <= (1 - top) * RIVAL_DOUBT_RATIO + 1e-9,
    );
    // Among the close ones, what is better in kind wins: the amount settled, then the strongest
    // reference, then the payer. Left equal, they are equally good: the entry is ambiguous.
    let best = close;
    for (const rank of [amountRank, referenceRank, payerRank]) {
      const top = Math.max(...best.map(rank));
      best = best.filter((candidate) => rank(candidate) === top);
    }
    const distinct = new Map<string, Candidate>();
    for (const candidate of best) {
      const key = candidate.members
        .map((member) => member.position)
        .sort((a, b) => a - b)
        .join(',');
      if (!distinct.has(key)) distinct.set(key, candidate);
    }
    const [chosen, ...others] = [...distinct.values()];
    if (!chosen)
      return {
        entry: ref,
        allocations: [],
        auto: false,
        confidence: 0,
        reasons: [{ code: 'no-candidate' }],
      };
    if (others.length > 0) {
      const numbers = [...distinct.values()].flatMap((candidate) =>
        candidate.members.map(
          (member) => this.index.invoices[member.position]?.invoice.number ?? '',
        ),
      );
      const shared = chosen.reasons.filter((reason) =>
        others.every((other) =>
          other.reasons.some((r) => JSON.stringify(r) === JSON.stringify(reason)),
        ),
      );
      return {
        entry: ref,
        allocations: [],
        auto: false,
        confidence: round2(chosen.confidence / distinct.size),
        reasons: [{ code: 'ambiguous', candidates: [...new Set(numbers)] }, ...shared],
      };
    }
    // Beaten on one count by another candidate, the best is offered, not applied: a typo
    // reading against a number written exactly (unless the payer is the customer), or, with no
    // number written exactly, another invoice of the amount whose customer is more surely the
    // payer.
    const contested = offered.some(
      (candidate) =>
        (referenceRank(candidate) > referenceRank(chosen) && payerRank(chosen) < 2) ||
        (referenceRank(chosen) < REFERENCE_RANK.reference &&
          amountRank(candidate) >= amountRank(chosen) &&
          payerRank(candidate) > payerRank(chosen)),
    );
    const auto = chosen.confidence >= AUTO_CONFIDENCE && this.sureFit(chosen) && !contested;
    return {
      entry: ref,
      allocations: this.allocationsOf(chosen),
      auto,
      confidence: round2(chosen.confidence),
      reasons: chosen.reasons,
    };
  }
}

function bookingOrder(entries: readonly BankEntry[]): number[] {
  return entries
    .map((_entry, index) => index)
    .sort((a, b) => {
      const left = entries[a]?.bookingDate ?? '';
      const right = entries[b]?.bookingDate ?? '';
      return left < right ? -1 : left > right ? 1 : a - b;
    });
}

/**
 * Matches each entry against the open invoices, in booking order: a sure match is applied before
 * the next entry is read (an invoice paid in two instalments is open for its rest), and the
 * entries left unsure are read once more at the end, with the payers learnt meanwhile. Returns
 * one match per entry, in the order given.
 */
export function matchEntries(
  invoices: readonly OpenInvoice[],
  entries: readonly BankEntry[],
  options: MatcherOptions = {},
): EntryMatch[] {
  const matcher = new Matcher(invoices, options);
  const results: EntryMatch[] = new Array<EntryMatch>(entries.length);
  const order = bookingOrder(entries);
  for (const index of order) {
    const entry = entries[index] as BankEntry;
    const match = matcher.match(entry);
    if (match.auto) matcher.apply(match, entry);
    results[index] = match;
  }
  for (const index of order) {
    if (results[index]?.auto) continue;
    const entry = entries[index] as BankEntry;
    const match = matcher.match(entry);
    if (match.auto) matcher.apply(match, entry);
    results[index] = match;
  }
  return results;
}
