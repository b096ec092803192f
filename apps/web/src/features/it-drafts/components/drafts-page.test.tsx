import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleDraft as draft } from '../../../test/handlers/drafts';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import { DraftsPage } from './drafts-page';

/** The drafts list calls, each with its filters (without `properties[]`) and asked properties. */
function listCalls() {
  return sentRequests({ path: '/api/it/invoices/draft' }).map(({ query }) => ({
    filters: Object.fromEntries([...query].filter(([key]) => key !== 'properties[]')),
    properties: query.getAll('properties[]'),
  }));
}

function renderPage(route = '/invoice-drafts') {
  return renderWithProviders(
    <>
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
      <AddressProbe />
    </>,
    { route, namespaces: ['drafts'] },
  );
}

describe('DraftsPage', () => {
  it('sends the filters of the filter bar and shows what the API found', async () => {
    const user = userEvent.setup();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Drafts' });
    expect(await within(table).findByText('DR-1')).toBeInTheDocument();
    // Only what the table shows: never the payload, which the edit and details dialogs read.
    expect(listCalls().at(-1)?.properties).toEqual(
      expect.arrayContaining(['uuid', 'invoiceNumber', 'marking', 'recipientFormatted']),
    );
    expect(listCalls().at(-1)?.properties).not.toContain('payload');
    expect(within(table).getByText('ROSSI SPA')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('undefined');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Recipient business name' }), 'Bianchi');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(within(table).queryByText('DR-1')).not.toBeInTheDocument());
    expect(listCalls().at(-1)?.filters).toEqual({
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
    await renderPage(`/invoice-drafts?uuid=${draft.uuid}`);
    expect(await screen.findByRole('textbox', { name: 'UUID' })).toHaveValue(draft.uuid);
    expect(screen.getByRole('textbox', { name: 'Sender business name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Recipient fiscal ID' })).toBeDisabled();
  });

  it('opens the details of a draft in the address, and closing removes it', async () => {
    const user = userEvent.setup();
    await renderPage();
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
    await renderPage(`/invoice-drafts?dialogId=draft&dialog_uuid=${draft.uuid}&dialog_tab=json`);
    expect(screen.getByRole('dialog', { name: `Details of ${draft.uuid}` })).toBeInTheDocument();
  });
});
