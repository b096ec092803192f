import type { InvoiceMarking, NotificationType, PreservationStatus } from '@fiscus/contracts';

/**
 * Badge colours of spec 4 "Invoice marking". `orange` and `green` are the spec's own words for
 * retry and ready (receipt states) and stay distinct from warning/success on purpose; `gray`
 * and `blue` likewise. Markings the spec leaves out (waiting, sent, …) are neutral.
 */
export type BadgeColor =
  'success' | 'warning' | 'error' | 'primary' | 'gray' | 'blue' | 'orange' | 'green' | 'neutral';

const MARKING_COLORS: Partial<Record<string, BadgeColor>> = {
  delivered: 'success',
  received: 'success',
  'accepted-pa': 'success',
  new: 'success',
  sale: 'success',
  'not-delivered': 'warning',
  rejected: 'warning',
  'rejected-pa': 'warning',
  'draft-blocked': 'warning',
  quarantena: 'error',
  'invoice-error': 'error',
  failed: 'error',
  void: 'gray',
  voided: 'gray',
  return: 'blue',
  submitted: 'blue',
  retry: 'orange',
  ready: 'green',
};

export function markingColor(marking: InvoiceMarking | string): BadgeColor {
  return MARKING_COLORS[marking] ?? 'neutral';
}

/** Notification colours: RC green, MC orange, NS red, others neutral (spec 4). */
export function notificationColor(type: NotificationType | string): BadgeColor {
  switch (type) {
    case 'RC':
      return 'green';
    case 'MC':
      return 'orange';
    case 'NS':
      return 'error';
    default:
      return 'neutral';
  }
}

/** Preservation: to_be_stored primary, sent warning, stored success, anything else error. */
export function preservationColor(status: PreservationStatus | string): BadgeColor {
  switch (status) {
    case 'to_be_stored':
      return 'primary';
    case 'sent':
      return 'warning';
    case 'stored':
      return 'success';
    default:
      return 'error';
  }
}
