/**
 * The credit-note dialog as the lists mount it: its code (the whole invoice form) loads when it
 * opens, or ahead when the list is idle (`CreditNoteDialog.preload()`).
 */
import { lazyPart } from '../../../lib/lazy-part';
import { CREATE_DIALOG_NAMESPACES } from './new-invoice-button';

export const CreditNoteDialog = lazyPart(
  () => import('./credit-note-dialog').then((module) => module.CreditNoteDialog),
  CREATE_DIALOG_NAMESPACES,
);
