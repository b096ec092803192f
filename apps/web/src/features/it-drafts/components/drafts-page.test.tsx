import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import drafts from '../../../locales/en/drafts.json';
import { DraftsPage } from './drafts-page';

const draft = {
  uuid: '52711c42-432c-4f1c-a130-68e6fd8597ba',
  type: 0,
  created_at: '2026-03-02T10:00:00.000Z',
  signed: false,
  to_pa: false,
  downloaded: false,
  downloaded_at: null,
  sdi_file_id: null,
  sdi_file_name: null,
  marking: 'draft',
  transmission_format: 'FPR12',
  payload: '{}',
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
  invoiceNumber: 'DR-1',
  invoiceTotal: '122.00',
  stamp: false,
};

/**
 * The drafts list endpoint, recording the filters and the asked properties of each call; like
 * the API, it answers only the properties asked for with `properties[]`.
 */
function fakeDraftsApi() {
  const listQueries: Record<string, string>[] = [];
  const askedProperties: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname.endsWith('/invoices/draft')) {
        const asked = url.searchParams.getAll('properties[]');
        askedProperties.push(asked);
        listQueries.push(
          Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'properties[]')),
        );
        const member = Object.fromEntries(
          Object.entries(draft).filter(([key]) => asked.length === 0 || asked.includes(key)),
        );
        const members = url.searchParams.has('recipient.business_name') ? [] : [member];
        return Promise.resolve(
          new Response(
            JSON.stringify({ 'hydra:member': members, 'hydra:totalItems': members.length }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/ld+json' },
            },
          ),
        );
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return { listQueries, askedProperties };
}

function Search() {
  return <output aria-label="address">{useLocation().search}</output>;
}

function renderPage(initialUrl = '/invoice-drafts') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ListKitTestProviders initialUrl={initialUrl} namespaces={{ drafts }}>
          <DraftsPage
            invoiceHref={(uuid) => `/customer-invoice/${uuid}`}
            renderDetails={({ uuid, onClose }) => (
              <div role="dialog" aria-label={`Details of ${uuid}`}>
                <button type="button" onClick={onClose}>
                  Close details
                </button>
              </div>
            )}
          />
          <Search />
        </ListKitTestProviders>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('DraftsPage', () => {
  it('sends the filters of the filter bar and shows what the API found', async () => {
    const user = userEvent.setup();
    const api = fakeDraftsApi();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Drafts' });
    expect(await within(table).findByText('DR-1')).toBeInTheDocument();
    // Only what the table shows: never the payload, which the edit and details dialogs read.
    expect(api.askedProperties.at(-1)).toEqual(
      expect.arrayContaining(['uuid', 'invoiceNumber', 'marking', 'recipientFormatted']),
    );
    expect(api.askedProperties.at(-1)).not.toContain('payload');
    expect(within(table).getByText('ROSSI SPA')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('undefined');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Recipient business name' }), 'Bianchi');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(within(table).queryByText('DR-1')).not.toBeInTheDocument());
    expect(api.listQueries.at(-1)).toEqual({
      type: '0',
      page: '1',
      itemsPerPage: '30',
      'recipient.business_name': 'Bianchi',
    });
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      'recipient.business_name=Bianchi',
    );
  });

  it('disables the other filters while a uuid is applied', async () => {
    fakeDraftsApi();
    renderPage(`/invoice-drafts?uuid=${draft.uuid}`);
    expect(await screen.findByRole('textbox', { name: 'UUID' })).toHaveValue(draft.uuid);
    expect(screen.getByRole('textbox', { name: 'Sender business name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Recipient fiscal ID' })).toBeDisabled();
  });

  it('opens the details of a draft in the address, and closing removes it', async () => {
    const user = userEvent.setup();
    fakeDraftsApi();
    renderPage();
    const row = (await screen.findByText('DR-1')).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Details' }));

    const dialog = screen.getByRole('dialog', { name: `Details of ${draft.uuid}` });
    const address = screen.getByRole('status', { name: 'address' });
    expect(address).toHaveTextContent(`dialogId=draft&dialog_uuid=${draft.uuid}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(address).not.toHaveTextContent('dialogId');
  });

  it('reopens the details from a link', async () => {
    fakeDraftsApi();
    renderPage(`/invoice-drafts?dialogId=draft&dialog_uuid=${draft.uuid}&dialog_tab=json`);
    expect(screen.getByRole('dialog', { name: `Details of ${draft.uuid}` })).toBeInTheDocument();
  });
});
