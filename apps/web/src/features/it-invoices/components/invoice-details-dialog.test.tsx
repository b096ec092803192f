import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { draftsHandlers, sampleDraft } from '../../../test/handlers/drafts';
import { apiUrl } from '../../../test/handlers/http';
import { sampleInvoice, sampleInvoiceXml } from '../../../test/handlers/invoices';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import { InvoiceDetailsDialog } from './invoice-details-dialog';

/** A blocked draft whose document carries an attachment. */
const draft = {
  ...sampleDraft,
  marking: 'draft-blocked' as const,
  payload: sampleInvoice.payload,
  invoiceNumber: 'DR-7',
};
const { uuid } = draft;

function renderDraftDialog() {
  server.use(...draftsHandlers([draft]));
  return renderWithProviders(
    <InvoiceDetailsDialog variant="draft" uuid={uuid} onClose={vi.fn()} />,
    { route: `/invoice-drafts?dialogId=draft&dialog_uuid=${uuid}`, namespaces: ['invoices'] },
  );
}

describe('InvoiceDetailsDialog, draft variant', () => {
  it('loads the draft and offers only the info, attachments, json and xml tabs', async () => {
    const user = userEvent.setup();
    await renderDraftDialog();
    const dialog = await screen.findByRole('dialog', { name: /Draft DR-7/ });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Info', 'Attachments', 'JSON', 'XML']);
    // A draft has never been to SDI: no notifications section.
    expect(within(dialog).getByText('ROSSI SPA')).toBeInTheDocument();
    expect(within(dialog).queryByText('Notifications')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Attachments' }));
    expect(within(dialog).getByText('terms.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'XML' }));
    expect(await within(dialog).findByText(sampleInvoiceXml)).toBeInTheDocument();
    expect(sentRequests().every(({ path }) => path === `/api/it/invoices/draft/${uuid}`)).toBe(
      true,
    );
  });

  it('never shows a JSON answer as the XML', async () => {
    const user = userEvent.setup();
    await renderDraftDialog();
    // A server that ignores the XML asked for and answers JSON.
    server.use(http.get(apiUrl('it', '/invoices/draft/:uuid'), () => HttpResponse.json(draft)));
    const dialog = await screen.findByRole('dialog', { name: /Draft DR-7/ });
    await user.click(within(dialog).getByRole('tab', { name: 'XML' }));
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
  });
});
