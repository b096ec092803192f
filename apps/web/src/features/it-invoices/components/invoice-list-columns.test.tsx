import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveColumnChoices } from '../../../components/list-kit/column-preferences';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { sampleInvoice } from '../../../test/handlers/invoices';
import { renderRoutes } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import { INVOICE_TABLE_KEYS, InvoiceListPage } from './invoice-list-page';

const { uuid } = sampleInvoice;

beforeEach(() => {
  localStorage.clear();
  signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
});

afterEach(() => clearSession());

const routes = [{ path: '/customer-invoice', element: <InvoiceListPage direction={0} /> }];

describe('InvoiceListPage with the property filter', () => {
  it('asks only for the columns it shows and renders every column from them', async () => {
    await renderRoutes(routes, '/customer-invoice', ['common', 'invoices', 'listKit']);
    const table = await screen.findByRole('table', { name: 'Customer invoices' });
    const row = (await within(table).findByText('FT-42')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('ACME SRL')).toBeVisible();
    expect(within(row).getByText('ROSSI SPA')).toBeVisible();
    expect(within(row).getByText(/1,220\.50/)).toBeVisible();
    expect(within(row).getByText('Delivered')).toBeVisible();
    expect(row).not.toHaveTextContent('undefined');

    const asked = sentRequests({ path: '/api/it/invoices' }).at(-1)?.query.getAll('properties[]');
    expect(asked).toEqual(expect.arrayContaining(['uuid', 'invoiceNumber', 'marking']));
    expect(asked).not.toContain('payload');
    expect(asked).not.toContain('notifications');
  });

  it('shows every hidden column too when the user has turned them on', async () => {
    const hidden = ['document_type', 'senderVatNumber', 'recipientVatNumber', 'to_pa', 'signed'];
    const more = ['transmission_format', 'sdi_file_id', 'sdi_file_name', 'uuid'];
    saveColumnChoices(
      INVOICE_TABLE_KEYS[0],
      Object.fromEntries([...hidden, ...more].map((id) => [id, true])),
    );
    await renderRoutes(routes, '/customer-invoice', ['common', 'invoices', 'listKit']);
    const table = await screen.findByRole('table', { name: 'Customer invoices' });
    await within(table).findByText('FT-42');
    for (const text of [
      'IT01234567897',
      'TD01',
      'FPR12',
      '12345',
      'IT01234567890_00001.xml',
      uuid,
    ]) {
      expect(within(table).getByText(text)).toBeVisible();
    }
    expect(table).not.toHaveTextContent('undefined');
  });

  it('opens the details from the item route: the JSON and attachments come from the document', async () => {
    const user = userEvent.setup();
    await renderRoutes(routes, '/customer-invoice', ['common', 'invoices', 'listKit']);
    await user.click(await screen.findByRole('link', { name: 'FT-42' }));

    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    await waitFor(() =>
      expect(sentRequests({ path: `/api/it/invoices/${uuid}` })).not.toHaveLength(0),
    );
    await user.click(within(dialog).getByRole('tab', { name: 'JSON' }));
    expect(await within(dialog).findByText(/PRG-77/)).toBeVisible();
    await user.click(within(dialog).getByRole('tab', { name: 'Attachments' }));
    expect(await within(dialog).findByText('terms.pdf')).toBeVisible();
  });
});
