import type { InvoiceNotification } from '@fiscus/contracts';

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
