/**
 * The credit and the spend the dashboard reads: `GET /api/common/pre-sales` and
 * `GET /api/common/consumptions`.
 */
import type { Consumption, PreSale } from '@fiscus/contracts';
import { http } from 'msw';
import { apiUrl, hydraCollection } from './http';

/** The demo account's purchased credit. */
export const samplePreSale: PreSale = {
  uuid: '6f1c1f9e-7a43-4a53-9d4f-2f2d8c8e0f11',
  current_credit_purchased: '1500.00',
  current_credit_available: '962.50',
  current_credit_purchased_at: '2026-01-26T03:39:09.696Z',
  invoices_received: 40,
  invoices_sent: 60,
};

/** Two months of spend whose float sum would not be exact (0.1 + 0.2). */
export const sampleConsumptions: Consumption[] = [
  { year: 2026, month: 1, total: '0.10' },
  { year: 2026, month: 2, total: '0.20' },
];

export function dashboardHandlers(
  data: { preSales?: PreSale[]; consumptions?: Consumption[] } = {},
) {
  const preSales = data.preSales ?? [samplePreSale];
  const consumptions = data.consumptions ?? sampleConsumptions;
  return [
    http.get(apiUrl('common', '/pre-sales'), () => hydraCollection(preSales)),
    http.get(apiUrl('common', '/consumptions'), () => hydraCollection(consumptions)),
  ];
}
