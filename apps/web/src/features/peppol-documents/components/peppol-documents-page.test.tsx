import type { PeppolDocument } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, hydraCollection, unprocessable } from '../../../test/handlers/http';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import PeppolDocumentsPage from './peppol-documents-page';

const LIST = apiUrl('peppol', '/it/invoices');

function document(overrides: Partial<PeppolDocument>): PeppolDocument {
  return {
    uuid: '6f1c2a43-1b7e-4c55-9a0e-1d2f3a4b5c6d',
    direction: 'outgoing',
    format: 'UBL 2.1 XML',
    number: 'INV-2026-0042',
    date: '2026-11-20',
    createdAt: '2026-11-20T09:15:00+00:00',
    downloaded: false,
    sender: { name: 'GAMMA PEPPOL SRL', identifier: '0211:IT09753108647' },
    recipient: { name: 'Delta Peppol BV', identifier: '0208:0123456749' },
    documentType: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    processType: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    processInformation: {
      orderStatus: null,
      responseCode: null,
      documentType: 'invoice',
      documentReference: null,
    },
    legalEntityUuid: null,
    order: null,
    responses: [],
    peppolMessage: {
      uuid: '0b7b1f7e-4e0f-4c1e-9d3f-5a6b7c8d9e0f',
      createdAt: '2026-11-20T09:15:00+00:00',
      requestSentAt: '2026-11-20T09:15:02+00:00',
      responseReceivedAt: '2026-11-20T09:15:03+00:00',
      success: true,
      errorCode: null,
      errorMessage: null,
    },
    ...overrides,
  };
}

const SENT = document({});
const FAILED = document({
  uuid: '7a2d3b54-2c8f-4d66-8b1f-2e3a4b5c6d7e',
  number: 'INV-2026-0043',
  recipient: { name: 'Nobody Ltd', identifier: '0002:FR23342' },
  peppolMessage: {
    ...SENT.peppolMessage,
    uuid: '1c8c2a8f-5f1a-4d2f-8e4a-6b7c8d9e0f1a',
    success: false,
    errorCode: 'PEPPOL:PARTICIPANT_NOT_FOUND',
    errorMessage: 'The receiver 0002:FR23342 is not registered on the Peppol network.',
  },
});

function renderPage(route = '/peppol/outgoing-invoices') {
  server.use(http.get(LIST, () => hydraCollection([SENT, FAILED])));
  return renderWithProviders(<PeppolDocumentsPage />, {
    route,
    namespaces: ['peppolDocuments', 'listKit'],
  });
}

describe('PeppolDocumentsPage', () => {
  it('lists the outgoing invoices of the last month with their message state, 30 a page', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Outgoing invoices' });
    const failed = (await within(table).findByText('INV-2026-0043')).closest('tr');
    if (!failed) throw new Error('row not found');
    expect(
      within(failed).getByRole('button', {
        name: 'Sent with errors (PEPPOL:PARTICIPANT_NOT_FOUND)',
      }),
    ).toBeInTheDocument();
    expect(within(failed).getByText('0002:FR23342')).toBeInTheDocument();
    expect(within(failed).getByText('BIS Billing 3')).toBeInTheDocument();
    const sent = within(table).getByText('INV-2026-0042').closest('tr');
    expect(within(sent!).getByRole('button', { name: 'Sent successfully' })).toBeInTheDocument();

    const [list] = sentRequests({ method: 'GET', path: '/api/peppol/it/invoices' });
    expect(list?.query.get('direction')).toBe('outgoing');
    expect(list?.query.get('itemsPerPage')).toBe('30');
    expect(list?.query.get('createdAt[after]')).toMatch(/T00:00:00[+-]\d{2}:\d{2}$/);
    expect(list?.query.get('createdAt[before]')).toMatch(/T23:59:59[+-]\d{2}:\d{2}$/);
  });

  it('opens the message of a failed document with the network’s error', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('peppol', `/it/invoices/${FAILED.uuid}`), () => HttpResponse.json(FAILED)),
    );
    await renderPage();
    await user.click(
      await screen.findByRole('button', {
        name: 'Sent with errors (PEPPOL:PARTICIPANT_NOT_FOUND)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Peppol message' });
    expect(
      await within(dialog).findByText(
        'The receiver 0002:FR23342 is not registered on the Peppol network.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for one document only when a uuid is typed, and keeps the number until a date is given', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('peppol', `/it/invoices/${SENT.uuid}`), () => HttpResponse.json(SENT)),
    );
    await renderPage(`/peppol/outgoing-invoices?uuid=${SENT.uuid}`);
    const table = await screen.findByRole('table', { name: 'Outgoing invoices' });
    expect(await within(table).findByText('INV-2026-0042')).toBeInTheDocument();
    expect(within(table).queryByText('INV-2026-0043')).toBeNull();
    expect(sentRequests({ method: 'GET', path: '/api/peppol/it/invoices' })).toEqual([]);
    await user.click(screen.getByRole('button', { name: /filters/i }));
    expect(await screen.findByLabelText('Sender name')).toBeDisabled();
  });

  it('shows the rule a document breaks when it is sent, before anything is stored', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('peppol', '/it/invoices/outgoing/ubl'), () =>
        unprocessable([
          {
            propertyPath: 'Invoice.LegalMonetaryTotal.PayableAmount',
            message:
              '[BR-CO-16] Amount due for payment = Invoice total amount with VAT - Paid amount.',
            code: 'BR-CO-16',
          },
        ]),
      ),
    );
    await renderPage('/peppol/outgoing-invoices?dialogId=send');
    const dialog = await screen.findByRole('dialog', { name: 'Send an invoice' });
    await user.click(within(dialog).getByLabelText('UBL document (XML or JSON)'));
    await user.paste('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('BR-CO-16')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Invoice.LegalMonetaryTotal.PayableAmount'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The document breaks 1 rule: it cannot be sent.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        sentRequests({ method: 'POST', path: '/api/peppol/it/invoices/outgoing/ubl' }),
      ).toHaveLength(1),
    );
  });
});
