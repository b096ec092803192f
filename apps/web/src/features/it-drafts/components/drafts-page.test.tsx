import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { completeDraft, draftsHandlers, sampleDraft as draft } from '../../../test/handlers/drafts';
import { apiUrl, problem } from '../../../test/handlers/http';
import { i18n } from '../../../lib/i18n';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
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
    { route, namespaces: ['drafts', 'invoiceForm', 'codeLists', 'listKit'] },
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

  it('edits, saves and sends a draft in one visit: the send form shows and sends the edit', async () => {
    server.use(...draftsHandlers([completeDraft]));
    const user = userEvent.setup();
    await renderPage();
    const row = async () => {
      const cell = await screen.findByText(/^FT-1/);
      const tr = cell.closest('tr');
      if (!tr) throw new Error('no row');
      return tr;
    };
    await user.click(within(await row()).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit draft' });
    const number = await within(edit).findByDisplayValue('FT-1');
    await user.clear(number);
    await user.type(number, 'FT-2');
    await user.click(within(edit).getByRole('button', { name: 'Validate schema' }));
    // Validated, the button says what it does, and it has the focus.
    const save = await within(edit).findByRole('button', { name: 'Save draft' });
    await waitFor(() => expect(save).toHaveFocus());
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = sentRequests({
      method: 'PUT',
      path: `/api/it/invoices/draft/${completeDraft.uuid}`,
    });
    expect(put).toHaveLength(1);

    await user.click(within(await row()).getByRole('button', { name: 'Send' }));
    const send = await screen.findByRole('dialog', { name: 'Send draft' });
    expect(await within(send).findByDisplayValue('FT-2')).toBeInTheDocument();
    expect(within(send).queryByDisplayValue('FT-1')).not.toBeInTheDocument();
    await user.click(within(send).getByRole('button', { name: 'Validate schema' }));
    await user.click(await within(send).findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        sentRequests({ method: 'POST', path: `/api/it/invoices/draft/${completeDraft.uuid}/send` }),
      ).toHaveLength(1),
    );
    // Unchanged since the save: nothing older is written over the edit.
    expect(sentRequests({ method: 'PUT' })).toHaveLength(1);
  }, 60_000);

  it("lists a refused send's violations where they are in the invoice and in Polish, not by JSON path", async () => {
    const numero = 'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero';
    server.use(
      http.post(apiUrl('it', '/invoices/draft/:uuid/send'), () =>
        problem(400, 'Bad Request', `${numero}: 2.1.1.4 Numero contains no digit`, {
          violations: [
            {
              propertyPath: numero,
              message: '2.1.1.4 Numero contains no digit',
              code: '00425',
              messages: {
                it: '2.1.1.4 <Numero> non contenente caratteri numerici',
                en: '2.1.1.4 Numero contains no digit',
                pl: '2.1.1.4 Numero nie zawiera żadnej cyfry',
              },
            },
          ],
        }),
      ),
      ...draftsHandlers([completeDraft]),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <DraftsPage invoiceHref={(uuid) => `/customer-invoice/${uuid}`} renderDetails={() => null} />,
      { namespaces: ['drafts', 'invoiceForm', 'codeLists', 'listKit'], language: 'pl' },
    );
    const row = (await screen.findByText(/^FT-1/)).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(
      screen.getByRole('button', { name: i18n.t('actions.sendSelected', { ns: 'drafts' }) }),
    );
    const bulk = await screen.findByRole('dialog', {
      name: i18n.t('bulk.title.send', { ns: 'drafts' }),
    });
    await user.click(
      await within(bulk).findByRole('button', {
        name: i18n.t('bulk.row', { ns: 'drafts', number: 'FT-1' }),
      }),
    );
    expect(
      await within(bulk).findByText(
        'Dane dokumentu › Numer: 2.1.1.4 Numero nie zawiera żadnej cyfry',
      ),
    ).toBeInTheDocument();
    expect(bulk).not.toHaveTextContent(/fattura_elettronica|contains no digit/);
  }, 60_000);

  it('unblocks a blocked draft from its row, and explains a blocked send in words', async () => {
    server.use(...draftsHandlers([{ ...completeDraft, marking: 'draft-blocked' }]));
    const user = userEvent.setup();
    await renderPage();
    const cell = await screen.findByText(/^FT-1/);
    const row = cell.closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send selected' }));
    const bulk = await screen.findByRole('dialog', { name: 'Sending drafts' });
    await user.click(await within(bulk).findByRole('button', { name: 'Draft FT-1' }));
    expect(await within(bulk).findByText(/saved with 'Block invoice sent'/)).toBeInTheDocument();
    expect(bulk).not.toHaveTextContent('draft send error blocked');
    // The row's date in the console's one format, not the API's ISO text.
    expect(bulk).toHaveTextContent('01 Mar 2026');
    expect(bulk).not.toHaveTextContent('2026-03-01');
    await user.click(within(bulk).getByRole('button', { name: 'Close' }));

    await user.click(within(row).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Draft unblocked: it can be sent')).toBeInTheDocument();
    const put = sentRequests({ method: 'PUT' });
    expect(put).toHaveLength(1);
    expect(put[0]?.headers.get('X-Draft-Blocked')).toBe('false');
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Unblock' })).not.toBeInTheDocument(),
    );
  });

  it('offers unblocking a blocked draft in its send dialog, then sends it', async () => {
    server.use(...draftsHandlers([{ ...completeDraft, marking: 'draft-blocked' }]));
    const user = userEvent.setup();
    await renderPage();
    const row = (await screen.findByText(/^FT-1/)).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Send' }));
    const send = await screen.findByRole('dialog', { name: 'Send draft' });
    expect(
      await within(send).findByText(/This draft is blocked \('Block invoice sent'\)/),
    ).toBeVisible();
    const box = within(send).getByRole('checkbox', { name: 'Block invoice sent' });
    expect(box).toBeChecked();

    // Still ticked: the form says how, in words, and asks the server nothing.
    await user.click(within(send).getByRole('button', { name: 'Validate schema' }));
    await user.click(await within(send).findByRole('button', { name: 'Submit' }));
    expect(
      await within(send).findByText(
        "This draft is blocked: untick 'Block invoice sent' to send it.",
      ),
    ).toBeInTheDocument();
    expect(sentRequests({ method: 'PUT' })).toHaveLength(0);
    expect(
      sentRequests({ method: 'POST', path: `/api/it/invoices/draft/${completeDraft.uuid}/send` }),
    ).toHaveLength(0);

    // Unticked: saved unblocked first, then sent.
    await user.click(box);
    await user.click(within(send).getByRole('button', { name: 'Validate schema' }));
    await user.click(await within(send).findByRole('button', { name: 'Unblock and send' }));
    await waitFor(() =>
      expect(
        sentRequests({ method: 'POST', path: `/api/it/invoices/draft/${completeDraft.uuid}/send` }),
      ).toHaveLength(1),
    );
    const put = sentRequests({ method: 'PUT' });
    expect(put).toHaveLength(1);
    expect(put[0]?.headers.get('X-Draft-Blocked')).toBe('false');
  }, 60_000);

  it('asks before deleting the selected drafts, naming how many', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = (await screen.findByText('DR-1')).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete selected drafts' });
    expect(confirm).toHaveTextContent('Delete 1 selected draft? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRequests({ method: 'DELETE' })).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Delete selected' }));
    const again = await screen.findByRole('dialog', { name: 'Delete selected drafts' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentRequests({ method: 'DELETE' })).toHaveLength(1));
  });

  it('fills the supplier of a new draft from the invoicing profile', async () => {
    server.use(
      http.get(apiUrl('common', '/users/me/profile'), () =>
        HttpResponse.json({
          invoicing_country: 'IT',
          invoicing_vat_number: 'IT01234567897',
          invoicing_fiscal_id: '01234567897',
          invoicing_name: 'Acme Srl',
          invoicing_address: 'via Roma 1',
          invoicing_city: 'Roma',
          invoicing_province: 'rm',
          invoicing_cap: '00100',
        }),
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draft' });
    expect(await within(dialog).findByDisplayValue('Acme Srl')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('VIA ROMA 1')).toBeInTheDocument();
  });
});
