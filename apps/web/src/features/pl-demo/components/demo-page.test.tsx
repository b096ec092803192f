import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessFor } from '../../../lib/roles';
import { testRuntimeConfig } from '../../../test/test-runtime-config';
import { PL_DEMO_KSEF_NUMBER, PL_DEMO_UPO_XML, plDemoInfo } from '../../../test/handlers/pl-demo';
import { apiUrl, problem } from '../../../test/handlers/http';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import { screens } from '../routes';
import PlDemoPage from './demo-page';

function renderPage(route = '/pl/invoices/demo') {
  return renderWithProviders(<PlDemoPage />, { route, namespaces: ['plDemo', 'listKit'] });
}

/** Lets the 10 s polling run once, with its render. */
async function tenSecondsLater() {
  await act(() => vi.advanceTimersByTimeAsync(10_000));
}

const statusCalls = () => sentRequests({ method: 'GET', path: '/api/pl/invoices/demo-statuses' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

describe('Polish demo page', () => {
  it('is only for administrators of the Polish context', () => {
    const guard = screens[0]?.guard;
    if (!guard) throw new Error('no guard');
    expect(guard(accessFor({ pl: ['ROLE_ADMIN'] }, testRuntimeConfig.platformKeys))).toBeNull();
    expect(guard(accessFor({ pl: ['ROLE_USER'] }, testRuntimeConfig.platformKeys))).toBe('/');
    expect(guard(accessFor({ common: ['ROLE_ADMIN'] }, testRuntimeConfig.platformKeys))).toBe('/');
    expect(screens[0]?.menu).toBeUndefined();
  });

  it('shows the sandbox facts and the product logo with "Powered by", or the tenant’s logo', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'KSeF demo' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Sandbox')).toHaveTextContent(
      'KSeF test (https://ksef-test.mf.gov.pl/api/v2) · KSeF number after 2 s, UPO after 5 s',
    );
    expect(screen.getByText('Powered by')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Company logo' })).toBeNull();
  });

  it('shows the tenant’s logo when there is one', async () => {
    server.use(
      http.get(apiUrl('pl', '/infrastructure/info'), () =>
        HttpResponse.json({ ...plDemoInfo, logoUrl: 'https://cdn.example/acme.png' }),
      ),
    );
    await renderPage();
    expect(await screen.findByRole('img', { name: 'Company logo' })).toHaveAttribute(
      'src',
      'https://cdn.example/acme.png',
    );
    expect(screen.getByText('Powered by')).toBeInTheDocument();
  });

  it('asks for all three fields to generate, and for NIP 1 only to start', async () => {
    const actor = user();
    await renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('textbox', { name: 'NIP 1 (seller)' })).toHaveAccessibleDescription(
      'Required field',
    );
    expect(screen.getByRole('textbox', { name: 'NIP 2 (buyer)' })).toHaveAccessibleDescription(
      'Required field',
    );
    expect(screen.getByRole('textbox', { name: 'Number of invoices' })).toHaveAccessibleDescription(
      'Required field',
    );

    await actor.type(screen.getByRole('textbox', { name: 'NIP 2 (buyer)' }), '5213017228');
    await actor.type(screen.getByRole('textbox', { name: 'Number of invoices' }), '2');
    await actor.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('textbox', { name: 'NIP 1 (seller)' })).toHaveAccessibleDescription(
      'Required field',
    );
    expect(screen.getByRole('textbox', { name: 'NIP 2 (buyer)' })).not.toHaveAccessibleDescription(
      'Required field',
    );
    expect(sentRequests({ method: 'POST', path: '/api/pl/invoices/v2/generate' })).toEqual([]);
    expect(statusCalls()).toEqual([]);

    await actor.type(screen.getByRole('textbox', { name: 'NIP 1 (seller)' }), '5260250274');
    await actor.click(screen.getByRole('button', { name: 'Start' }));
    const table = await screen.findByRole('table', { name: 'Demo invoice statuses' });
    expect(await within(table).findByText('No invoices yet.')).toBeInTheDocument();
    expect(statusCalls()[0]?.query.get('nip1')).toBe('5260250274');
    expect(sentRequests({ method: 'POST', path: '/api/pl/invoices/v2/generate' })).toEqual([]);
  });

  it('keeps following the NIP in the address: a reload shows its table at once', async () => {
    await renderPage('/pl/invoices/demo?nip1=5260250274');
    expect(await screen.findByRole('textbox', { name: 'NIP 1 (seller)' })).toHaveValue(
      '5260250274',
    );
    const table = await screen.findByRole('table', { name: 'Demo invoice statuses' });
    expect(table).toBeInTheDocument();
    expect(statusCalls()[0]?.query.get('nip1')).toBe('5260250274');
  });

  it('generates invoices and follows their statuses every 10 s; Reset starts over after asking', async () => {
    const actor = user();
    await renderPage();
    await actor.type(
      await screen.findByRole('textbox', { name: 'NIP 1 (seller)' }),
      '526-025-02-74',
    );
    await actor.type(screen.getByRole('textbox', { name: 'NIP 2 (buyer)' }), '5213017228');
    await actor.type(screen.getByRole('textbox', { name: 'Number of invoices' }), '2');
    await actor.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Invoices generated: 2')).toBeInTheDocument();
    const [generate] = sentRequests({ method: 'POST', path: '/api/pl/invoices/v2/generate' });
    expect(generate?.body).toEqual({ nip1: '5260250274', nip2: '5213017228', invoiceCount: 2 });

    const table = await screen.findByRole('table', { name: 'Demo invoice statuses' });
    await waitFor(() => expect(within(table).getAllByText('Sent')).toHaveLength(2));
    const first = within(table).getByText('DEMO/2026/12/001').closest('tr');
    expect(first).toHaveTextContent('5260250274');
    expect(first).toHaveTextContent('5213017228');
    expect(first).toHaveTextContent('Outgoing');
    expect(statusCalls()[0]?.query.get('order_filter')).toBe('DESC');
    expect(statusCalls()[0]?.query.get('nip1')).toBe('5260250274');

    const before = statusCalls().length;
    await tenSecondsLater();
    await waitFor(() => expect(within(table).getAllByText('Delivered')).toHaveLength(2));
    expect(statusCalls().length).toBe(before + 1);
    await tenSecondsLater();
    await waitFor(() => expect(within(table).getAllByText('Confirmed')).toHaveLength(2));
    expect(within(table).getAllByText('Confirmed')[0]?.closest('[data-color]')).toHaveAttribute(
      'data-color',
      'success',
    );

    await actor.click(screen.getByRole('button', { name: 'Reset' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the demo?' });
    await actor.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('The demo starts over.')).toBeInTheDocument();
    expect(
      sentRequests({ method: 'DELETE', path: '/api/pl/invoices/demo-statuses/restart' }),
    ).toHaveLength(1);
    expect(await within(table).findByText('No invoices yet.')).toBeInTheDocument();
  });

  it('shows the API’s title and detail when a single invoice is refused', async () => {
    const actor = user();
    await renderPage('/pl/invoices/demo?tab=single');
    const content = await screen.findByRole('textbox', { name: 'Invoice XML (FA(3))' });
    await actor.click(screen.getByRole('button', { name: 'Send' }));
    expect(content).toHaveAccessibleDescription('Required field');

    await actor.click(content);
    await actor.paste('<Invoice/>');
    await actor.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invalid invoice' });
    expect(dialog).toHaveTextContent('This is not an FA(3) or FA(2) invoice.');
    await actor.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a single invoice, follows its status every 10 s and offers the UPO once confirmed', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    if (typeof URL.createObjectURL !== 'function') {
      Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
    }
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:upo';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (blob) saved.push({ name: this.download, blob });
    });
    const actor = user();
    await renderPage('/pl/invoices/demo?tab=single');
    await actor.click(await screen.findByRole('textbox', { name: 'Invoice XML (FA(3))' }));
    await actor.paste('<Faktura><P_2>FV/2026/12/7</P_2></Faktura>');
    await actor.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Invoice FV/2026/12/7 sent')).toBeInTheDocument();
    expect(screen.getByText('faktura.xml')).toBeInTheDocument();
    expect(screen.getByText('2.50 MB')).toBeInTheDocument();
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the UPO' })).toBeNull();

    await tenSecondsLater();
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(screen.getByText(`KSeF number ${PL_DEMO_KSEF_NUMBER}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the UPO' })).toBeNull();

    await tenSecondsLater();
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    const statusPath = sentRequests({ method: 'GET' }).filter((entry) =>
      entry.path.endsWith('/status'),
    );
    expect(statusPath).toHaveLength(3);
    // Confirmed: no more asking.
    await tenSecondsLater();
    expect(
      sentRequests({ method: 'GET' }).filter((entry) => entry.path.endsWith('/status')),
    ).toHaveLength(3);

    await actor.click(screen.getByRole('button', { name: 'Download the UPO' }));
    expect(saved.map((file) => file.name)).toEqual(['UPO_FV_2026_12_7.xml']);
    expect(new TextDecoder().decode(await saved[0]?.blob.arrayBuffer())).toBe(PL_DEMO_UPO_XML);
  });

  it('archives a NIP’s sessions, asking for the NIP first', async () => {
    const actor = user();
    await renderPage('/pl/invoices/demo?tab=single');
    const archive = await screen.findByRole('form', { name: 'Session archive emulation' });
    await actor.click(within(archive).getByRole('button', { name: 'Archive sessions' }));
    expect(
      within(archive).getByRole('textbox', { name: 'NIP 1 (seller)' }),
    ).toHaveAccessibleDescription('Required field');
    await actor.type(
      within(archive).getByRole('textbox', { name: 'NIP 1 (seller)' }),
      '5260250274',
    );
    await actor.click(within(archive).getByRole('button', { name: 'Archive sessions' }));
    expect(await screen.findByText('Invoices numbered and confirmed: 0')).toBeInTheDocument();
    const [call] = sentRequests({
      method: 'POST',
      path: '/api/pl/demo-statuses/session-archive-emulation',
    });
    expect(call?.body).toEqual({ nip1: '5260250274' });
  });

  it('toasts the demo’s generic error when a call fails', async () => {
    server.use(http.post(apiUrl('pl', '/invoices/v2/generate'), () => HttpResponse.error()));
    const actor = user();
    await renderPage();
    await actor.type(await screen.findByRole('textbox', { name: 'NIP 1 (seller)' }), '5260250274');
    await actor.type(screen.getByRole('textbox', { name: 'NIP 2 (buyer)' }), '5213017228');
    await actor.type(screen.getByRole('textbox', { name: 'Number of invoices' }), '3');
    await actor.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('The demo ran into an error, please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('Polish demo refusals', () => {
  it('toasts what the API says when it refuses a call', async () => {
    server.use(
      http.post(apiUrl('pl', '/demo-statuses/session-archive-emulation'), () =>
        problem(
          422,
          'Unprocessable Content',
          'No active legal entity of this account has this NIP.',
        ),
      ),
    );
    const actor = user();
    await renderPage('/pl/invoices/demo?tab=single');
    const archive = await screen.findByRole('form', { name: 'Session archive emulation' });
    await actor.type(
      within(archive).getByRole('textbox', { name: 'NIP 1 (seller)' }),
      '5213017228',
    );
    await actor.click(within(archive).getByRole('button', { name: 'Archive sessions' }));
    expect(
      await screen.findByText('No active legal entity of this account has this NIP.'),
    ).toBeInTheDocument();
  });
});
