import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiUrl, problem } from '../../../test/handlers/http';
import { importedInvoiceUuid as INVOICE_UUID } from '../../../test/handlers/invoice-imports';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import { CustomerInvoiceImportDialog } from './customer-invoice-import-dialog';
import { SupplierInvoiceImportDialog } from './supplier-invoice-import-dialog';

function renderDialog(ui: ReactElement) {
  return renderWithProviders(ui, { namespaces: ['invoiceImports'] });
}

/** What the dialogs sent: path and body of each request. */
function sent() {
  return sentRequests().map(({ path, body }) => ({ path, body }));
}

const xml = (name: string, content: string) => new File([content], name, { type: 'text/xml' });

describe('CustomerInvoiceImportDialog', () => {
  it('shows the spec messages and sends nothing while the form is incomplete', async () => {
    const user = userEvent.setup();
    await renderDialog(<CustomerInvoiceImportDialog open onClose={() => undefined} />);
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
    expect(sent()).toEqual([]);
  });

  it('imports with a notification, sending the files as base64', async () => {
    const user = userEvent.setup();
    const onImported = vi.fn();
    const onClose = vi.fn();
    await renderDialog(
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
    expect(sent()).toEqual([
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
    await renderDialog(<CustomerInvoiceImportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import customer invoice' });
    await user.upload(within(dialog).getByLabelText('Invoice file'), xml('i.xml', '<a/>'));
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Notification 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'NS - Rejection' }));
    // A delivery receipt sent as the rejection: the API checks the file's type.
    await user.upload(
      within(dialog).getByLabelText('Notification 1 file'),
      xml('n.xml', '<RicevutaConsegna/>'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('SDI notifications 1: The file is a RC notification, not NS.');
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
    await renderDialog(<SupplierInvoiceImportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import supplier invoice' });
    await user.upload(within(dialog).getByLabelText('Invoice file'), xml('i.xml', '<a/>'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(sent()).toEqual([]);

    await user.upload(
      within(dialog).getByLabelText('Metadata file'),
      xml('i_MT_001.xml', '<FileMetadati/>'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('File imported')).toBeVisible();
    expect(sent()).toEqual([
      {
        path: '/api/it/supplier-invoice-imports',
        body: { invoice: btoa('<a/>'), metadata: btoa('<FileMetadati/>') },
      },
    ]);
  });

  it('shows an unexpected failure as the generic error', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('it', '/supplier-invoice-imports'), () =>
        problem(500, 'Internal Server Error', 'boom'),
      ),
    );
    await renderDialog(<SupplierInvoiceImportDialog open onClose={() => undefined} />);
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
