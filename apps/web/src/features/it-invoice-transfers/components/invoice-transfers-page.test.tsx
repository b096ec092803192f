import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../../../test/handlers/http';
import {
  sampleSentInvoiceUuid,
  sampleTransfers,
  sampleTransferUuids,
} from '../../../test/handlers/transfers';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import InvoiceTransfersPage from './invoice-transfers-page';

const uploader = { it: ['ROLE_INVOICING', 'ROLE_TRANSFER'], transfer: ['ROLE_API'] };

function renderPage(route = '/invoice-transfers', roles: Record<string, string[]> = uploader) {
  signIn(fakeToken(roles));
  return renderWithProviders(
    <>
      <InvoiceTransfersPage />
      <AddressProbe />
    </>,
    { route, namespaces: ['invoiceTransfers', 'invoices', 'listKit'] },
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:transfer');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => clearSession());

describe('InvoiceTransfersPage', () => {
  it('lists the last 30 days of transfers, without the fixed ones, with names, badges and tooltips', async () => {
    const user = userEvent.setup();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Invoice transfers' });
    expect(await within(table).findByText('IT01234567890_00101.xml')).toBeInTheDocument();
    const [list] = sentRequests({ method: 'GET', path: '/api/it/invoice-transfers' });
    expect(list?.query.get('fixed')).toBe('false');
    expect(list?.query.get('created_at[after]')).toMatch(/T00:00:00/);
    // Whole days of the user's calendar: the upper bound is the next day's start, offset written out.
    expect(list?.query.get('created_at[strictly_before]')).toMatch(/T00:00:00[+-]\d{2}:\d{2}$/);
    expect(list?.query.has('created_at[before]')).toBe(false);
    // A missing customer reads 'Not found'; a party's fiscal id is its tooltip.
    expect(within(table).getAllByText('Not found').length).toBeGreaterThan(0);
    await user.hover(within(table).getAllByText('BETA SPA')[0]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('IT09876543210');
    expect(within(table).getByText('ok')).toBeInTheDocument();
    expect(within(table).getByText('Delivered')).toBeInTheDocument();
  });

  it('filters with violations', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('IT01234567890_00101.xml');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'With violations' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.queryByText('IT01234567890_00101.xml')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('IT01234567890_00102.xml')).toBeInTheDocument();
    const last = sentRequests({ method: 'GET', path: '/api/it/invoice-transfers' }).at(-1);
    expect(last?.query.get('exists[violations]')).toBe('true');
  });

  it('opens the violations dialog from the error badge, through the URL', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      await screen.findByRole('button', { name: '2 violations in IT01234567890_00102.xml' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Violations' });
    // The check's sentence without the file's line, where it is in the invoice's words.
    expect(await within(dialog).findByText('Numero is required.')).toBeInTheDocument();
    expect(within(dialog).getByText(/ › Number$/)).toBeInTheDocument();
    expect(within(dialog).getByText('The whole file')).toBeInTheDocument();
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `dialog_uuid=${sampleTransferUuids.invalid}`,
    );
  });

  it("shows a transfer's violations in Polish and Italian, not the API's English", async () => {
    const route = `/invoice-transfers?dialogId=transfer-violations&dialog_uuid=${sampleTransferUuids.invalid}`;
    signIn(fakeToken(uploader));
    const polish = await renderWithProviders(<InvoiceTransfersPage />, {
      route,
      namespaces: ['invoiceTransfers', 'invoices', 'listKit'],
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Naruszenia' });
    expect(await within(dialog).findByText('Numero jest wymagany.')).toBeInTheDocument();
    expect(within(dialog).getByText('Dane dokumentu › Numer')).toBeInTheDocument();
    expect(within(dialog).queryByText(/is required|fattura_elettronica_body/)).toBeNull();
    polish.unmount();
    await renderWithProviders(<InvoiceTransfersPage />, {
      route,
      namespaces: ['invoiceTransfers', 'invoices', 'listKit'],
      language: 'it',
    });
    const italian = await screen.findByRole('dialog', { name: 'Violazioni' });
    expect(await within(italian).findByText('Numero è obbligatorio.')).toBeInTheDocument();
    expect(within(italian).getByText('Dati generali documento › Numero')).toBeInTheDocument();
  });

  it('shows a transfer in the details dialog with a link to the invoice it sent', async () => {
    await renderPage(
      `/invoice-transfers?dialogId=transfer&dialog_uuid=${sampleTransferUuids.sent}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice transfer' });
    expect(await within(dialog).findByText(sampleTransferUuids.sent)).toBeInTheDocument();
    expect(within(dialog).getByText('FT-101')).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: /Open the sent invoice/ });
    expect(link).toHaveAttribute(
      'href',
      `/customer-invoice?dialogId=invoice&dialog_uuid=${sampleSentInvoiceUuid}`,
    );
  });

  it('folds the violations in the details dialog', async () => {
    const user = userEvent.setup();
    await renderPage(
      `/invoice-transfers?dialogId=transfer&dialog_uuid=${sampleTransferUuids.invalid}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice transfer' });
    const toggle = await within(dialog).findByRole('button', { name: '2 violations' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(dialog).getByText('The total does not match the lines.')).toBeVisible();
  });

  it('downloads the CSV of up to 1,000 transfers with the filters on screen', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('IT01234567890_00101.xml');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(
        sentRequests({ path: '/api/it/invoice-transfers' }).some(
          (request) => request.headers.get('Accept') === 'text/csv',
        ),
      ).toBe(true),
    );
    const csv = sentRequests({ path: '/api/it/invoice-transfers' }).find(
      (request) => request.headers.get('Accept') === 'text/csv',
    );
    expect(csv?.query.get('itemsPerPage')).toBe('1000');
    expect(csv?.query.get('separator')).toBe('comma');
    expect(csv?.query.get('fixed')).toBe('false');
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('offers the CSV in blocks of 1,000 rows when more transfers match', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('it', '/invoice-transfers'), ({ request }) => {
        if ((request.headers.get('Accept') ?? '').includes('text/csv'))
          return new HttpResponse('uuid\r\n', { headers: { 'Content-Type': 'text/csv' } });
        return HttpResponse.json(
          { 'hydra:member': sampleTransfers(), 'hydra:totalItems': 2500 },
          { headers: { 'Content-Type': 'application/ld+json' } },
        );
      }),
    );
    await renderPage();
    await screen.findByText('IT01234567890_00101.xml');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const blocks = await screen.findAllByRole('menuitem');
    expect(blocks.map((block) => block.textContent)).toEqual([
      'Rows 1–1,000',
      'Rows 1,001–2,000',
      'Rows 2,001–2,500',
    ]);
    await user.click(blocks[2]!);
    await waitFor(() =>
      expect(
        sentRequests({ path: '/api/it/invoice-transfers' })
          .find((request) => request.headers.get('Accept') === 'text/csv')
          ?.query.get('page'),
      ).toBe('3'),
    );
  });

  it('hides Upload without the transfer roles', async () => {
    await renderPage('/invoice-transfers', { it: ['ROLE_INVOICING'] });
    await screen.findByText('IT01234567890_00101.xml');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('uploads a file into a new folder of a folder chosen in the lazy tree and follows it', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload invoices' });
    expect(
      within(dialog).getByText(/up to 5 MB, or a .zip of invoices up to 50 MB/),
    ).toBeInTheDocument();
    // Nothing chosen: the file is required.
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();

    const tree = within(dialog).getByRole('tree', { name: 'Folder' });
    expect(within(tree).getByRole('treeitem', { name: '/' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(await within(tree).findByRole('treeitem', { name: '2026' }));
    await user.click(await within(tree).findByRole('treeitem', { name: 'november' }));
    expect(
      sentRequests({ path: '/api/transfer/it/dirs' }).map((request) => request.query.get('prefix')),
    ).toEqual([null, '2026', '2026/november']);
    await user.type(within(dialog).getByRole('textbox', { name: 'New folder' }), 'week 48');
    await user.upload(
      within(dialog).getByLabelText('Choose file'),
      new File(['<FatturaElettronica/>'], 'IT01234567890_00200.xml', { type: 'application/xml' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(
      await screen.findByText(
        'IT01234567890_00200.xml uploaded into 2026/november/week 48: its invoices are being read.',
      ),
    ).toBeInTheDocument();
    const [post] = sentRequests({ method: 'POST', path: '/api/transfer/it/upload' });
    expect(post?.body).toEqual({
      content: btoa('<FatturaElettronica/>'),
      project: 'it',
      path: '2026/november/week 48/IT01234567890_00200.xml',
    });
    const progress = await screen.findByRole('region', { name: 'Uploads' });
    expect(await within(progress).findByText(/1 of 1 file read/)).toBeInTheDocument();
    // The line reads the service's count of this upload, by the uuid the upload answered.
    const counted = sentRequests({ method: 'GET' }).filter((request) =>
      request.path.startsWith('/api/transfer/it/uploads/'),
    );
    expect(counted.length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Invoice transfers' });
    expect(await within(table).findByText('IT01234567890_00200.xml')).toBeInTheDocument();
  });

  it('shows a refused upload on the file, in the alert and as a toast', async () => {
    const user = userEvent.setup();
    await renderPage('/invoice-transfers?dialogId=transfer-upload');
    const dialog = await screen.findByRole('dialog', { name: 'Upload invoices' });
    await user.upload(within(dialog).getByLabelText('Choose file'), new File([''], 'empty.xml'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The file was not uploaded.')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Required/).length).toBeGreaterThan(0);
  });
});
