import { describe, expect, it } from 'vitest';
import { consumptionSeries, currentPreSale } from './consumption-series';

describe('consumptionSeries', () => {
  it('orders months oldest first across years and keeps the last 12', () => {
    const items = Array.from({ length: 14 }, (_, index) => ({
      year: 2025 + Math.floor(index / 12),
      month: (index % 12) + 1,
      total: `${index}.00`,
    })).reverse();
    const series = consumptionSeries(items);
    expect(series).toHaveLength(12);
    expect(series[0]).toMatchObject({ year: 2025, month: 3 });
    expect(series.at(-1)).toMatchObject({ year: 2026, month: 2 });
  });
});

describe('currentPreSale', () => {
  it('picks the most recently purchased credit', () => {
    const base = {
      current_credit_purchased: '100.00',
      current_credit_available: '10.00',
      invoices_received: 0,
      invoices_sent: 0,
    };
    const latest = currentPreSale([
      { ...base, uuid: 'a', current_credit_purchased_at: '2026-01-01T00:00:00.000Z' },
      { ...base, uuid: 'b', current_credit_purchased_at: '2026-03-01T00:00:00.000Z' },
    ]);
    expect(latest?.uuid).toBe('b');
    expect(currentPreSale([])).toBeNull();
  });
});
