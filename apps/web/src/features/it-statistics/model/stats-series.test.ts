import type { StatsResponse } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { monthlyStatistics, notificationTotal, statisticsYears } from './stats-series';

const zero = { at: 0, dt: 0, mc: 0, ne: 0, ns: 0, rc: 0 };

function period(customer: number, customerCost: string, supplier = 0, supplierCost = '0.00') {
  return {
    customer_invoices: { count: customer, cost: customerCost },
    supplier_invoice: { count: supplier, cost: supplierCost },
    notifications: { ...zero },
  };
}

function response(): StatsResponse {
  const months = Array.from({ length: 12 }, (_unused, index) => ({
    ...period(0, '0.00'),
    month: index + 1,
  }));
  months[0] = { ...period(3, '0.30', 1, '0.10'), month: 1 };
  months[10] = {
    ...period(2, '0.20'),
    notifications: { ...zero, rc: 1, ns: 1 },
    month: 11,
  };
  return {
    stats: {
      ...period(5, '0.50', 1, '0.10'),
      notifications: { ...zero, rc: 1, ns: 1 },
    },
    // The API's order is not the chart's: the mapping goes by `month`.
    months: [...months].reverse(),
  };
}

describe('monthlyStatistics', () => {
  it('lays out every series January to December', () => {
    const data = monthlyStatistics(response());
    expect(data.months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(data.customerCounts).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]);
    expect(data.supplierCounts).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(data.notifications.rc).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(data.notifications.ns[10]).toBe(1);
    expect(data.notifications.at.every((count) => count === 0)).toBe(true);
    expect(data.isEmpty).toBe(false);
  });

  it('keeps the exact cost strings next to the plotted values', () => {
    const data = monthlyStatistics(response());
    expect(data.customerCosts[0]).toEqual({ exact: '0.30', plotted: 0.3 });
    expect(data.supplierCosts[0]).toEqual({ exact: '0.10', plotted: 0.1 });
    // Totals come from the API, which sums in decimal: 0.1 + 0.2 + ... never drifts.
    expect(data.totals.customer_invoices.cost).toBe('0.50');
  });

  it('fills missing months with zeros and reports an empty year', () => {
    const empty: StatsResponse = { stats: period(0, '0.00'), months: [] as never };
    const data = monthlyStatistics(empty);
    expect(data.customerCosts).toHaveLength(12);
    expect(data.customerCosts[5]).toEqual({ exact: '0.00', plotted: 0 });
    expect(data.isEmpty).toBe(true);
  });

  it('counts every notification type in the total', () => {
    expect(notificationTotal({ at: 1, dt: 2, mc: 3, ne: 4, ns: 5, rc: 6 })).toBe(21);
  });
});

describe('statisticsYears', () => {
  it('goes from the current year back to 2020', () => {
    expect(statisticsYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(statisticsYears(2020)).toEqual([2020]);
  });
});
