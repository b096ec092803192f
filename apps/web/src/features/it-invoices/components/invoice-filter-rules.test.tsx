/** Spec 5's filter rules on the invoice list, as the user meets them while typing. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { sampleInvoice } from '../../../test/handlers/invoices';
import { renderRoutes } from '../../../test/render-with-providers';
import { INVOICE_TABLE_KEYS, InvoiceListPage } from './invoice-list-page';

beforeEach(() => {
  localStorage.clear();
  signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
});

afterEach(() => clearSession());

const routes = [{ path: '/customer-invoice', element: <InvoiceListPage direction={0} /> }];
const namespaces = ['common', 'invoices', 'listKit'];

describe('invoice filter rules (spec 5)', () => {
  it('a typed uuid disables the other filters at once, before Search', async () => {
    const user = userEvent.setup();
    await renderRoutes(routes, '/customer-invoice', namespaces);
    const number = await screen.findByRole('textbox', { name: 'Invoice number' });
    const sender = screen.getByRole('textbox', { name: 'Sender business name' });
    expect(number).toBeEnabled();
    expect(sender).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'UUID' }), sampleInvoice.uuid);
    expect(number).toBeDisabled();
    expect(sender).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'UUID' }));
    expect(sender).toBeEnabled();
  });

  it("the invoice number is disabled as soon as 'No dates' is chosen", async () => {
    const user = userEvent.setup();
    await renderRoutes(routes, '/customer-invoice', namespaces);
    const number = await screen.findByRole('textbox', { name: 'Invoice number' });
    expect(number).toBeEnabled();
    await user.click(screen.getAllByRole('button', { name: 'Presets' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'No dates' }));
    expect(number).toBeDisabled();
  });

  it('a uuid filter is not kept for the next visit', async () => {
    const first = await renderRoutes(
      routes,
      `/customer-invoice?invoiceDate[after]=&invoiceDate[before]=&uuid=${sampleInvoice.uuid}`,
      namespaces,
    );
    expect(await screen.findByRole('textbox', { name: 'UUID' })).toHaveValue(sampleInvoice.uuid);
    await waitFor(() => expect(screen.getByText('FT-42')).toBeInTheDocument());
    expect(
      localStorage.getItem(`fiscus.listKit.query.${INVOICE_TABLE_KEYS[0]}`) ?? '',
    ).not.toContain('uuid');
    first.unmount();
    await renderRoutes(routes, '/customer-invoice', namespaces);
    expect(await screen.findByRole('textbox', { name: 'Invoice number' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'UUID' })).toHaveValue('');
  });
});
