import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { apiUrl, problem } from '../../../test/handlers/http';
import {
  PL_ACCESS_CODE,
  PL_ACCESS_CODE_SENT_TO,
  PL_EXPIRED_CODE,
  PL_TYPED_CODE,
  plConfirmedInvoice,
  plInvoiceXmlBytes,
  plRejectedInvoice,
} from '../../../test/handlers/pl-invoices';
import { AddressProbe, renderRoutes } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import { bytesOf, captureSavedFiles } from '../testing/saved-files';
import PublicInvoicePage from './public-invoice-page';

function renderPage(uuid = plConfirmedInvoice.uuid, search = '') {
  return renderRoutes(
    [
      {
        path: '/gov-pl/public-invoices/:invoiceUuid',
        element: (
          <>
            <PublicInvoicePage />
            <AddressProbe />
          </>
        ),
      },
    ],
    {
      route: `/gov-pl/public-invoices/${uuid}${search}`,
      namespaces: ['plPublicInvoice', 'plInvoiceView'],
    },
  );
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  window.sessionStorage.clear();
  clearSession();
});

describe('public invoice page', () => {
  it('asks for a code by e-mail, refuses a wrong one on its field, then shows the invoice and downloads with the code', async () => {
    // A console session in the same browser: the public calls still carry no token.
    signIn(fakeToken({ pl: ['ROLE_USER'] }));
    const saved = captureSavedFiles();
    restore = saved.restore;
    let answer: (() => void) | undefined;
    server.use(
      http.post(apiUrl('pl', '/invoices/:uuid/send-access-code'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ email: PL_ACCESS_CODE_SENT_TO });
      }),
    );
    const user = userEvent.setup();
    await renderPage();

    // Polish by default.
    const request = await screen.findByRole('button', { name: 'Wyślij mi kod dostępu' });
    await user.click(request);
    await waitFor(() => expect(request).toBeDisabled());
    answer?.();
    expect(
      await screen.findByText(`Wysłaliśmy kod dostępu na adres ${PL_ACCESS_CODE_SENT_TO}.`, {
        exact: false,
      }),
    ).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: 'Kod dostępu' });
    await user.click(screen.getByRole('button', { name: 'Otwórz fakturę' }));
    expect(field).toHaveAccessibleDescription('Pole obowiązkowe');
    expect(
      sentRequests({
        method: 'POST',
        path: `/api/pl/invoices/${plConfirmedInvoice.uuid}/activate-access-code`,
      }),
    ).toEqual([]);

    await user.type(field, '999999');
    await user.click(screen.getByRole('button', { name: 'Otwórz fakturę' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Ten kod dostępu jest nieprawidłowy.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, PL_EXPIRED_CODE);
    await user.click(screen.getByRole('button', { name: 'Otwórz fakturę' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Ten kod dostępu wygasł: poproś o nowy.'),
    );

    await user.clear(field);
    await user.type(field, PL_TYPED_CODE);
    await user.click(screen.getByRole('button', { name: 'Otwórz fakturę' }));

    expect(
      await screen.findByRole('heading', { name: 'Faktura FV/2026/11/001' }),
    ).toBeInTheDocument();
    const frame = await screen.findByTitle('Faktura FV/2026/11/001 w wizualizacji KSeF');
    expect(frame.getAttribute('srcdoc')).toContain('Faktura VAT FV/2026/11/001');
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-scripts');
    const [html] = sentRequests({
      method: 'GET',
      path: `/api/pl/invoices/${plConfirmedInvoice.uuid}/code/${PL_ACCESS_CODE}`,
    }).filter((entry) => entry.headers.get('Accept') === 'text/html');
    // KSeF's visualisation in the page's language.
    expect(html?.query.get('lang')).toBe('pl');

    const downloads = screen.getByRole('group', { name: 'Pobieranie' });
    await user.click(within(downloads).getByRole('button', { name: 'XML faktury' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(await bytesOf(saved.files[0])).toEqual(plInvoiceXmlBytes(plConfirmedInvoice));
    await user.click(within(downloads).getByRole('button', { name: 'UPO' }));
    await user.click(
      within(downloads).getByRole('button', { name: 'Pobierz załącznik zamowienie.txt' }),
    );
    await waitFor(() => expect(saved.files).toHaveLength(3));
    expect(saved.files.map((file) => file.name)).toEqual([
      'FV_2026_11_001.xml',
      'UPO_FV_2026_11_001.xml',
      'zamowienie.txt',
    ]);

    const coded = sentRequests().filter((entry) => entry.path.includes(`/${PL_ACCESS_CODE}`));
    expect(coded.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        `/api/pl/invoices/${plConfirmedInvoice.uuid}/code/${PL_ACCESS_CODE}`,
        `/api/pl/invoices/${plConfirmedInvoice.uuid}/code/${PL_ACCESS_CODE}/upo`,
        `/api/pl/invoices/${plConfirmedInvoice.uuid}/attachments/download/${plConfirmedInvoice.attachments[0]?.uuid}/${PL_ACCESS_CODE}`,
      ]),
    );
    const invoiceCalls = sentRequests().filter((entry) => entry.path.startsWith('/api/pl/'));
    expect(invoiceCalls.every((entry) => entry.headers.get('Authorization') === null)).toBe(true);
  });

  it('shows the UPO download only once KSeF confirmed the invoice', async () => {
    window.sessionStorage.setItem(
      `fiscus.plPublicInvoice.${plRejectedInvoice.uuid}`,
      PL_ACCESS_CODE,
    );
    server.use(
      http.get(apiUrl('pl', '/invoices/:uuid/code/:code'), ({ request }) =>
        request.headers.get('Accept')?.includes('text/html')
          ? new HttpResponse('<html><body>KOR</body></html>', {
              headers: { 'Content-Type': 'text/html' },
            })
          : HttpResponse.json(plRejectedInvoice),
      ),
    );
    await renderPage(plRejectedInvoice.uuid, '?lang=en');
    expect(
      await screen.findByRole('heading', { name: 'Invoice FV/2026/11/002' }),
    ).toBeInTheDocument();
    const downloads = screen.getByRole('group', { name: 'Downloads' });
    expect(within(downloads).getByRole('button', { name: 'Invoice XML' })).toBeInTheDocument();
    expect(within(downloads).getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    expect(within(downloads).queryByRole('button', { name: 'UPO receipt' })).toBeNull();
    const html = sentRequests({ method: 'GET' }).find(
      (entry) => entry.headers.get('Accept') === 'text/html',
    );
    expect(html?.query.get('lang')).toBe('en');
  });

  it('switches between Polish and English, and keeps the choice in the address', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Otwórz swoją fakturę' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Open your invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me an access code' })).toBeInTheDocument();
    expect(screen.getByLabelText('address')).toHaveTextContent('lang=en');
    await user.click(screen.getByRole('button', { name: 'Polski' }));
    expect(
      await screen.findByRole('heading', { name: 'Otwórz swoją fakturę' }),
    ).toBeInTheDocument();
  });

  it('says when too many codes were asked for the invoice', async () => {
    server.use(
      http.post(apiUrl('pl', '/invoices/:uuid/send-access-code'), () =>
        problem(429, 'Too many codes were requested for this invoice: try again later.'),
      ),
    );
    const user = userEvent.setup();
    await renderPage(plConfirmedInvoice.uuid, '?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Send me an access code' }));
    expect(
      await screen.findByText('Too many codes were asked for this invoice: try again in an hour.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me an access code' })).toBeEnabled();
  });

  it('says a download failed in the public page’s words', async () => {
    window.sessionStorage.setItem(
      `fiscus.plPublicInvoice.${plConfirmedInvoice.uuid}`,
      PL_ACCESS_CODE,
    );
    server.use(
      http.get(apiUrl('pl', '/invoices/:uuid/code/:code'), ({ request }) => {
        const accept = request.headers.get('Accept') ?? '';
        if (accept.includes('application/pdf')) return problem(500, 'Internal Server Error');
        if (accept.includes('text/html')) return new HttpResponse('<html></html>');
        return HttpResponse.json(plConfirmedInvoice);
      }),
    );
    const user = userEvent.setup();
    await renderPage(plConfirmedInvoice.uuid, '?lang=en');
    await user.click(await screen.findByRole('button', { name: 'PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred, please try again later.',
    );
  });

  it('says when the invoice cannot be shown, and offers a new code', async () => {
    window.sessionStorage.setItem(`fiscus.plPublicInvoice.${plConfirmedInvoice.uuid}`, 'stale');
    const user = userEvent.setup();
    await renderPage(plConfirmedInvoice.uuid, '?lang=en');
    expect(
      await screen.findByText('An error occurred, please try again later.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a new access code' }));
    expect(await screen.findByRole('button', { name: 'Send me an access code' })).toBeEnabled();
    expect(window.sessionStorage.length).toBe(0);
  });
});
