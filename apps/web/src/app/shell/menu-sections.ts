/**
 * The sections of each platform's sidebar (spec 2.4), in order, with their subheaders and the
 * roles that hide them. The entries inside come from the screens' declarations (`app/screens.ts`).
 */
import type { NavigationContext } from '../../lib/roles';

export interface MenuSectionDeclaration {
  id: string;
  /** Key in the `shell` namespace; a section without one has no subheader. */
  subheaderKey?: string;
  /** Hides the subheader (not the items) for these roles. */
  subheaderDeny?: readonly string[];
  /** Hides the whole section unless the user holds one of these roles. */
  allow?: readonly string[];
}

function titled(id: string, rules: Partial<MenuSectionDeclaration> = {}): MenuSectionDeclaration {
  return { id, subheaderKey: `menu.sections.${id}`, ...rules };
}

/** Belgium's Peppol has no orders or despatch advices yet. */
const peppolBelgiumSections = [{ id: 'home' }, titled('invoices'), titled('creditNotes')];
const peppolSections = [...peppolBelgiumSections, titled('orders'), titled('despatchAdvices')];

export const menuSections: Record<NavigationContext, readonly MenuSectionDeclaration[]> = {
  it: [
    { id: 'home' },
    titled('integration'),
    titled('invoices', {
      subheaderDeny: ['ROLE_INVOICING_SUPPLIER_ONLY', 'ROLE_INVOICING_CUSTOMER_ONLY'],
    }),
    titled('smartReceipts', { allow: ['ROLE_RECEIPTS'] }),
    titled('nso'),
    titled('archive'),
    titled('utility'),
  ],
  peppol: peppolSections,
  peppol_be: peppolBelgiumSections,
  pl: [{ id: 'home' }],
  ob: [{ id: 'home' }],
};
