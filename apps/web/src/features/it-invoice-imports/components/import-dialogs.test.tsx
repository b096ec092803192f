import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import common from '../../../locales/en/common.json';
import invoiceImports from '../../../locales/en/invoiceImports.json';
import { CustomerInvoiceImportDialog } from './customer-invoice-import-dialog';
import { SupplierInvoiceImportDialog } from './supplier-invoice-import-dialog';

const INVOICE_UUID = '5b0f7c8e-2d3a-4c1b-9e8f-7a6b5c4d3e2f';

function fakeApi(answer: () => Response) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      sent.push({
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return answer();
    }),
  );
  return sent;
}

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3}>
        <ListKitTestProviders namespaces={{ invoiceImports, common }}>{ui}</ListKitTestProviders>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const xml = (name: string, content: string) => new File([content], name, { type: 'text/xml' });

afterEach(() => vi.unstubAllGlobals());

describe('CustomerInvoiceImportDialog', () => {
  it('shows the spec messages and sends nothing while the form is incomplete', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(() => json(201, { uuid: INVOICE_UUID }));
    renderWithProviders(<CustomerInvoiceImportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import customer invoice' });

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Please upload invoice file')).toBeVisible();
    expect(
      within(dialog).getAllByText('This field is required when there is not any notification'),
    ).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Please select notification type')).toBeVisible();
    expect(within(dialog).getByText('Please upload notification file')).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('imports with a notification, sending the files as base64', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(() => json(201, { uuid: INVOICE_UUID }));
    const onImported = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <CustomerInvoiceImportDialog open onClose={onClose} onImported={onImported} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import customer invoice' });
    await user.upload(
      within(dialog).getByLabelText('Invoice file'),
      xml('IT01234567890_FPR01.xml', '<FatturaElettronica/>'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Notification 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'RC - Delivery receipt' }));
    await user.upload(
      within(dialog).getByLabelText('Notification 1 file'),
      xml('IT01234567890_FPR01_RC_001.xml', '<RicevutaConsegna/>'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('File imported')).toBeVisible();
    expect(onImported).toHaveBeenCalledWith(INVOICE_UUID);
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([
      {
        path: '/api/it/customer-invoice-imports',
        body: {
          invoice: btoa('<FatturaElettronica/>'),
          notifications: { RC: btoa('<RicevutaConsegna/>') },
        },
      },
    ]);
  });

  it("puts the server's violation on the notification row it names", async () => {
    const user = userEvent.setup();
    fakeApi(() =>
      json(
        422,
        {
          type: '/errors/422',
          title: 'An error occurred',
          status: 422,
          detail: 'notifications.NS: The file is a RC notification, not NS.',
          violations: [
            {
              propertyPath: 'notifications.NS',
              message: 'The file is a RC notification, not NS.',
              code: 'invalid_choice',
            },
          ],
        },
        'application/problem+json',
      ),
    );
    renderWithProviders(<CustomerInvoiceImportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import customer invoice' });
    await user.upload(within(dialog).getByLabelText('Invoice file'), xml('i.xml', '<a/>'));
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Notification 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'NS - Rejection' }));
    await user.upload(within(dialog).getByLabelText('Notification 1 file'), xml('n.xml', '<b/>'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('notifications.NS: The file is a RC notification, not NS.');
    expect(within(dialog).getByLabelText('Notification 1 file')).toHaveAccessibleDescription(
      'The file is a RC notification, not NS.',
    );
    // The toast of spec 8, next to the alert.
    expect(screen.getAllByText('Validation Error')).toHaveLength(2);
  });
});

describe('SupplierInvoiceImportDialog', () => {
  it('requires name and SDI id only without a metadata file', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(() => json(201, { uuid: INVOICE_UUID }));
    renderWithProviders(<SupplierInvoiceImportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import supplier invoice' });
    await user.upload(within(dialog).getByLabelText('Invoice file'), xml('i.xml', '<a/>'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(sent).toHaveLength(0);

    await user.upload(
      within(dialog).getByLabelText('Metadata file'),
      xml('i_MT_001.xml', '<FileMetadati/>'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('File imported')).toBeVisible();
    expect(sent).toEqual([
      {
        path: '/api/it/supplier-invoice-imports',
        body: { invoice: btoa('<a/>'), metadata: btoa('<FileMetadati/>') },
      },
    ]);
  });

  it('shows an unexpected failure as the generic error', async () => {
    const user = userEvent.setup();
    fakeApi(() => json(500, { title: 'Internal Server Error', status: 500, detail: 'boom' }));
    renderWithProviders(<SupplierInvoiceImportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import supplier invoice' });
    await user.upload(within(dialog).getByLabelText('Invoice file'), xml('i.xml', '<a/>'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Invoice file name' }), 'i.xml');
    await user.type(within(dialog).getByRole('textbox', { name: 'SDI id' }), '77');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An error occurred, please try again later.',
    );
    expect(screen.getByText('The file could not be imported.')).toBeVisible();
  });
});
