import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plConfirmedInvoice } from '../../../test/handlers/pl-invoices';
import { renderRoutes } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import InvoicePages from './invoice-pages';

const routes = [
  { path: '/gov-pl/invoices/:invoiceUuid', element: <InvoicePages /> },
  { path: '/gov-pl/public-invoices/:invoiceUuid', element: <InvoicePages /> },
];
const namespaces = ['plInvoiceView', 'plPublicInvoice'];

describe('the invoice pages’ module', () => {
  it('shows the signed-in page with the account’s access', async () => {
    await renderRoutes(routes, {
      route: `/gov-pl/invoices/${plConfirmedInvoice.uuid}`,
      namespaces,
    });
    expect(
      await screen.findByRole('heading', { name: 'Invoice FV/2026/11/001' }),
    ).toBeInTheDocument();
  });

  it('asks for an access code on the public page, before anything about the invoice is read', async () => {
    await renderRoutes(routes, {
      route: `/gov-pl/public-invoices/${plConfirmedInvoice.uuid}`,
      namespaces,
    });
    expect(
      await screen.findByRole('button', { name: 'Wyślij mi kod dostępu' }),
    ).toBeInTheDocument();
    expect(
      sentRequests({ method: 'GET' }).filter((entry) => entry.path.startsWith('/api/pl')),
    ).toEqual([]);
  });
});
