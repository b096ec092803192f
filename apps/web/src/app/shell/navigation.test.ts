import { describe, expect, it } from 'vitest';
import type { RolesMap } from '../../lib/auth';
import { accessFor } from '../../lib/roles';
import { testRuntimeConfig } from '../../test/test-runtime-config';
import { activeItemId, visibleMenu } from './navigation';
import type { NavigationContext } from '../../lib/roles';

const italyRoles = [
  'ROLE_CONFIG',
  'ROLE_CONFIG_BRC',
  'ROLE_SHOW_STATS',
  'ROLE_INVOICING',
  'ROLE_INVOICING_DRAFT',
  'ROLE_FIX_INVOICE',
  'ROLE_RECEIPTS',
  'ROLE_INVOICING_DOWNLOAD',
  'ROLE_INVOICING_RECOVER',
];

function menuOf(roles: RolesMap, context: NavigationContext = 'it') {
  const sections = visibleMenu(context, accessFor(roles, testRuntimeConfig.platformKeys));
  return {
    items: sections.flatMap((section) => section.items.map((entry) => entry.id)),
    subheaders: sections.filter((section) => section.showSubheader).map((section) => section.id),
  };
}

describe('visibleMenu (Italy)', () => {
  it('shows everything to the full Italian business', () => {
    const { items, subheaders } = menuOf({
      it: italyRoles,
      common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
      preservation: ['ROLE_USER'],
    });
    expect(items).toEqual(
      expect.arrayContaining([
        'dashboard',
        'apiConfigurations',
        'businessRegistry',
        'customerInvoices',
        'supplierInvoices',
        'invoiceDrafts',
        'smartReceiptsSale',
        'preservation',
        'expenses',
        'apiDocs',
      ]),
    );
    expect(items).not.toContain('dashboardStats');
    expect(subheaders).toContain('invoices');
  });

  it('hides customer invoices, transfers, drafts and the invoices subheader for supplier-only', () => {
    const { items, subheaders } = menuOf({
      it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'],
    });
    expect(items).toContain('supplierInvoices');
    expect(items).not.toContain('customerInvoices');
    expect(items).not.toContain('invoiceTransfers');
    expect(items).not.toContain('invoiceDrafts');
    expect(subheaders).not.toContain('invoices');
  });

  it('hides supplier invoices and the invoices subheader for customer-only', () => {
    const { items, subheaders } = menuOf({
      it: ['ROLE_INVOICING', 'ROLE_INVOICING_CUSTOMER_ONLY'],
    });
    expect(items).toContain('customerInvoices');
    expect(items).toContain('invoiceDrafts');
    expect(items).not.toContain('supplierInvoices');
    expect(subheaders).not.toContain('invoices');
  });

  it('needs the right roles for configuration, receipts, drafts and preservation', () => {
    const { items } = menuOf({ it: ['ROLE_CONFIG_BRC'] });
    expect(items).toContain('businessRegistry');
    expect(items).not.toContain('apiConfigurations');
    expect(items).not.toContain('smartReceiptsSale');
    expect(items).not.toContain('invoiceDrafts');
    expect(items).not.toContain('preservation');
  });

  it('restricts a sub-account to its fixed list, dashboard only with ROLE_SHOW_STATS', () => {
    const withStats = menuOf({
      common: ['ROLE_SUB_ACCOUNT'],
      it: ['ROLE_INVOICING', 'ROLE_SHOW_STATS', 'ROLE_CONFIG'],
      preservation: ['ROLE_USER'],
    });
    expect(withStats.items).toEqual([
      'dashboardStats',
      'customerInvoices',
      'supplierInvoices',
      'invoiceDrafts',
      'preservation',
    ]);
    const withoutStats = menuOf({ common: ['ROLE_SUB_ACCOUNT'], it: ['ROLE_INVOICING'] });
    expect(withoutStats.items).toEqual(['customerInvoices', 'supplierInvoices', 'invoiceDrafts']);
  });

  it('keeps a stripe account menu unchanged by stripe roles alone', () => {
    const { items } = menuOf({ it: ['ROLE_INVOICING'], stripe: ['ROLE_WRITER'] });
    expect(items).toContain('customerInvoices');
  });
});

describe('visibleMenu (other platforms)', () => {
  it('gives each platform its own entries', () => {
    expect(menuOf({ pl: ['ROLE_USER'] }, 'pl').items).toEqual([
      'legalEntities',
      'plWebhooks',
      'outgoingInvoices',
      'incomingInvoices',
    ]);
    expect(menuOf({ ob: ['ROLE_USER'] }, 'ob').items).toEqual([
      'obWebhooks',
      'obBusinessRegistry',
      'transactions',
      'payments',
    ]);
    const belgium = menuOf({ peppol: ['ROLE_USER'] }, 'peppol_be').items;
    expect(belgium).toContain('outgoingCreditNotes');
    expect(belgium).not.toContain('incomingOrders');
    expect(menuOf({ peppol: ['ROLE_USER'] }, 'peppol').items).toContain('outgoingDespatchAdvices');
  });
});

describe('activeItemId', () => {
  it('matches the path and prefers the last clicked item among equal paths', () => {
    const sections = visibleMenu(
      'it',
      accessFor({ it: italyRoles }, testRuntimeConfig.platformKeys),
    );
    expect(activeItemId(sections, '/customer-invoice/abc/fix', null)).toBe('customerInvoices');
    expect(activeItemId(sections, '/profile', 'dashboard')).toBeNull();
    expect(activeItemId(sections, '/dashboard', null)).toBe('dashboard');
  });
});
