/** The drafts page (`/invoice-drafts`), composed by `app/` with the invoice list's URL. */
export { DraftsPage, DRAFTS_TABLE_KEY, DRAFT_DIALOG_ID } from './components/drafts-page';
export type { DraftsPageProps } from './components/drafts-page';
