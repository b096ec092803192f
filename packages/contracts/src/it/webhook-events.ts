/**
 * Events an Italian api-configuration (webhook) can subscribe to, as the real provider names them
 * (account spec 5). Shared by the API (dispatch, validation) and the console (event select).
 */
export const webhookEvents = [
  'supplier-invoice',
  'customer-invoice',
  'customer-notification',
  'invoice-status-quarantena',
  'invoice-status-invoice-error',
  'legal-storage-missing-vat',
  'legal-storage-receipt',
  'receipt',
  'receipt-error',
  'sistemats-receipt-ready',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
