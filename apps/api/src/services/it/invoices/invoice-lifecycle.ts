/**
 * The invoice's markings and what moves them: one table, read by the exchange with SDI (a
 * notification arrives), the imports (an invoice sent elsewhere comes with its notifications)
 * and the lists (drafts apart, duplicates among the files SDI accepted).
 */

/** A draft is an invoice row with one of these markings (see the schema's comment). */
export const DRAFT_MARKINGS = ['draft', 'draft-blocked'] as const;

/** Markings after which SDI holds the invoice as received: a second one is a duplicate (00404). */
export const ACCEPTED_BY_SDI_MARKINGS = [
  'delivered',
  'delivered-pa',
  'not-delivered',
  'accepted-pa',
  'rejected-pa',
  'deadline-terms',
];

/** Markings of a customer invoice SDI has not received yet: its transmission may (re)run. */
export const TO_TRANSMIT_MARKINGS = ['waiting', 'quarantena'];

/** The marking of a customer invoice SDI received and is still checking. */
export const IN_SDI_CHECKS_MARKING = 'sent';

/** The order SDI sends its messages in: the latest one decides an imported invoice's marking. */
export const NOTIFICATION_ORDER = ['AT', 'RC', 'MC', 'NS', 'DT', 'EC', 'NE'] as const;

/**
 * The marking a notification gives a customer invoice: RC delivered (to a public
 * administration: delivered-pa, whose terms now run), NS rejected, MC and AT not delivered, NE or
 * EC the administration's answer (EC02 refuses), DT its terms ran out. Undefined for messages
 * that move nothing (MT, SE).
 */
export function markingAfterNotification(
  type: string,
  format: string,
  esito?: string,
): string | undefined {
  switch (type) {
    case 'RC':
      return format === 'FPA12' ? 'delivered-pa' : 'delivered';
    case 'NS':
      return 'rejected';
    case 'MC':
    case 'AT':
      return 'not-delivered';
    case 'NE':
    case 'EC':
      return esito === 'EC02' ? 'rejected-pa' : 'accepted-pa';
    case 'DT':
      return 'deadline-terms';
    default:
      return undefined;
  }
}

/** The marking of an invoice imported with its notifications (the latest SDI step wins). */
export function markingFromNotifications(
  notifications: ReadonlyMap<string, { esito?: string | undefined }>,
  format: string,
): string {
  let marking = 'sent';
  for (const type of NOTIFICATION_ORDER) {
    const notification = notifications.get(type);
    if (!notification) continue;
    marking = markingAfterNotification(type, format, notification.esito) ?? marking;
  }
  return marking;
}
