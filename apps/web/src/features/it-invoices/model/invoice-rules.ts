import type { Invoice, InvoiceNotification } from '@fiscus/contracts';
import { sdiErrors } from './notification-message';

/** Spec 9: SDI error codes starting with 002, 003 or 004 can be fixed by resending. */
const FIXABLE_CODE = /^00[234]/;

/**
 * Spec 4 "Fix mode", the console's half: a rejected sent invoice whose latest NS lists a fixable
 * error code. The server's `is_fixable` must agree before the fix button shows.
 */
export function isFixableLocally(
  invoice: Pick<Invoice, 'type' | 'marking' | 'archived'>,
  notifications: readonly InvoiceNotification[],
): boolean {
  if (invoice.type !== 0 || invoice.marking !== 'rejected' || invoice.archived) return false;
  const latestNs = [...notifications]
    .filter((notification) => notification.type === 'NS')
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .at(-1);
  return latestNs ? sdiErrors(latestNs).some((error) => FIXABLE_CODE.test(error.Codice)) : false;
}

/** Spec 4 "Credit note mode": offered for sent invoices, never for a credit note (TD04/TD08). */
export function offersCreditNote(invoice: Pick<Invoice, 'type' | 'document_type'>): boolean {
  return invoice.type === 0 && invoice.document_type !== 'TD04' && invoice.document_type !== 'TD08';
}

/**
 * The locale key of an invoice's marking label: a rejected invoice set as solved is archived
 * and says so, in the dialog and in the list.
 */
export function markingLabelKey(invoice: { marking: string; archived?: boolean }): string {
  return invoice.marking === 'rejected' && invoice.archived === true
    ? 'markings.rejectedArchived'
    : `markings.${invoice.marking}`;
}

/** Markings SDI has not settled yet: a screen showing one asks again until it moves (spec 9). */
const TRANSIENT_MARKINGS: ReadonlySet<string> = new Set(['waiting', 'sent', 'quarantena']);

/** How often a screen showing an unsettled marking asks again. */
export const UNSETTLED_POLL_MS = 5_000;

export function isTransientMarking(marking: string | undefined): boolean {
  return marking !== undefined && TRANSIENT_MARKINGS.has(marking);
}

/**
 * The `refetchInterval` of a query holding invoices: poll while any of them is unsettled, stop
 * once all have settled (a sent invoice stays 'sent' only until SDI answers).
 */
export function pollWhileUnsettled(
  invoices: readonly { marking?: string }[] | undefined,
): number | false {
  return invoices?.some((invoice) => isTransientMarking(invoice.marking))
    ? UNSETTLED_POLL_MS
    : false;
}
