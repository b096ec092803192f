import type { PlLegalEntity } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, hydraCollection, problem } from '../../../test/handlers/http';
import {
  plConfirmedInvoice,
  plInvoiceXmlBytes,
  plRejectedInvoice,
} from '../../../test/handlers/pl-invoices';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import { bytesOf, captureSavedFiles } from '../testing/saved-files';
import PlInvoicesPage from './invoices-page';

const NAMESPACES = ['plInvoices', 'plInvoiceView', 'listKit'];

function renderPage(route = '/gov-pl/outgoing-invoices') {
  return renderWithProviders(
    <>
      <PlInvoicesPage />
      <AddressProbe />
    </>,
    { route, namespaces: NAMESPACES },
  );
}

/** The chip of a status label (the label is its inner text). */
function badge(row: HTMLElement, label: string): HTMLElement | null {
  return within(row).getByText(label).closest('[data-color]');
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const listRequests = () => sentRequests({ method: 'GET', path: '/api/pl/invoices' });

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('Polish invoice lists', () => {
  it('lists the outgoing invoices created in the last 30 days with their status, amount and offline deadline', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Outgoing invoices' });
    await within(table).findByText('FV/2026/11/001');
    expect(within(table).queryByText('FA 17/2026')).toBeNull();

    const confirmed = rowOf(table, 'FV/2026/11/001');
    expect(within(confirmed).getByText('2026-11-28')).toBeInTheDocument();
    expect(badge(confirmed, 'Confirmed')).toHaveAttribute('data-color', 'success');
    expect(within(confirmed).getByText('NIP 5213017228')).toBeInTheDocument();
    expect(within(confirmed).getByText('PLN 12,345.67')).toBeInTheDocument();
    expect(within(confirmed).getByText('5260250274-20261128-0100A0B1C2D3-4E')).toBeInTheDocument();
    expect(within(confirmed).getByText('28 Nov 2026', { exact: false })).toBeInTheDocument();

    const rejected = rowOf(table, 'FV/2026/11/002');
    expect(badge(rejected, 'Rejected')).toHaveAttribute('data-color', 'error');
    expect(within(rejected).getByText('-PLN 250.00')).toBeInTheDocument();

    const offline = rowOf(table, 'FV/2026/11/003');
    expect(badge(offline, 'Valid')).toHaveAttribute('data-color', 'neutral');
    expect(within(offline).getByText('Offline · send by 2026-12-01')).toBeInTheDocument();
    expect(within(offline).getByText('€1,000.10')).toBeInTheDocument();

    const [list] = listRequests();
    expect(list?.query.get('direction')).toBe('outgoing');
    expect(list?.query.get('itemsPerPage')).toBe('30');
    expect(list?.query.get('createdAt[after]')).toMatch(/T00:00:00[+-]\d{2}:\d{2}$/);
    expect(list?.query.get('createdAt[before]')).toMatch(/T23:59:59[+-]\d{2}:\d{2}$/);
  });

  it('lists the incoming invoices on their own path', async () => {
    await renderPage('/gov-pl/incoming-invoices');
    const table = await screen.findByRole('table', { name: 'Incoming invoices' });
    await within(table).findByText('FA 17/2026');
    const received = rowOf(table, 'FA 17/2026');
    expect(badge(received, 'Received')).toHaveAttribute('data-color', 'info');
    expect(listRequests()[0]?.query.get('direction')).toBe('incoming');
  });

  it('sends the chosen filters to the API and keeps them in the address', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('FV/2026/11/001');
    // The panel is open: the default created range is a filter already.
    expect(screen.getByRole('button', { name: /filters/i })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Corrective invoice' }));
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    await user.type(screen.getByLabelText('Seller NIP'), '526-025-02-74');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const table = screen.getByRole('table', { name: 'Outgoing invoices' });
    await waitFor(() => expect(within(table).queryByText('FV/2026/11/001')).toBeNull());
    expect(within(table).getByText('FV/2026/11/002')).toBeInTheDocument();
    const last = listRequests().at(-1);
    expect(last?.query.get('invoiceStatus')).toBe('rejected');
    expect(last?.query.get('invoiceType')).toBe('KOR');
    expect(last?.query.get('invoiceCreatorNip')).toBe('5260250274');
    const address = new URLSearchParams(screen.getByLabelText('address').textContent ?? '');
    expect(address.get('invoiceStatus')).toBe('rejected');
    expect(address.get('invoiceType')).toBe('KOR');
    expect(address.get('invoiceCreatorNip')).toBe('526-025-02-74');
  });

  it('sends the invoice date range as calendar days', async () => {
    await renderPage(
      '/gov-pl/outgoing-invoices?invoiceDate%5Bafter%5D=2026-11-01T00%3A00%3A00%2B01%3A00&invoiceDate%5Bbefore%5D=2026-11-30T23%3A59%3A59%2B01%3A00',
    );
    await screen.findByText('FV/2026/11/001');
    const [list] = listRequests();
    expect(list?.query.get('invoiceDate[after]')).toBe('2026-11-01');
    expect(list?.query.get('invoiceDate[before]')).toBe('2026-11-30');
  });

  it('finds a legal entity as the user types, 300 ms after the last key, and filters on it', async () => {
    const alfa = {
      uuid: plConfirmedInvoice.legalEntityUuid,
      nip: '5260250274',
      name: 'ALFA KSEF SP. Z O.O.',
    } as PlLegalEntity;
    server.use(
      http.get(apiUrl('pl', '/legal-entities'), ({ request }) => {
        const name = new URL(request.url).searchParams.get('name') ?? '';
        return hydraCollection('alfa'.includes(name.toLowerCase()) ? [alfa] : []);
      }),
      http.get(apiUrl('pl', '/legal-entities/:uuid'), () => HttpResponse.json(alfa)),
    );
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('FV/2026/11/001');
    const picker = await screen.findByRole('combobox', { name: 'Legal entity' });
    await user.click(picker);
    await user.type(picker, 'alf');
    const searched = () =>
      sentRequests({ method: 'GET', path: '/api/pl/legal-entities' }).map((request) =>
        request.query.get('name'),
      );
    await waitFor(() => expect(searched()).toContain('alf'));
    await user.click(
      await screen.findByRole('option', { name: 'ALFA KSEF SP. Z O.O. (5260250274)' }),
    );

    // Opened (all), then one search for the whole word typed: none per key.
    expect(searched()).toEqual([null, 'alf']);
    await waitFor(() =>
      expect(listRequests().at(-1)?.query.get('legalEntityUuid')).toBe(alfa.uuid),
    );
    const address = new URLSearchParams(screen.getByLabelText('address').textContent ?? '');
    expect(address.get('legalEntityUuid')).toBe(alfa.uuid);
  });

  it('opens a rejected invoice’s details with KSeF’s error code and message', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('link', { name: 'FV/2026/11/002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice FV/2026/11/002' });
    expect(within(dialog).getByText('KSeF rejected this invoice')).toBeInTheDocument();
    expect(within(dialog).getByText('450')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Błąd weryfikacji semantyki dokumentu faktury'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'UPO receipt' })).toBeNull();
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `dialogId=invoice&dialog_uuid=${plRejectedInvoice.uuid}`,
    );
  });

  it('downloads a confirmed invoice’s XML as served, its UPO and its attachment from the details', async () => {
    const saved = captureSavedFiles();
    restore = saved.restore;
    const user = userEvent.setup();
    await renderPage(
      `/gov-pl/outgoing-invoices?dialogId=invoice&dialog_uuid=${plConfirmedInvoice.uuid}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice FV/2026/11/001' });
    expect(within(dialog).getByText('5260250274-20261128-0100A0B1C2D3-4E')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: plConfirmedInvoice.verificationLink ?? '' }),
    ).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Open the invoice page' })).toHaveAttribute(
      'href',
      `/gov-pl/invoices/${plConfirmedInvoice.uuid}`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy the public link' }));
    expect(await screen.findByText('Public link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(plConfirmedInvoice.publicUrl);

    await user.click(within(dialog).getByRole('button', { name: 'Invoice XML' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0]?.name).toBe('FV_2026_11_001.xml');
    expect(await bytesOf(saved.files[0])).toEqual(plInvoiceXmlBytes(plConfirmedInvoice));

    await user.click(within(dialog).getByRole('button', { name: 'UPO receipt' }));
    await waitFor(() => expect(saved.files).toHaveLength(2));
    expect(saved.files[1]?.name).toBe('UPO_FV_2026_11_001.xml');

    await user.click(
      within(dialog).getByRole('button', { name: 'Download the attachment zamowienie.txt' }),
    );
    await waitFor(() => expect(saved.files).toHaveLength(3));
    expect(saved.files[2]?.name).toBe('zamowienie.txt');
    expect(within(dialog).getByText('zamowienie.txt (1.50 MB)')).toBeInTheDocument();
  });

  it('says so when a download fails: the invoice’s own message, and ‘An error occurred’ for an attachment', async () => {
    server.use(
      http.get(apiUrl('pl', '/invoices/:uuid/upo'), () => problem(500, 'Internal Server Error')),
      http.get(apiUrl('pl', '/invoices/:invoiceUuid/attachments/:attachmentUuid'), () =>
        problem(500, 'Internal Server Error'),
      ),
    );
    const user = userEvent.setup();
    await renderPage(
      `/gov-pl/outgoing-invoices?dialogId=invoice&dialog_uuid=${plConfirmedInvoice.uuid}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice FV/2026/11/001' });
    await user.click(within(dialog).getByRole('button', { name: 'UPO receipt' }));
    expect(
      await screen.findByText('The invoice could not be downloaded, please try again later.'),
    ).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Download the attachment zamowienie.txt' }),
    );
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
