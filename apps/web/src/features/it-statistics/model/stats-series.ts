import type { StatsResponse } from '@fiscus/contracts';
import { toMinorUnits } from '../../../lib/decimal-amount';

/** Spec 9: the year selector goes from the current year down to 2020. */
export const FIRST_STATISTICS_YEAR = 2020;

/** Notification types in the order the charts show them (SDI's usual sequence). */
export const NOTIFICATION_TYPES = ['rc', 'mc', 'ns', 'ne', 'dt', 'at'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function statisticsYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = currentYear; year >= FIRST_STATISTICS_YEAR; year -= 1) years.push(year);
  return years;
}

/** A cost as the API sent it (exact string) and as a number the chart can draw. */
export interface ChartAmount {
  exact: string;
  /** Euros as a float, for bar heights only; labels and totals always use `exact`. */
  plotted: number;
}

function chartAmount(cost: string): ChartAmount {
  // Via integer cents: the bar height is derived from the exact value, never summed as floats.
  const cents = toMinorUnits(cost) ?? 0n;
  return { exact: cost, plotted: Number(cents) / 100 };
}

export interface MonthlyStatistics {
  /** 1..12, in order, whatever order the API used. */
  months: number[];
  customerCounts: number[];
  supplierCounts: number[];
  customerCosts: ChartAmount[];
  supplierCosts: ChartAmount[];
  notifications: Record<NotificationType, number[]>;
  totals: StatsResponse['stats'];
  /** Nothing happened in the year: the charts show an empty state instead of flat bars. */
  isEmpty: boolean;
}

/** Turns `GET /invoices/stats/{year}` into one series per chart, month by month. */
export function monthlyStatistics(response: StatsResponse): MonthlyStatistics {
  const byMonth = new Map(response.months.map((period) => [period.month, period]));
  const months = Array.from({ length: 12 }, (_unused, index) => index + 1);
  const periods = months.map((month) => byMonth.get(month));
  const notifications = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      periods.map((period) => period?.notifications[type] ?? 0),
    ]),
  ) as Record<NotificationType, number[]>;
  const totals = response.stats;
  const isEmpty =
    totals.customer_invoices.count === 0 &&
    totals.supplier_invoice.count === 0 &&
    NOTIFICATION_TYPES.every((type) => totals.notifications[type] === 0);
  return {
    months,
    customerCounts: periods.map((period) => period?.customer_invoices.count ?? 0),
    supplierCounts: periods.map((period) => period?.supplier_invoice.count ?? 0),
    customerCosts: periods.map((period) => chartAmount(period?.customer_invoices.cost ?? '0.00')),
    supplierCosts: periods.map((period) => chartAmount(period?.supplier_invoice.cost ?? '0.00')),
    notifications,
    totals,
    isEmpty,
  };
}

/** Total notifications of a period. */
export function notificationTotal(notifications: Record<NotificationType, number>): number {
  return NOTIFICATION_TYPES.reduce((sum, type) => sum + notifications[type], 0);
}
