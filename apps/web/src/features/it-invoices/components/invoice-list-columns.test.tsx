import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveColumnChoices } from '../../../components/list-kit/column-preferences';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { renderRoutes } from '../../../test/render-with-providers';
import { INVOICE_TABLE_KEYS, InvoiceListPage } from './invoice-list-page';

const uuid = '52711c42-432c-4f1c-a130-68e6fd8597ba';
const payload = {
  fattura_elettronica_header: { dati_trasmissione: { progressivo_invio: 'PRG-77' } },
  fattura_elettronica_body: [
    {
      allegati: [
        { nome_attachment: 'terms.pdf', formato_attachment: 'PDF', attachment: 'JVBERi0xLjQ=' },
      ],
    },
  ],
};
/** The whole record, as `GET /invoices/{uuid}` (and a list without `properties[]`) answers it. */
const invoice: Record<string, unknown> = {
  uuid,
  type: 0,
  created_at: '2026-03-02T10:00:00.000Z',
  signed: false,
  to_pa: false,
  downloaded: false,
  downloaded_at: null,
  sdi_file_id: '12345',
  sdi_file_name: 'IT01234567890_00001.xml',
  marking: 'delivered',
  transmission_format: 'FPR12',
  payload: JSON.stringify(payload),
  fix_of_uuid: null,
  archived: false,
  notice: null,
  document_type: 'TD01',
  sender: { business_name: 'ACME SRL', business_fiscal_code: '01234567897' },
  recipient: { business_name: 'ROSSI SPA', business_fiscal_code: '09876543217' },
  senderFormatted: 'ACME SRL',
  recipientFormatted: 'ROSSI SPA',
  senderVatNumberFormatted: 'IT01234567897',
  recipientVatNumberFormatted: 'IT09876543217',
  invoiceDate: '2026-03-01',
  invoiceNumber: 'FT-42',
  invoiceTotal: '1220.50',
  stamp: false,
  notifications: [],
};

function json(body: unknown, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': type } });
}

/**
 * The invoice API as the server behaves: the list answers only the properties asked for with
 * `properties[]` (whole records without it), the item route the whole record.
 */
function fakeInvoicesApi() {
  const listRequests: URLSearchParams[] = [];
  const itemRequests: string[] = [];
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname.endsWith('/invoices')) {
      listRequests.push(url.searchParams);
      const asked = url.searchParams.getAll('properties[]');
      const member =
        asked.length === 0
          ? invoice
          : Object.fromEntries(Object.entries(invoice).filter(([key]) => asked.includes(key)));
      return Promise.resolve(
        json({ 'hydra:member': [member], 'hydra:totalItems': 1 }, 'application/ld+json'),
      );
    }
    if (url.pathname.endsWith(`/invoices/${uuid}`)) {
      itemRequests.push(url.pathname);
      return Promise.resolve(json(invoice));
    }
    if (url.pathname.endsWith('/notifications')) return Promise.resolve(json([]));
    if (url.pathname.endsWith('/fix-info'))
      return Promise.resolve(json({ uuid, is_fixable: false }));
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { listRequests, itemRequests };
}

beforeEach(() => {
  localStorage.clear();
  signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const routes = [{ path: '/customer-invoice', element: <InvoiceListPage direction={0} /> }];

describe('InvoiceListPage with the property filter', () => {
  it('asks only for the columns it shows and renders every column from them', async () => {
    const api = fakeInvoicesApi();
    await renderRoutes(routes, '/customer-invoice', ['common', 'invoices', 'listKit']);
    const table = await screen.findByRole('table', { name: 'Customer invoices' });
    const row = (await within(table).findByText('FT-42')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('ACME SRL')).toBeVisible();
    expect(within(row).getByText('ROSSI SPA')).toBeVisible();
    expect(within(row).getByText(/1,220\.50/)).toBeVisible();
    expect(within(row).getByText('Delivered')).toBeVisible();
    expect(row).not.toHaveTextContent('undefined');

    const asked = api.listRequests.at(-1)!.getAll('properties[]');
    expect(asked).toEqual(expect.arrayContaining(['uuid', 'invoiceNumber', 'marking']));
    expect(asked).not.toContain('payload');
    expect(asked).not.toContain('notifications');
  });

  it('shows every hidden column too when the user has turned them on', async () => {
    fakeInvoicesApi();
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
    const api = fakeInvoicesApi();
    await renderRoutes(routes, '/customer-invoice', ['common', 'invoices', 'listKit']);
    await user.click(await screen.findByRole('link', { name: 'FT-42' }));

    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    await waitFor(() => expect(api.itemRequests).toContain(`/api/it/invoices/${uuid}`));
    await user.click(within(dialog).getByRole('tab', { name: 'JSON' }));
    expect(await within(dialog).findByText(/PRG-77/)).toBeVisible();
    await user.click(within(dialog).getByRole('tab', { name: 'Attachments' }));
    expect(await within(dialog).findByText('terms.pdf')).toBeVisible();
  });
});
