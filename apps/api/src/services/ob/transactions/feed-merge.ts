import type { FeedEntry } from '../../../gateways/bank-aggregator/bank-aggregator.ts';
import { toCents } from '../../../platform/money.ts';

export type { FeedEntry };

/**
 * Keeping a transaction's identity whatever its bank does (issue 36): a bank may give a pending
 * entry one id and the booked entry another, list entries in any order, change a card hold's
 * amount when it books, and report one transfer twice. A sync reads the bank's feed of a window
 * and this plan says, for each entry, which stored transaction it is (an update) or that it is
 * new (an insert); never two entries into one stored transaction, never a stored transaction
 * overwritten by another's data.
 *
 * An entry is found again, in this order: by the bank's id; by its end-to-end id (the SEPA
 * reference the bank cannot change) with the same amount; by its fingerprint, for a stored
 * transaction whose bank id has vanished from the feed (same amount, or any amount while it was
 * pending; same counterparty or text; made within five days). Two entries of one feed with one
 * end-to-end id and amount are one transfer reported twice: the one already stored (else the
 * first booked) is it, the others are kept flagged `duplicated` (shown, never counted).
 */

export type FeedStatus = FeedEntry['status'];

/** A stored transaction of the account, as much of it as finding it again needs. */
export interface StoredTransaction {
  uuid: string;
  bankId: string | null;
  endToEndId: string | null;
  madeOn: string;
  amount: string;
  status: FeedStatus;
  description: string;
  payer: string | null;
  payee: string | null;
  duplicated: boolean;
}

export interface FeedMergePlan {
  updates: { uuid: string; entry: FeedEntry; duplicated: boolean }[];
  inserts: { entry: FeedEntry; duplicated: boolean }[];
}

/** Days a booked entry's date may differ from its pending one's. */
const MATCH_DAYS = 5;
const DAY_MS = 86_400_000;

const words = (text: string | null) =>
  (text ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function sameParty(stored: StoredTransaction, entry: FeedEntry): boolean {
  const party = (value: string | null) => words(value);
  const storedParty = party(stored.payer) || party(stored.payee);
  const entryParty = party(entry.payer) || party(entry.payee);
  if (storedParty && entryParty) return storedParty === entryParty;
  return words(stored.description) === words(entry.description);
}

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;
}

/** A feed's entries in one order whatever order the bank listed them in. */
function canonical(feed: readonly FeedEntry[]): FeedEntry[] {
  return [...feed].sort(
    (a, b) =>
      a.madeOn.localeCompare(b.madeOn) ||
      (a.status === b.status ? 0 : a.status === 'posted' ? -1 : 1) ||
      a.bankId.localeCompare(b.bankId),
  );
}

/** The entries of one transfer reported twice: all but the one kept as the transfer itself. */
function reportedTwice(
  feed: readonly FeedEntry[],
  storedByBankId: ReadonlyMap<string, StoredTransaction>,
): Set<FeedEntry> {
  const groups = new Map<string, FeedEntry[]>();
  for (const entry of feed) {
    if (!entry.endToEndId) continue;
    const key = `${entry.endToEndId}\u0000${toCents(entry.amount)}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const extra = new Set<FeedEntry>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // The transfer itself: the entry stored as it, else one not stored as a second report.
    const stored = (entry: FeedEntry) => storedByBankId.get(entry.bankId);
    const fresh = group.filter((entry) => !stored(entry)?.duplicated);
    const kept =
      fresh.find((entry) => stored(entry)) ??
      fresh.find((entry) => entry.status === 'posted') ??
      fresh[0];
    for (const entry of group) if (entry !== kept) extra.add(entry);
  }
  return extra;
}

export function planFeedMerge(
  stored: readonly StoredTransaction[],
  feed: readonly FeedEntry[],
): FeedMergePlan {
  const entries = canonical(feed);
  const feedBankIds = new Set(entries.map((entry) => entry.bankId));
  const byBankId = new Map<string, StoredTransaction>();
  for (const row of stored) if (row.bankId) byBankId.set(row.bankId, row);
  const twice = reportedTwice(entries, byBankId);
  const claimed = new Set<string>();
  const found = new Map<FeedEntry, StoredTransaction>();
  const claim = (entry: FeedEntry, row: StoredTransaction) => {
    claimed.add(row.uuid);
    found.set(entry, row);
  };

  // 1. The bank's own id.
  for (const entry of entries) {
    const row = byBankId.get(entry.bankId);
    if (row && !claimed.has(row.uuid)) claim(entry, row);
  }
  // 2. The end-to-end id, with the same amount (a duplicate report is never matched so).
  const byEndToEnd = new Map<string, StoredTransaction[]>();
  for (const row of stored) {
    if (!row.endToEndId || row.duplicated) continue;
    byEndToEnd.set(row.endToEndId, [...(byEndToEnd.get(row.endToEndId) ?? []), row]);
  }
  for (const entry of entries) {
    if (found.has(entry) || twice.has(entry) || !entry.endToEndId) continue;
    const amount = toCents(entry.amount);
    const row = (byEndToEnd.get(entry.endToEndId) ?? []).find(
      (candidate) =>
        !claimed.has(candidate.uuid) &&
        (toCents(candidate.amount) === amount || candidate.status === 'pending'),
    );
    if (row) claim(entry, row);
  }
  // 3. The fingerprint, for a stored transaction whose bank id left the feed.
  const vanished = stored.filter(
    (row) => !row.duplicated && (!row.bankId || !feedBankIds.has(row.bankId)),
  );
  for (const entry of entries) {
    if (found.has(entry) || twice.has(entry)) continue;
    const amount = toCents(entry.amount);
    let best: StoredTransaction | undefined;
    for (const row of vanished) {
      if (claimed.has(row.uuid)) continue;
      if (row.endToEndId && entry.endToEndId && row.endToEndId !== entry.endToEndId) continue;
      const sameAmount = toCents(row.amount) === amount;
      // A card hold may book for another amount: only a pending one, of the same sign.
      const heldAmount = row.status === 'pending' && toCents(row.amount) < 0n === amount < 0n;
      if (!sameAmount && !heldAmount) continue;
      if (!sameParty(row, entry) || daysApart(row.madeOn, entry.madeOn) > MATCH_DAYS) continue;
      if (!best || daysApart(row.madeOn, entry.madeOn) < daysApart(best.madeOn, entry.madeOn))
        best = row;
    }
    if (best) claim(entry, best);
  }

  const plan: FeedMergePlan = { updates: [], inserts: [] };
  for (const entry of entries) {
    const row = found.get(entry);
    if (row) plan.updates.push({ uuid: row.uuid, entry, duplicated: row.duplicated });
    else plan.inserts.push({ entry, duplicated: twice.has(entry) });
  }
  return plan;
}
