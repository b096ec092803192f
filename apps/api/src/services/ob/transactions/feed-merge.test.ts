import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../../platform/money.ts';
import { planFeedMerge, type FeedEntry, type StoredTransaction } from './feed-merge.ts';

/** A seeded generator: the same bank behaviours on every run (no random seed in CI). */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Truth {
  id: number;
  madeOn: string;
  amount: bigint;
  status: 'pending' | 'posted';
  bankId: string;
  endToEndId: string | null;
  party: string;
  /** A second report of the same transfer by the bank, under another id. */
  echoBankId: string | null;
}

interface Row extends StoredTransaction {
  truthOf: string;
}

const day = (index: number) =>
  new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);

/**
 * A bank that does everything a bank does to a feed: new ids when a pending entry books, a card
 * hold booked for another amount, the feed in any order, a transfer reported twice, and a window
 * of the last ten days only. Its store applies the plans; the checks compare with the truth.
 */
function simulate(seed: number, days: number) {
  const random = mulberry32(seed);
  const truths: Truth[] = [];
  const truthOfBankId = new Map<string, number>();
  let nextBankId = 1;
  const newBankId = (id: number) => {
    const bankId = `B${nextBankId++}`;
    truthOfBankId.set(bankId, id);
    return bankId;
  };
  const rows: Row[] = [];
  let nextUuid = 1;
  const opening = 1_000_00n;
  let updates = 0;

  for (let today = 0; today < days; today += 1) {
    // New transactions of the day: transfers (with an end-to-end id) and card payments.
    const count = Math.floor(random() * 4);
    for (let n = 0; n < count; n += 1) {
      const id = truths.length;
      const transfer = random() < 0.5;
      const amount = BigInt(Math.floor(random() * 90_000) + 100) * (random() < 0.4 ? 1n : -1n);
      truths.push({
        id,
        madeOn: day(today),
        amount,
        status: transfer && random() < 0.5 ? 'posted' : 'pending',
        bankId: newBankId(id),
        endToEndId: transfer ? `E2E-${id}` : null,
        party: transfer ? `Company ${id % 7}` : `Shop ${id % 5}`,
        echoBankId: null,
      });
    }
    // Pending entries book after a day or two: a new id at the shuffling bank, a hold's amount.
    for (const truth of truths) {
      if (truth.status !== 'pending' || random() < 0.4) continue;
      truth.status = 'posted';
      if (random() < 0.6) truth.bankId = newBankId(truth.id);
      if (!truth.endToEndId && random() < 0.3) truth.amount -= BigInt(Math.floor(random() * 200));
    }
    // Now and then a transfer is reported twice.
    for (const truth of truths) {
      if (
        truth.endToEndId &&
        !truth.echoBankId &&
        truth.madeOn >= day(today - 2) &&
        random() < 0.05
      )
        truth.echoBankId = newBankId(truth.id);
    }

    // The sync asks from ten days back, or from its oldest transaction still pending.
    const oldestPending = rows
      .filter((row) => row.status === 'pending' && !row.duplicated)
      .reduce((oldest, row) => (row.madeOn < oldest ? row.madeOn : oldest), day(today));
    const windowStart = [day(Math.max(0, today - 10)), oldestPending].sort()[0]!;
    const visible = truths.filter((truth) => truth.madeOn >= windowStart);
    const entry = (truth: Truth, bankId: string): FeedEntry => ({
      bankId,
      endToEndId: truth.endToEndId,
      madeOn: truth.madeOn,
      postingDate: truth.status === 'posted' ? truth.madeOn : null,
      amount: fromCents(truth.amount),
      currencyCode: 'EUR',
      status: truth.status,
      description: `${truth.party} ${truth.endToEndId ?? 'card'}`,
      category: 'uncategorized',
      payer: truth.amount > 0n ? truth.party : null,
      payee: truth.amount < 0n ? truth.party : null,
      counterpartyIban: null,
      remittance: null,
    });
    const feed = visible.flatMap((truth) => [
      entry(truth, truth.bankId),
      ...(truth.echoBankId ? [entry(truth, truth.echoBankId)] : []),
    ]);
    // Any order.
    for (let i = feed.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [feed[i], feed[j]] = [feed[j]!, feed[i]!];
    }

    const inWindow = rows.filter((row) => row.madeOn >= windowStart);
    const plan = planFeedMerge(inWindow, feed);
    const touched = new Set<string>();
    for (const update of plan.updates) {
      expect(touched.has(update.uuid), 'one stored transaction, one entry').toBe(false);
      touched.add(update.uuid);
      const row = rows.find((candidate) => candidate.uuid === update.uuid)!;
      updates += 1;
      Object.assign(row, {
        bankId: update.entry.bankId,
        madeOn: update.entry.madeOn,
        amount: update.entry.amount,
        status: update.entry.status,
        truthOf: String(truthOfBankId.get(update.entry.bankId)),
      });
    }
    for (const insert of plan.inserts) {
      rows.push({
        uuid: `U${nextUuid++}`,
        bankId: insert.entry.bankId,
        endToEndId: insert.entry.endToEndId,
        madeOn: insert.entry.madeOn,
        amount: insert.entry.amount,
        status: insert.entry.status,
        description: insert.entry.description,
        payer: insert.entry.payer,
        payee: insert.entry.payee,
        duplicated: insert.duplicated,
        truthOf: String(truthOfBankId.get(insert.entry.bankId)),
      });
    }
  }

  const counted = rows.filter((row) => !row.duplicated);
  const storedBalance =
    opening +
    counted
      .filter((row) => row.status === 'posted')
      .reduce((sum, row) => sum + toCents(row.amount), 0n);
  const bankBalance =
    opening +
    truths
      .filter((truth) => truth.status === 'posted')
      .reduce((sum, truth) => sum + truth.amount, 0n);
  return { truths, rows, counted, storedBalance, bankBalance, updates };
}

