/** The invoice transfers screen (`/invoice-transfers`); its route is declared in `routes.ts`. */
export {
  default as InvoiceTransfersPage,
  TRANSFERS_TABLE_KEY,
} from './components/invoice-transfers-page';
