/** The open-banking payments and transactions screens: declared in `routes.ts`. */
export { default as ObPaymentsPage } from './components/payments-page';
export { default as ObTransactionsPage } from './components/transactions-page';
export { paymentsTableKey, transactionsTableKey } from './model/activity-filters';
