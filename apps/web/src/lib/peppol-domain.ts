/**
 * The two Peppol menus of the console and the API domain each one calls (account spec 2.1):
 * Italy's Peppol (context `peppol`, paths under `/peppol`, API `/api/peppol/it`) and Belgium's
 * (context `peppol_be`, paths under `/peppol-be`, API `/api/peppol/be`). A Peppol screen is
 * declared once per menu and reads its domain from its path.
 */
import type { NavigationContext } from './roles';

export type PeppolDomain = 'it' | 'be';

export const PEPPOL_PATH_PREFIX: Record<PeppolDomain, string> = {
  it: '/peppol',
  be: '/peppol-be',
};

export const PEPPOL_CONTEXT: Record<PeppolDomain, NavigationContext> = {
  it: 'peppol',
  be: 'peppol_be',
};

/** The domain of a console path: Belgium's under `/peppol-be`, Italy's otherwise. */
export function peppolDomainOfPath(pathname: string): PeppolDomain {
  return pathname === PEPPOL_PATH_PREFIX.be || pathname.startsWith(`${PEPPOL_PATH_PREFIX.be}/`)
    ? 'be'
    : 'it';
}

/** A path of the Peppol API (service `peppol`) in a domain: `/it/legal-entities`. */
export function peppolApiPath(domain: PeppolDomain, path: string): string {
  return `/${domain}${path.startsWith('/') ? path : `/${path}`}`;
}
