/**
 * Issue 36: what bank transactions paid of a customer invoice, in the list (the Paid column and
 * filter) and in the details dialog.
 */
import type { Invoice } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import {
  invoicesHandlers,
  partlyPaidInvoice,
  reconciledInvoices,
  sampleInvoice,
  unpaidInvoice,
} from '../../../test/handlers/invoices';
import {
  renderRoutes,
  renderWithProviders,
  type TestLanguage,
} from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoiceListPage } from './invoice-list-page';

const invoicing = { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] };

beforeEach(() => {
  localStorage.clear();
  signIn(fakeToken(invoicing));
  server.use(...invoicesHandlers(reconciledInvoices));
});

afterEach(() => clearSession());

const routes = [
  { path: '/customer-invoice', element: <InvoiceListPage direction={0} /> },
  { path: '/supplier-invoice', element: <InvoiceListPage direction={1} /> },
];
const namespaces = ['common', 'invoices', 'listKit'];

function renderList(path = '/customer-invoice', language: TestLanguage = 'en') {
  return renderRoutes(routes, { route: path, namespaces, language });
}

async function rowOf(table: HTMLElement, number: string) {
  const row = (await within(table).findByText(number)).closest('tr');
  if (!row) throw new Error(`no row ${number}`);
  return row;
}

/** The cell of `row` under the column headed `header`. */
function cellOf(table: HTMLElement, row: HTMLElement, header: string) {
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((cell) => cell.textContent === header);
  if (index < 0) throw new Error(`no column ${header}`);
  const cell = within(row).getAllByRole('cell')[index];
  if (!cell) throw new Error(`no cell under ${header}`);
  return cell;
}

describe('the Paid column of the customer invoice list', () => {
  it('shows paid with its day, partly paid with the amounts, and nothing for an unpaid invoice', async () => {
    await renderList();
    const table = await screen.findByRole('table', { name: 'Customer invoices' });
    expect(within(table).getByRole('columnheader', { name: 'Paid' })).toBeVisible();

    const paid = cellOf(table, await rowOf(table, 'FT-42'), 'Paid');
    expect(within(paid).getByText('Paid')).toBeVisible();
    expect(paid).toHaveTextContent('20 Mar 2026');

    const partly = cellOf(table, await rowOf(table, 'FT-43'), 'Paid');
    expect(within(partly).getByText('Partly paid: €300.00 of €800.00')).toBeVisible();

    expect(cellOf(table, await rowOf(table, 'FT-44'), 'Paid')).toBeEmptyDOMElement();

    const asked = sentRequests({ path: '/api/it/invoices' }).at(-1)?.query.getAll('properties[]');
    expect(asked).toEqual(expect.arrayContaining(['paid', 'paid_amount', 'paid_at']));
  });

  it('speaks Polish', async () => {
    await renderList('/customer-invoice', 'pl');
    const table = await screen.findByRole('table', { name: 'Faktury sprzedaży' });
    expect(within(table).getByRole('columnheader', { name: 'Opłacona' })).toBeVisible();
    const paid = cellOf(table, await rowOf(table, 'FT-42'), 'Opłacona');
    expect(within(paid).getByText('Opłacona')).toBeVisible();
    expect(paid).toHaveTextContent('20 mar 2026');
    const partly = cellOf(table, await rowOf(table, 'FT-43'), 'Opłacona');
    expect(partly).toHaveTextContent(/^Częściowo opłacona: 300,00\s€ z 800,00\s€$/);
    expect(screen.getByRole('combobox', { name: 'Opłacona' })).toBeInTheDocument();
  });

  it('is not on the supplier invoice list, nor is its filter', async () => {
    server.use(...invoicesHandlers([{ ...sampleInvoice, type: 1, marking: 'received' }]));
    await renderList('/supplier-invoice');
    const table = await screen.findByRole('table', { name: 'Supplier invoices' });
    await within(table).findByText('FT-42');
    expect(within(table).queryByRole('columnheader', { name: 'Paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Paid' })).not.toBeInTheDocument();
  });
});

