import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import invoices from '../../../locales/en/invoices.json';
import { InvoiceDetailsDialog } from './invoice-details-dialog';

const uuid = '52711c42-432c-4f1c-a130-68e6fd8597ba';
const payload = {
  fattura_elettronica_body: [
    {
      allegati: [
        { nome_attachment: 'terms.pdf', formato_attachment: 'PDF', attachment: 'JVBERi0xLjQ=' },
      ],
    },
  ],
};
const draft = {
  uuid,
  type: 0,
  created_at: '2026-03-02T10:00:00.000Z',
  signed: false,
  to_pa: false,
  downloaded: false,
  downloaded_at: null,
  sdi_file_id: null,
  sdi_file_name: null,
  marking: 'draft-blocked',
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
  invoiceNumber: 'DR-7',
  invoiceTotal: '122.00',
  stamp: false,
};

/** Answers the draft endpoint; `xmlType` is what it says it sends when XML is asked for. */
function fakeApi(xmlType: string) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      paths.push(url.pathname);
      const accept = new Headers(init?.headers).get('Accept') ?? '';
      if (url.pathname.endsWith(`/invoices/draft/${uuid}`)) {
        if (accept.includes('xml')) {
          const body = xmlType.includes('xml') ? '<p:FatturaElettronica/>' : JSON.stringify(draft);
          return Promise.resolve(
            new Response(body, { status: 200, headers: { 'Content-Type': xmlType } }),
          );
        }
        return Promise.resolve(
          new Response(JSON.stringify(draft), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return { paths };
}

function renderDraftDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ListKitTestProviders
          initialUrl={`/invoice-drafts?dialogId=draft&dialog_uuid=${uuid}`}
          namespaces={{ invoices }}
        >
          <InvoiceDetailsDialog variant="draft" uuid={uuid} onClose={vi.fn()} />
        </ListKitTestProviders>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('InvoiceDetailsDialog, draft variant', () => {
  it('loads the draft and offers only the info, attachments, json and xml tabs', async () => {
    const user = userEvent.setup();
    const api = fakeApi('application/xml; charset=utf-8');
    renderDraftDialog();
    const dialog = await screen.findByRole('dialog', { name: /Draft DR-7/ });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Info', 'Attachments', 'JSON', 'XML']);
    // A draft has never been to SDI: no notifications section.
    expect(within(dialog).getByText('ROSSI SPA')).toBeInTheDocument();
    expect(within(dialog).queryByText('Notifications')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Attachments' }));
    expect(within(dialog).getByText('terms.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'XML' }));
    expect(await within(dialog).findByText('<p:FatturaElettronica/>')).toBeInTheDocument();
    expect(api.paths.every((path) => path.endsWith(`/invoices/draft/${uuid}`))).toBe(true);
  });

  it('never shows a JSON answer as the XML', async () => {
    const user = userEvent.setup();
    fakeApi('application/json');
    renderDraftDialog();
    const dialog = await screen.findByRole('dialog', { name: /Draft DR-7/ });
    await user.click(within(dialog).getByRole('tab', { name: 'XML' }));
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
  });
});
