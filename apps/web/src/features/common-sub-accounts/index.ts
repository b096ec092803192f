/** The sub-accounts screen (`/settings/sub-accounts`); its route is declared in `routes.ts`. */
export { default as SubAccountsPage } from './components/sub-accounts-page';
export { SUB_ACCOUNTS_TABLE_KEY } from './components/sub-account-list';
