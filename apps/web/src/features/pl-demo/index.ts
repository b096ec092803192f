/** The Polish demo (`/pl/invoices/demo`), declared in `routes.ts`; nothing for `app/` to compose. */
export {};