describe('the Paid filter', () => {
  it('offers any, paid and not paid, and sends paid=false to the API and the address', async () => {
    const user = userEvent.setup();
    const { router } = await renderList();
    const table = await screen.findByRole('table', { name: 'Customer invoices' });
    await within(table).findByText('FT-42');

    await user.click(screen.getByRole('combobox', { name: 'Paid' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Any', 'Paid', 'Not paid']);
    await user.click(screen.getByRole('option', { name: 'Not paid' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(within(table).queryByText('FT-42')).not.toBeInTheDocument());
    expect(within(table).getByText('FT-43')).toBeVisible();
    expect(within(table).getByText('FT-44')).toBeVisible();
    expect(sentRequests({ path: '/api/it/invoices' }).at(-1)?.query.get('paid')).toBe('false');
    expect(new URLSearchParams(router.state.location.search).get('paid')).toBe('false');
  });

  it('reads paid=true from the address', async () => {
    await renderList('/customer-invoice?paid=true');
    const table = await screen.findByRole('table', { name: 'Customer invoices' });
    expect(await within(table).findByText('FT-42')).toBeVisible();
    expect(within(table).queryByText('FT-43')).not.toBeInTheDocument();
    expect(sentRequests({ path: '/api/it/invoices' }).at(-1)?.query.get('paid')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Paid' })).toHaveTextContent('Paid');
  });
});

function renderDialog(
  invoice: Invoice,
  language: TestLanguage = 'en',
  onRequestPayment?: (invoice: Invoice) => void,
) {
  server.use(...invoicesHandlers([invoice]));
  const dialog = (
    <InvoiceDetailsDialog
      uuid={invoice.uuid}
      onClose={vi.fn()}
      onRequestPayment={onRequestPayment}
    />
  );
  return renderWithProviders(dialog, {
    route: `/customer-invoice?dialogId=invoice&dialog_uuid=${invoice.uuid}&dialog_tab=info`,
    namespaces: ['invoices', 'listKit'],
    language,
  });
}

describe('the payment in the invoice details', () => {
  it('says when a customer invoice was paid in full', async () => {
    await renderDialog(sampleInvoice);
    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    expect(within(dialog).getByText('Payment')).toBeVisible();
    expect(within(dialog).getByText('Paid on 20 Mar 2026')).toBeVisible();
  });

  it('says how much of it was paid so far, or that nothing was', async () => {
    const first = await renderDialog(partlyPaidInvoice);
    const dialog = await screen.findByRole('dialog', { name: /FT-43/ });
    expect(within(dialog).getByText('Partly paid: €300.00 of €800.00')).toBeVisible();
    first.unmount();
    await renderDialog(unpaidInvoice);
    expect(
      within(await screen.findByRole('dialog', { name: /FT-44/ })).getByText('Not paid yet'),
    ).toBeVisible();
  });

  it('links to the bank transactions only for a user of the open-banking area', async () => {
    const first = await renderDialog(sampleInvoice);
    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    expect(
      within(dialog).queryByRole('link', { name: 'See the bank transactions' }),
    ).not.toBeInTheDocument();
    first.unmount();

    signIn(fakeToken({ ...invoicing, ob: ['ROLE_OB'] }));
    await renderDialog(sampleInvoice);
    const link = within(await screen.findByRole('dialog', { name: /FT-42/ })).getByRole('link', {
      name: 'See the bank transactions',
    });
    expect(link).toHaveAttribute('href', '/openbanking/transactions');
  });

  it('says nothing of payments on a supplier invoice', async () => {
    await renderDialog({ ...unpaidInvoice, type: 1, marking: 'received' });
    const dialog = await screen.findByRole('dialog', { name: /FT-44/ });
    expect(within(dialog).queryByText('Payment')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Not paid yet')).not.toBeInTheDocument();
  });

  it('speaks Italian and Polish', async () => {
    const first = await renderDialog(sampleInvoice, 'it');
    expect(
      within(await screen.findByRole('dialog', { name: /FT-42/ })).getByText(
        'Pagata il 20 mar 2026',
      ),
    ).toBeVisible();
    first.unmount();
    await renderDialog(partlyPaidInvoice, 'pl');
    expect(
      within(await screen.findByRole('dialog', { name: /FT-43/ })).getByText(
        /^Częściowo opłacona: 300,00\s€ z 800,00\s€$/,
      ),
    ).toBeVisible();
  });
});

describe('the payment request of the invoice details', () => {
  const openBanking = { ...invoicing, ob: ['ROLE_OB'] };

  async function requestButton(invoice: Invoice, onRequestPayment = vi.fn()) {
    const shown = await renderDialog(invoice, 'en', onRequestPayment);
    const dialog = await screen.findByRole('dialog', {
      name: new RegExp(invoice.invoiceNumber ?? ''),
    });
    await within(dialog).findByText('Payment');
    const button = within(dialog).queryByRole('button', { name: 'Request payment' });
    shown.unmount();
    return button;
  }

  it('is offered to an open-banking user on a customer invoice not paid in full', async () => {
    signIn(fakeToken(openBanking));
    const onRequestPayment = vi.fn();
    await renderDialog(partlyPaidInvoice, 'en', onRequestPayment);
    const dialog = await screen.findByRole('dialog', { name: /FT-43/ });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Request payment' }));
    expect(onRequestPayment).toHaveBeenCalledWith(
      expect.objectContaining({ uuid: partlyPaidInvoice.uuid }),
    );
  });

  it('is not offered on a paid invoice or a credit note, nor without open banking', async () => {
    signIn(fakeToken(openBanking));
    expect(await requestButton(unpaidInvoice)).not.toBeNull();
    expect(await requestButton(sampleInvoice)).toBeNull();
    expect(await requestButton({ ...unpaidInvoice, document_type: 'TD04' })).toBeNull();
    signIn(fakeToken(invoicing));
    expect(await requestButton(unpaidInvoice)).toBeNull();
  });

  it('speaks Polish', async () => {
    signIn(fakeToken(openBanking));
    await renderDialog(partlyPaidInvoice, 'pl', vi.fn());
    const dialog = await screen.findByRole('dialog', { name: /FT-43/ });
    expect(within(dialog).getByRole('button', { name: 'Poproś o zapłatę' })).toBeVisible();
  });
});
