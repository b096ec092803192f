import { z } from 'zod';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { INT4_MAX, timestampField } from './fields.ts';

/** Decimal amount as a string with 2 decimals (`"120.00"`), never a float. */
export const decimalAmountField = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Item of `GET /api/common/pre-sales`: a purchased credit and its use. */
export const preSaleSchema = z.object({
  uuid: z.uuid(),
  current_credit_purchased: decimalAmountField,
  current_credit_available: decimalAmountField,
  current_credit_purchased_at: timestampField,
  invoices_received: z.number().int().min(0).max(INT4_MAX),
  invoices_sent: z.number().int().min(0).max(INT4_MAX),
});
export type PreSale = z.infer<typeof preSaleSchema>;

/** Item of `GET /api/common/consumptions`: spend per calendar month (Europe/Rome), last 12 months. */
export const consumptionSchema = z.object({
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(1970).max(9999),
  total: decimalAmountField,
});
export type Consumption = z.infer<typeof consumptionSchema>;

export const preSaleListQuerySchema = paginationQuerySchema;
export const consumptionListQuerySchema = paginationQuerySchema;
