/**
 * `GET /api/it/invoices/stats/{year}`: a year of counts and costs, the same answer for every year
 * and fiscal id (three customer invoices in November).
 */
import type { StatsResponse } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from './http';

const noNotifications = { at: 0, dt: 0, mc: 0, ne: 0, ns: 0, rc: 0 };

function period(count: number, cost: string) {
  return {
    customer_invoices: { count, cost },
    supplier_invoice: { count: 1, cost: '0.10' },
    notifications: { ...noNotifications, rc: count },
  };
}

export const sampleStats: StatsResponse = {
  stats: period(3, '1234.50'),
  months: Array.from({ length: 12 }, (_unused, index) => ({
    ...(index === 10 ? period(3, '1234.50') : period(0, '0.00')),
    month: index + 1,
  })),
};

export function statsHandlers(stats: StatsResponse = sampleStats) {
  return [http.get(apiUrl('it', '/invoices/stats/:year'), () => HttpResponse.json(stats))];
}
