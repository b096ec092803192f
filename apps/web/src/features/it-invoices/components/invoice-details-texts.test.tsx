/** What the invoice details dialog says: labels, markings and messages in the user's language. */
import type { Invoice, PreservedDocument } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { apiUrl } from '../../../test/handlers/http';
import { invoicesHandlers, sampleInvoice } from '../../../test/handlers/invoices';
import { renderWithProviders, type TestLanguage } from '../../../test/render-with-providers';
import { server } from '../../../test/server';
import { InvoiceDetailsDialog } from './invoice-details-dialog';

beforeEach(() =>
  signIn(fakeToken({ it: ['ROLE_INVOICING', 'ROLE_CONFIG'], common: ['ROLE_USER'] })),
);
afterEach(() => clearSession());

function renderDialog(invoice: Invoice, tab = 'info', language: TestLanguage = 'en') {
  server.use(...invoicesHandlers([invoice]));
  return renderWithProviders(<InvoiceDetailsDialog uuid={invoice.uuid} onClose={vi.fn()} />, {
    route: `/customer-invoice?dialogId=invoice&dialog_uuid=${invoice.uuid}&dialog_tab=${tab}`,
    namespaces: ['invoices', 'listKit'],
    language,
  });
}

describe('invoice details texts', () => {
  it("labels a recipient's fiscal code as a fiscal code, a VAT number as a VAT number", async () => {
    await renderDialog({
      ...sampleInvoice,
      recipient: { business_name: 'MARIO ROSSI', business_fiscal_code: 'RSSMRA80A01H501U' },
      recipientVatNumberFormatted: null,
    });
    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    expect(within(dialog).getByText('Recipient fiscal code')).toBeVisible();
    expect(within(dialog).getByText('RSSMRA80A01H501U')).toBeVisible();
    expect(within(dialog).queryByText('Recipient VAT number')).not.toBeInTheDocument();
    expect(within(dialog).getByText('IT01234567897')).toBeVisible();
  });

  it('shows a rejected invoice set as solved as archived', async () => {
    await renderDialog({ ...sampleInvoice, marking: 'rejected', archived: true });
    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    expect(within(dialog).getAllByText('Rejected (archived)').length).toBeGreaterThan(0);
  });

  it('writes the preservation message in the user language', async () => {
    const preserved: PreservedDocument = {
      uuid: '0f0e8a38-5d1c-4a57-9a39-6c4b0c3b6a11',
      document_type: 'customer-invoice',
      document_uuid: sampleInvoice.uuid,
      preserved_object_id: 'PKG-1',
      status: 'stored',
      status_history: [],
      message: 'Stored: deposit receipt received',
      error_message: null,
      original_filename: 'IT01234567890_00001.xml',
      weight: 2048,
      receipt_received_at: '2026-03-02T10:05:00.000Z',
      verified_at: null,
      verification_failure: null,
      created_at: '2026-03-02T10:00:00.000Z',
      updated_at: '2026-03-02T10:05:00.000Z',
    };
    server.use(
      http.get(apiUrl('it', '/invoices/:uuid/preserved-document'), () =>
        HttpResponse.json(preserved),
      ),
    );
    await renderDialog(sampleInvoice, 'preservation', 'it');
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Conservato: ricevuta di deposito ricevuta'),
    ).toBeVisible();
    expect(within(dialog).queryByText('Stored: deposit receipt received')).not.toBeInTheDocument();
  });

  it("says no webhook is configured when 'Send to webhooks' delivered nothing", async () => {
    const user = userEvent.setup();
    await renderDialog(sampleInvoice, 'actions');
    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    await user.click(within(dialog).getByRole('button', { name: 'Send to webhooks' }));
    expect(
      await screen.findByText('No webhook is configured for this event: nothing was sent'),
    ).toBeVisible();
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();
  });
});
