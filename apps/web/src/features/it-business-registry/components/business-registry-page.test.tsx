import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { sampleReceiptsRegistry } from '../../../test/handlers/business-registry';
import { apiUrl } from '../../../test/handlers/http';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import BusinessRegistryPage from './business-registry-page';

function renderPage(route = '/business-registry-configurations') {
  return renderWithProviders(
    <>
      <BusinessRegistryPage
        statistics={(fiscalId) => <p data-testid="statistics-slot">{fiscalId}</p>}
      />
      <AddressProbe />
    </>,
    { route, namespaces: ['businessRegistry', 'listKit'] },
  );
}

afterEach(() => clearSession());

describe('BusinessRegistryPage', () => {
  it('lists the registries with their flags and sends the filters of the address', async () => {
    await renderPage('/business-registry-configurations?name=rossi&applySignature=true');
    const table = await screen.findByRole('table', { name: 'Business Registry' });
    const row = (await within(table).findByText('RSSMRA80A01H501U')).closest('tr');
    expect(row).toHaveTextContent('Mario Rossi');
    expect(row).toHaveTextContent('mario@example.com');
    expect(within(table).queryByText('01234567890')).toBeNull();
    const [list] = sentRequests({ path: '/api/it/business-registry-configurations' });
    expect(list?.query.get('name')).toBe('rossi');
    expect(list?.query.get('applySignature')).toBe('true');
  });

  it('sets "accept only verified supplier invoices" in the settings box', async () => {
    const user = userEvent.setup();
    await renderPage();
    const box = await screen.findByRole('region', { name: 'Supplier invoice settings' });
    const toggle = within(box).getByRole('switch', {
      name: 'Accept only verified supplier invoices',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Supplier invoice settings saved')).toBeVisible();
    expect(toggle).toBeChecked();
    expect(
      sentRequests({ method: 'PUT', path: '/api/common/users/me/accept-only-verified-invoices' })[0]
        ?.body,
    ).toEqual({ accept_only_verified_supplier_invoices: true });
  });

  it.each(['0000000', 'XXXXXXX', null])(
    'hides the supplier settings box for recipient code %s',
    async (code) => {
      server.use(
        http.get(apiUrl('it', '/users/me/recipient-code'), () =>
          HttpResponse.json({ recipient_code: code }),
        ),
      );
      await renderPage();
      await screen.findByText('RSSMRA80A01H501U');
      await waitFor(() =>
        expect(sentRequests({ path: '/api/it/users/me/recipient-code' })).toHaveLength(1),
      );
      expect(screen.queryByRole('region', { name: 'Supplier invoice settings' })).toBeNull();
      expect(sentRequests({ path: '/api/common/users/me/settings' })).toHaveLength(0);
    },
  );

  it('opens the jobs of a company and its statistics', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = (await screen.findByText('RSSMRA80A01H501U')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Statistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statistics of RSSMRA80A01H501U' });
    expect(within(dialog).getByTestId('statistics-slot')).toHaveTextContent('RSSMRA80A01H501U');
    expect(screen.getByLabelText('address')).toHaveTextContent(
      'dialogId=registry-statistics&dialog_fiscal_id=RSSMRA80A01H501U',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('button', { name: 'View jobs' }));
    // The jobs screen is another route: the memory router shows the address it went to.
    await waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent('?fiscal_id=RSSMRA80A01H501U'),
    );
  });

  it('deletes a registry after asking, and says why the API refuses one', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = (await screen.findByText('RSSMRA80A01H501U')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Delete business registry configuration',
    });
    expect(confirm).toHaveTextContent('Mario Rossi (RSSMRA80A01H501U)');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Business registry RSSMRA80A01H501U deleted')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('RSSMRA80A01H501U')).toBeNull());

    server.use(
      http.delete(apiUrl('it', '/business-registry-configurations/:id'), () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            detail: 'This business registry configuration restricts 1 API configuration(s).',
          },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const other = (await screen.findByText('01234567890')).closest('tr')!;
    await user.click(within(other).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(
        'This business registry configuration restricts 1 API configuration(s).',
      ),
    ).toBeVisible();
    expect(screen.getByText('01234567890')).toBeVisible();
  });

  it('offers neither New nor Delete to a sub-account', async () => {
    signIn(fakeToken({ it: ['ROLE_CONFIG_BRC'], common: ['ROLE_SUB_ACCOUNT'] }));
    await renderPage();
    const row = (await screen.findByText(sampleReceiptsRegistry.fiscal_id)).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Settings' })).toBeVisible();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  });
});