describe('a transaction keeps one identity whatever the bank does', () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    'seed %i: no duplicate, no overwrite, balances to the cent',
    (seed) => {
      const { truths, rows, counted, storedBalance, bankBalance, updates } = simulate(seed, 120);
      expect(truths.length).toBeGreaterThan(100);
      expect(updates).toBeGreaterThan(truths.length);
      // Every transaction once (0 duplicates), each stored one with its own data (0 overwrites).
      const truthIds = counted.map((row) => row.truthOf).sort();
      expect(new Set(truthIds).size).toBe(truthIds.length);
      expect(truthIds).toEqual(truths.map((truth) => String(truth.id)).sort());
      for (const row of counted) {
        const truth = truths[Number(row.truthOf)]!;
        expect({ amount: row.amount, status: row.status }).toEqual({
          amount: fromCents(truth.amount),
          status: truth.status,
        });
      }
      // The double reports are kept, flagged, never counted; nothing else is flagged. (A report
      // under a second id, then its booking under a third, may leave two flagged rows.)
      const echoed = new Set(truths.filter((truth) => truth.echoBankId).map((t) => String(t.id)));
      const flagged = new Set(rows.filter((row) => row.duplicated).map((row) => row.truthOf));
      expect(flagged).toEqual(echoed);
      expect(storedBalance).toBe(bankBalance);
    },
  );

  it('a booked entry under a new id is the pending one, not a new transaction', () => {
    const pending: StoredTransaction = {
      uuid: 'u1',
      bankId: 'P-1',
      endToEndId: null,
      madeOn: '2026-03-02',
      amount: '-12.40',
      status: 'pending',
      description: 'BAR CENTRALE MILANO',
      payer: null,
      payee: 'Bar Centrale',
      duplicated: false,
    };
    const booked: FeedEntry = {
      bankId: 'BK-9',
      endToEndId: null,
      madeOn: '2026-03-03',
      postingDate: '2026-03-03',
      amount: '-12.00',
      currencyCode: 'EUR',
      status: 'posted',
      description: 'BAR CENTRALE MILANO',
      category: 'card_payment',
      payer: null,
      payee: 'Bar Centrale',
      counterpartyIban: null,
      remittance: null,
    };
    expect(planFeedMerge([pending], [booked])).toEqual({
      updates: [{ uuid: 'u1', entry: booked, duplicated: false }],
      inserts: [],
    });
    // While its old id is still in the feed, the other entry is another purchase.
    const again = { ...booked, bankId: 'P-1', status: 'pending' as const, amount: '-12.40' };
    const plan = planFeedMerge([pending], [again, booked]);
    expect(plan.updates.map((update) => update.entry.bankId)).toEqual(['P-1']);
    expect(plan.inserts.map((insert) => insert.entry.bankId)).toEqual(['BK-9']);
  });
});
