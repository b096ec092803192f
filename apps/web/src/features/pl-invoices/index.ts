/**
 * The Polish invoices (spec 2 "Polish area"): the outgoing and incoming lists, the signed-in
 * invoice page and the public invoice page, all declared in `routes.ts`. What `app/` may read:
 * the lists' table keys.
 */
export { invoicesTableKey } from './model/invoice-filters';
