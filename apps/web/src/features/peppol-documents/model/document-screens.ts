/**
 * The Peppol document lists (account spec 2.1, 2.13): one screen per menu (Italy's `/peppol`,
 * Belgium's `/peppol-be`), kind and direction, `/peppol/incoming-invoices` to
 * `/peppol/outgoing-despatch-advices`; Belgium carries invoices and credit notes only. A path
 * names its screen; the screen names the API collection it lists.
 */
import { PEPPOL_PATH_PREFIX, type PeppolDomain } from '../../../lib/peppol-domain';

export const documentKinds = [
  'invoice',
  'credit-note',
  'order',
  'order-response',
  'despatch-advice',
] as const;
export type DocumentKind = (typeof documentKinds)[number];
export type DocumentDirection = 'incoming' | 'outgoing';

/** The API collection and the path word of each kind (provider section 5). */
export const COLLECTION_OF_KIND: Record<DocumentKind, string> = {
  invoice: 'invoices',
  'credit-note': 'credit-notes',
  order: 'orders',
  'order-response': 'order-responses',
  'despatch-advice': 'despatch-advices',
};

const BELGIAN_KINDS: readonly DocumentKind[] = ['invoice', 'credit-note'];

export interface DocumentScreen {
  domain: PeppolDomain;
  /** Italy's NSO lists (the Italian menu): the Italian domain's NSO orders and responses. */
  nso?: boolean;
  kind: DocumentKind;
  direction: DocumentDirection;
  /** `/peppol/incoming-invoices`. */
  path: string;
}

/** The kinds a domain's menu lists. */
export function kindsOf(domain: PeppolDomain): readonly DocumentKind[] {
  return domain === 'be' ? BELGIAN_KINDS : documentKinds;
}

/** Italy's NSO lists (account spec 2.1: incoming-orders … outgoing-order-responses). */
function nsoScreens(): DocumentScreen[] {
  return (['order', 'order-response'] as const).flatMap((kind) =>
    (['incoming', 'outgoing'] as const).map((direction) => ({
      domain: 'it' as const,
      nso: true,
      kind,
      direction,
      path: `/${direction}-${COLLECTION_OF_KIND[kind]}`,
    })),
  );
}

/** Every document screen of both Peppol menus, and Italy's NSO lists. */
export function documentScreens(): DocumentScreen[] {
  const peppol = (['it', 'be'] as const).flatMap((domain) =>
    kindsOf(domain).flatMap((kind) =>
      (['incoming', 'outgoing'] as const).map((direction) => ({
        domain,
        kind,
        direction,
        path: `${PEPPOL_PATH_PREFIX[domain]}/${direction}-${COLLECTION_OF_KIND[kind]}`,
      })),
    ),
  );
  return [...peppol, ...nsoScreens()];
}

/** The screen of a console path, or undefined. */
export function documentScreenOf(pathname: string): DocumentScreen | undefined {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  const path = pathname.slice(0, end);
  return documentScreens().find((screen) => screen.path === path);
}

/** The table key of a screen's kept filters and columns (never rename it). */
export function documentsTableKey(
  screen: Pick<DocumentScreen, 'domain' | 'kind' | 'direction' | 'nso'>,
) {
  const base = `${screen.domain}-${screen.direction}-${COLLECTION_OF_KIND[screen.kind]}`;
  return screen.nso ? `nso-${base}` : `peppol-${base}`;
}
