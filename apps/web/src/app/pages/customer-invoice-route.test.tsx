/**
 * Issue 36: the customer invoice list composes open banking's payment request into the invoice
 * details: asked from the info tab, kept in the address, sent with the invoice.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../lib/auth';
import { fakeToken } from '../../test/fake-token';
import {
  invoicesHandlers,
  partlyPaidInvoice,
  reconciledInvoices,
  sampleInvoice,
} from '../../test/handlers/invoices';
import { sampleObCurrentAccount } from '../../test/handlers/ob';
import { renderRoutes, type TestLanguage } from '../../test/render-with-providers';
import { sentRequests, server } from '../../test/server';
import CustomerInvoiceRoute from './customer-invoice-route';

beforeEach(() => {
  localStorage.clear();
  signIn(fakeToken({ it: ['ROLE_INVOICING'], ob: ['ROLE_OB'], common: ['ROLE_USER'] }));
  server.use(...invoicesHandlers(reconciledInvoices));
});

afterEach(() => clearSession());

const details = `/customer-invoice?dialogId=invoice&dialog_uuid=${partlyPaidInvoice.uuid}&dialog_tab=info`;

function renderRoute(route = details, language: TestLanguage = 'en') {
  return renderRoutes([{ path: '/customer-invoice', element: <CustomerInvoiceRoute /> }], {
    route,
    namespaces: ['invoices', 'listKit', 'invoiceCreate', 'invoiceImports'],
    language,
  });
}

describe('a payment request from the customer invoice details', () => {
  it('opens in place of the details, sends the invoice and shows the payer link', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute();
    const invoice = await screen.findByRole('dialog', { name: /FT-43/ });
    await user.click(await within(invoice).findByRole('button', { name: 'Request payment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Request payment of invoice FT-43' });
    expect(new URLSearchParams(router.state.location.search).get('paymentRequest')).toBe(
      partlyPaidInvoice.uuid,
    );
    // The details step aside until the request closes.
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    expect(await within(dialog).findByRole('textbox', { name: /Amount/ })).toHaveValue('500.00');
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue(
      'Fattura FT-43',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Link' })).toBeVisible();
    expect(sentRequests({ method: 'POST' })[0]).toMatchObject({
      path: '/api/ob/payments/receive/sepa',
      body: {
        accountUuid: sampleObCurrentAccount.uuid,
        amount: '500.00',
        description: 'Fattura FT-43',
        invoiceUuid: partlyPaidInvoice.uuid,
      },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: /FT-43/ })).toBeVisible();
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).has('paymentRequest')).toBe(false),
    );
  });

  it('reopens from the address, in Polish', async () => {
    await renderRoute(`${details}&paymentRequest=${partlyPaidInvoice.uuid}`, 'pl');
    const dialog = await screen.findByRole('dialog', { name: 'Poproś o zapłatę faktury FT-43' });
    expect(await within(dialog).findByRole('textbox', { name: /Kwota/ })).toHaveValue('500.00');
  });

  it('is not opened for a user without open banking, nor for an invoice paid in full', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
    const first = await renderRoute(`${details}&paymentRequest=${partlyPaidInvoice.uuid}`);
    expect(await screen.findByRole('dialog', { name: /FT-43/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
    first.unmount();

    signIn(fakeToken({ it: ['ROLE_INVOICING'], ob: ['ROLE_OB'], common: ['ROLE_USER'] }));
    const paid = sampleInvoice.uuid;
    const { router } = await renderRoute(
      `/customer-invoice?dialogId=invoice&dialog_uuid=${paid}&paymentRequest=${paid}`,
    );
    expect(await screen.findByRole('dialog', { name: /FT-42/ })).toBeVisible();
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).has('paymentRequest')).toBe(false),
    );
  });
});
