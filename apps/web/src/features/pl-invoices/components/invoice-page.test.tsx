import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem } from '../../../test/handlers/http';
import {
  plConfirmedInvoice,
  plIncomingInvoice,
  plOfflineInvoice,
} from '../../../test/handlers/pl-invoices';
import { renderRoutes } from '../../../test/render-with-providers';
import { server } from '../../../test/server';
import InvoicePage from './invoice-page';

function renderPage(uuid: string) {
  return renderRoutes([{ path: '/gov-pl/invoices/:invoiceUuid', element: <InvoicePage /> }], {
    route: `/gov-pl/invoices/${uuid}`,
    namespaces: ['plInvoiceView'],
  });
}

describe('signed-in invoice page', () => {
  it('shows a confirmed invoice in a frame that runs nothing, with its downloads and UPO', async () => {
    await renderPage(plConfirmedInvoice.uuid);
    expect(
      await screen.findByRole('heading', { name: 'Invoice FV/2026/11/001' }),
    ).toBeInTheDocument();
    const downloads = screen.getByRole('group', { name: 'Downloads' });
    expect(
      within(downloads)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Invoice XML', 'PDF', 'UPO receipt', 'Download the attachment zamowienie.txt']);
    const frame = await screen.findByTitle('Invoice FV/2026/11/001 as KSeF shows it');
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-scripts');
    expect(screen.getByRole('link', { name: 'Outgoing invoices' })).toHaveAttribute(
      'href',
      '/gov-pl/outgoing-invoices',
    );
  });

  it('has no UPO download before KSeF confirmed the invoice', async () => {
    await renderPage(plOfflineInvoice.uuid);
    const downloads = await screen.findByRole('group', { name: 'Downloads' });
    expect(within(downloads).queryByRole('button', { name: 'UPO receipt' })).toBeNull();
  });

  it('says the invoice could not be downloaded when its XML fails', async () => {
    server.use(
      http.get(apiUrl('pl', '/invoices/:uuid'), ({ request }) =>
        request.headers.get('Accept') === 'application/xml'
          ? problem(500, 'Internal Server Error')
          : undefined,
      ),
    );
    const user = userEvent.setup();
    await renderPage(plIncomingInvoice.uuid);
    await user.click(await screen.findByRole('button', { name: 'Invoice XML' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The invoice could not be downloaded, please try again later.',
    );
    expect(screen.getByRole('link', { name: 'Incoming invoices' })).toBeInTheDocument();
  });

  it('says when the invoice cannot be read', async () => {
    await renderPage('00000000-0000-4000-8000-000000000000');
    expect(
      await screen.findByText('An error occurred, please try again later.'),
    ).toBeInTheDocument();
  });
});
