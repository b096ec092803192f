export * from './users.ts';
export * from './pre-sales.ts';
export * from './platform.ts';
export * from './it-invoices.ts';
export * from './it-integrations.ts';
export * from './it-tax-portal.ts';
export * from './it-jobs.ts';
export * from './it-transfers.ts';
