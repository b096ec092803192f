/**
 * The console paths of the Polish invoices (spec 2 "Polish area"). Read by `routes.ts`, which
 * the console's entry imports: nothing else may come in with it.
 */
import type { PlDirection } from '@fiscus/contracts';

/** The two lists, by the direction their path names. */
export const INVOICE_LIST_PATHS: Record<PlDirection, string> = {
  outgoing: '/gov-pl/outgoing-invoices',
  incoming: '/gov-pl/incoming-invoices',
};

/** The direction of a console path, or undefined when it is neither list. */
export function directionOfPath(pathname: string): PlDirection | undefined {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  const path = pathname.slice(0, end);
  if (path === INVOICE_LIST_PATHS.outgoing) return 'outgoing';
  if (path === INVOICE_LIST_PATHS.incoming) return 'incoming';
  return undefined;
}

/** The console's own page of an invoice (spec 2: `/gov-pl/invoices/{invoiceUuid}`). */
export function invoicePagePath(uuid: string): string {
  return `/gov-pl/invoices/${encodeURIComponent(uuid)}`;
}

/** The public page of an invoice, where its buyer opens it with an access code. */
export const PUBLIC_INVOICE_PATH = '/gov-pl/public-invoices/:invoiceUuid';
/** The signed-in page of an invoice. */
export const INVOICE_PAGE_PATH = '/gov-pl/invoices/:invoiceUuid';
