/** The credit alerts screen (`/settings/pre-sale-actions`); its route is declared in `routes.ts`. */
export {
  default as PreSaleActionsPage,
  PRE_SALE_ACTIONS_TABLE_KEY,
} from './components/pre-sale-actions-page';
