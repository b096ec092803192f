import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CustomerInvoiceImportDialog } from './customer-invoice-import-dialog';
import { SupplierInvoiceImportDialog } from './supplier-invoice-import-dialog';

/** SDI's own messages (official samples): both name the invoice file and give its SDI id. */
// Tests run in apps/web; the shared corpus sits next to the repository.
const notifications = resolve(
  process.cwd(),
  '../../../shared/spec/fatturapa/samples/notifications',
);
const sdiFile = (name: string) =>
  new File([readFileSync(join(notifications, name))], name, { type: 'text/xml' });
const invoiceFile = () => new File(['<a/>'], 'IT01234567890_11111.xml', { type: 'text/xml' });
const requiredWithout = 'This field is required when there is not any notification';

describe('file name and SDI id of the import dialogs', () => {
  it('a notification fills them and their required errors go at once', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<CustomerInvoiceImportDialog open onClose={() => undefined} />, {
      namespaces: ['invoiceImports'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import customer invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findAllByText(requiredWithout)).toHaveLength(2);

    await user.upload(within(dialog).getByLabelText('Invoice file'), invoiceFile());
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Notification 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'RC - Delivery receipt' }));
    await user.upload(
      within(dialog).getByLabelText('Notification 1 file'),
      sdiFile('IT01234567890_11111_RC_001.xml'),
    );

    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Invoice file name/ })).toHaveValue(
        'IT01234567890_11111.xml.p7m',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /SDI id/ })).toHaveValue('111');
    expect(within(dialog).queryByText(requiredWithout)).toBeNull();
  });

  it('the metadata file fills them, and never over what the user typed', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SupplierInvoiceImportDialog open onClose={() => undefined} />, {
      namespaces: ['invoiceImports'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import supplier invoice' });
    await user.type(within(dialog).getByRole('textbox', { name: /SDI id/ }), '4242');
    await user.upload(
      within(dialog).getByLabelText('Metadata file'),
      sdiFile('IT01234567890_11111_MT_001.xml'),
    );

    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Invoice file name/ })).toHaveValue(
        'IT01234567890_11111.xml.p7m',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /SDI id/ })).toHaveValue('4242');
  });
});
