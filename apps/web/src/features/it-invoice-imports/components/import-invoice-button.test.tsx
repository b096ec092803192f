import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { SupplierInvoiceImportButton } from './import-invoice-button';

function renderButton(route = '/supplier-invoice') {
  return renderWithProviders(
    <>
      <SupplierInvoiceImportButton />
      <AddressProbe />
    </>,
    { route, namespaces: ['invoiceImports'] },
  );
}

const address = () => screen.getByRole('status', { name: 'address', hidden: true }).textContent;

describe('SupplierInvoiceImportButton', () => {
  it('opens the import form through the URL and Cancel removes it again', async () => {
    const user = userEvent.setup();
    await renderButton('/supplier-invoice?page=2');
    await user.click(await screen.findByRole('button', { name: 'Import invoice' }));
    expect(
      await screen.findByRole('dialog', { name: 'Import supplier invoice' }),
    ).toBeInTheDocument();
    expect(address()).toBe('?page=2&dialogId=import');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(address()).toBe('?page=2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the form open on a reload (the address opens it)', async () => {
    await renderButton('/supplier-invoice?dialogId=import');
    expect(
      await screen.findByRole('dialog', { name: 'Import supplier invoice' }),
    ).toBeInTheDocument();
  });
});
