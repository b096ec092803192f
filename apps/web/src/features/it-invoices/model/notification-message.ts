import type { Invoice, InvoiceNotification } from '@fiscus/contracts';

/** One entry of an NS notification's error list (SDI's own field names). */
export interface SdiError {
  Codice: string;
  Descrizione: string;
  Suggerimento: string;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The errors an NS lists; tolerant of the `{ Errore: [...] }` wrapping SDI's XML has. */
export function sdiErrors(notification: Pick<InvoiceNotification, 'message'>): SdiError[] {
  let list: unknown = notification.message.lista_errori;
  if (list && typeof list === 'object' && !Array.isArray(list) && 'Errore' in list) {
    list = (list as { Errore: unknown }).Errore;
  }
  const entries = Array.isArray(list) ? (list as unknown[]) : list ? [list] : [];
  return entries.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const record = entry as Record<string, unknown>;
    return [
      {
        Codice: textOf(record.Codice),
        Descrizione: textOf(record.Descrizione),
        Suggerimento: textOf(record.Suggerimento),
      },
    ];
  });
}

/** A text field of the notification message ('' when absent). */
export function messageText(notification: InvoiceNotification, key: string): string {
  return textOf(notification.message[key]);
}

/** A `{ codice/esito, descrizione }` block of the message as one line. */
export function messagePair(notification: InvoiceNotification, key: string): string {
  const value = notification.message[key];
  if (!value || typeof value !== 'object') return '';
  return Object.values(value as Record<string, unknown>)
    .map(textOf)
    .filter((part) => part !== '')
    .join(' – ');
}

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
