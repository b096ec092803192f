/**
 * The open invoices indexed every way an entry may point at them: reference keys (exact and
 * with one typo, through a deletion neighbourhood), payment codes, open amount, buyer and the
 * words of the buyer's name. Each lookup costs the same with 1,000 or 50,000 open invoices:
 * no entry scans the ledger.
 */
import { centsText, toCents } from './money.ts';
import type { OpenInvoice } from './model.ts';
import { nameWords } from './party-names.ts';
import { deletionVariants, invoiceNumberKeys, paymentCodeKey } from './reference-keys.ts';

export interface IndexedInvoice {
  position: number;
  invoice: OpenInvoice;
  /** What is still open, in cents (positive; for a credit note what is left to net). */
  open: bigint;
  buyer: number;
  /** The strong keys of the number that a typo may reach. */
  fuzzyKeys: string[];
}

export interface Buyer {
  key: string;
  words: string[];
}

/** A word shared by more buyers than this tells nobody apart: not used to find buyers. */
const MAX_BUYERS_PER_WORD = 100;
/** Shortest number key found with a typo: letters and digits ("123A"), else five digits. */
const MIN_FUZZY_KEY = 4;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== value) list.push(value);
  } else map.set(key, [value]);
}

export function normalizedIban(iban: string | undefined): string | undefined {
  if (!iban) return undefined;
  let plain = '';
  for (const character of iban) if (character !== ' ') plain += character.toUpperCase();
  return plain || undefined;
}

function buyerKeyOf(invoice: OpenInvoice): string {
  const id = invoice.buyerFiscalIds.find((value) => value.trim() !== '');
  return id ? `id:${id.trim().toUpperCase()}` : `name:${nameWords(invoice.buyerName).join(' ')}`;
}

/** Builds the index once per matching run; `allocate` keeps it current as invoices get paid. */
export class InvoiceIndex {
  readonly invoices: IndexedInvoice[] = [];
  readonly buyers: Buyer[] = [];
  private readonly buyerByKey = new Map<string, number>();
  private readonly strongKeys = new Map<string, number[]>();
  private readonly weakKeys = new Map<string, number[]>();
  private readonly deletions = new Map<string, number[]>();
  private readonly codes = new Map<string, number[]>();
  private readonly byAmount = new Map<string, Set<number>>();
  private readonly byBuyerAmount = new Map<string, Set<number>>();
  private readonly buyersByWord = new Map<string, number[]>();
  private readonly buyersByFiscalId = new Map<string, number>();

  constructor(invoices: readonly OpenInvoice[]) {
    invoices.forEach((invoice) => this.add(invoice));
  }

  private add(invoice: OpenInvoice): void {
    const open = toCents(invoice.amount);
    if (open === undefined || open <= 0n) return;
    const position = this.invoices.length;
    const buyer = this.buyerOf(invoice);
    const fuzzyKeys: string[] = [];
    for (const { key, strong } of invoiceNumberKeys(invoice.number)) {
      push(strong ? this.strongKeys : this.weakKeys, key, position);
      if (strong && key.length >= MIN_FUZZY_KEY) {
        fuzzyKeys.push(key);
        for (const variant of deletionVariants(key)) push(this.deletions, variant, position);
      }
    }
    for (const code of invoice.paymentCodes ?? []) {
      const key = paymentCodeKey(code);
      if (key.length >= 4) push(this.codes, key, position);
    }
    this.invoices.push({ position, invoice, open, buyer, fuzzyKeys });
    if (invoice.kind === 'invoice') this.indexAmount(position);
  }

  private buyerOf(invoice: OpenInvoice): number {
    const key = buyerKeyOf(invoice);
    let buyer = this.buyerByKey.get(key);
    if (buyer === undefined) {
      buyer = this.buyers.length;
      const words = nameWords(invoice.buyerName);
      this.buyers.push({ key, words });
      this.buyerByKey.set(key, buyer);
      for (const word of words) push(this.buyersByWord, word, buyer);
    }
    for (const id of invoice.buyerFiscalIds) {
      if (id.trim()) this.buyersByFiscalId.set(id.trim().toUpperCase(), buyer);
    }
    return buyer;
  }

  private amountKey(currency: string, cents: bigint): string {
    return `${currency}:${cents}`;
  }

  private indexAmount(position: number): void {
    const item = this.invoices[position];
    if (!item || item.open <= 0n) return;
    const key = this.amountKey(item.invoice.currency, item.open);
    let set = this.byAmount.get(key);
    if (!set) this.byAmount.set(key, (set = new Set()));
    set.add(position);
    const buyerKey = `${item.buyer}|${key}`;
    let buyerSet = this.byBuyerAmount.get(buyerKey);
    if (!buyerSet) this.byBuyerAmount.set(buyerKey, (buyerSet = new Set()));
    buyerSet.add(position);
  }

  private unindexAmount(position: number): void {
    const item = this.invoices[position];
    if (!item) return;
    const key = this.amountKey(item.invoice.currency, item.open);
    this.byAmount.get(key)?.delete(position);
    this.byBuyerAmount.get(`${item.buyer}|${key}`)?.delete(position);
  }

  /** Takes `cents` off what is open of the document (paid, or a credit note netted). */
  allocate(position: number, cents: bigint): void {
    const item = this.invoices[position];
    if (!item) return;
    if (item.invoice.kind === 'invoice') this.unindexAmount(position);
    item.open = item.open > cents ? item.open - cents : 0n;
    if (item.invoice.kind === 'invoice') this.indexAmount(position);
  }

  /** The open documents whose number has this key, exactly. */
  byKey(key: string): { strong: readonly number[]; weak: readonly number[] } {
    return { strong: this.strongKeys.get(key) ?? [], weak: this.weakKeys.get(key) ?? [] };
  }

  /** Documents whose number may be this key with one typo (to be checked with `withinOneEdit`). */
  nearKey(variant: string): readonly number[] {
    return this.deletions.get(variant) ?? [];
  }

  byPaymentCode(code: string): readonly number[] {
    return this.codes.get(paymentCodeKey(code)) ?? [];
  }

  /** Open invoices of exactly this open amount, or undefined when there are more than `max`. */
  withOpenAmount(currency: string, cents: bigint, max: number): number[] | undefined {
    const set = this.byAmount.get(this.amountKey(currency, cents));
    if (!set) return [];
    return set.size > max ? undefined : [...set];
  }

  /** Open invoices of one buyer with exactly this open amount. */
  buyerWithOpenAmount(buyer: number, currency: string, cents: bigint): number[] {
    return [...(this.byBuyerAmount.get(`${buyer}|${this.amountKey(currency, cents)}`) ?? [])];
  }

  /** The buyers that share a distinctive word with the name. */
  buyersNamed(words: readonly string[]): number[] {
    const found = new Set<number>();
    for (const word of words) {
      const buyers = this.buyersByWord.get(word);
      if (buyers && buyers.length <= MAX_BUYERS_PER_WORD) buyers.forEach((b) => found.add(b));
    }
    return [...found];
  }

  buyerByFiscalId(id: string): number | undefined {
    return this.buyersByFiscalId.get(id.trim().toUpperCase());
  }

  /** How rare a word of a name is among the buyers: rarer words weigh more. */
  wordWeight = (word: string): number => {
    const count = this.buyersByWord.get(word)?.length ?? 0;
    return Math.log(1 + (this.buyers.length + 1) / (count + 1));
  };

  openText(position: number): string {
    return centsText(this.invoices[position]?.open ?? 0n);
  }
}
