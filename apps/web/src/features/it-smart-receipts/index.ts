/**
 * Smart receipts (`/smart-receipts-sale|return|void`, italian-invoicing spec 2, 3, 5, 7): declared
 * in `routes.ts`.
 */
export { RECEIPT_TABLE_KEYS } from './model/receipt-filters';
