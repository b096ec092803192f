import type { Consumption, PreSale } from '@fiscus/contracts';

/** Months of consumption the dashboard shows (spec 2.8, 9). */
export const consumptionMonths = 12;

/** Oldest first, at most the last 12 months, one entry per month. */
export function consumptionSeries(items: readonly Consumption[]): Consumption[] {
  const byMonth = new Map<number, Consumption>();
  for (const entry of items) byMonth.set(entry.year * 12 + (entry.month - 1), entry);
  return [...byMonth.entries()]
    .sort(([a], [b]) => a - b)
    .slice(-consumptionMonths)
    .map(([, entry]) => entry);
}

/** The credit shown on the card: the most recently purchased pre-sale. */
export function currentPreSale(items: readonly PreSale[]): PreSale | null {
  let latest: PreSale | null = null;
  for (const item of items) {
    // ISO 8601 UTC timestamps compare correctly as strings.
    if (!latest || item.current_credit_purchased_at > latest.current_credit_purchased_at) {
      latest = item;
    }
  }
  return latest;
}
