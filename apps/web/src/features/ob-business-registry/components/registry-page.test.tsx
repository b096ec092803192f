import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, problem } from '../../../test/handlers/http';
import {
  sampleObCard,
  sampleObCurrentAccount,
  sampleObDepositAccount,
  sampleObInactiveRegistry,
  sampleObRegistry,
} from '../../../test/handlers/ob';
import { AddressProbe, renderRoutes } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import RegistryPage from './registry-page';

const PAGE = '/openbanking/business-registry';

function renderPage(route = PAGE, language?: 'it' | 'pl') {
  return renderRoutes(
    [
      {
        path: PAGE,
        element: (
          <>
            <RegistryPage />
            <AddressProbe />
          </>
        ),
      },
      { path: '/openbanking/:screen', element: <AddressProbe /> },
    ],
    { route, namespaces: ['obBusinessRegistry', 'listKit'], language },
  );
}

async function rowOf(text: string) {
  const table = await screen.findByRole('table', { name: 'Business registry' });
  const row = (await within(table).findByText(text)).closest('tr');
  expect(row).not.toBeNull();
  return row!;
}

async function expandAccounts(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: 'Show the accounts of Rossi Forniture S.r.l.' }),
  );
  return screen.findByRole('table', { name: 'Accounts of Rossi Forniture S.r.l.' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('open-banking RegistryPage', () => {
  it('lists the registries with their connect button, data-reading switch and actions', async () => {
    await renderPage();
    const row = await rowOf(sampleObRegistry.fiscalId);
    expect(row).toHaveTextContent(sampleObRegistry.email);
    expect(row).toHaveTextContent(sampleObRegistry.businessName);
    expect(
      within(row).getByRole('button', { name: 'Connect a bank to Rossi Forniture S.r.l.' }),
    ).toBeVisible();
    expect(
      within(row).getByRole('switch', { name: 'Data reading for Rossi Forniture S.r.l.' }),
    ).toBeChecked();
    // Data reading on: the payments and transactions shortcuts.
    expect(within(row).getByRole('button', { name: 'Payments' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Transactions' })).toBeVisible();

    const inactive = await rowOf(sampleObInactiveRegistry.fiscalId);
    expect(within(inactive).queryByRole('button', { name: 'Payments' })).toBeNull();
    expect(within(inactive).getByRole('button', { name: 'Subscription details' })).toBeVisible();
    expect(screen.getByText('1–2 of 2, page 1 of 1')).toBeVisible();
  });

  it('expands a registry into its accounts, with actions by state', async () => {
    const user = userEvent.setup();
    await renderPage();
    const accounts = await expandAccounts(user);
    const current = (await within(accounts).findByTitle(sampleObCurrentAccount.uuid)).closest(
      'tr',
    )!;
    expect(current).toHaveTextContent('IT60X0542811101000000123456');
    expect(current).toHaveTextContent('€15,230.45');
    expect(current).toHaveTextContent('Banco BPM');
    for (const name of ['Reconnect', 'Payments', 'Transactions', 'Receive payment', 'Details']) {
      expect(within(current).getByRole('button', { name })).toBeVisible();
    }
    // Its connection holds an enabled account: no delete.
    expect(within(current).queryByRole('button', { name: 'Delete' })).toBeNull();

    const card = within(accounts).getByTitle(sampleObCard.uuid).closest('tr')!;
    expect(card).toHaveTextContent('0542811101000000654321');
    expect(card).toHaveTextContent('-€320.10');

    const deposit = within(accounts).getByTitle(sampleObDepositAccount.uuid).closest('tr')!;
    expect(within(deposit).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(within(deposit).queryByRole('button', { name: 'Receive payment' })).toBeNull();
    expect(within(deposit).getByRole('button', { name: 'Details' })).toBeVisible();
    expect(within(deposit).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(
      sentRequests({
        path: `/api/ob/business-registry/${sampleObRegistry.fiscalId}/accounts`,
      })[0]?.query.get('itemsPerPage'),
    ).toBe('30');

    // Hide inactive accounts.
    await user.click(screen.getByRole('switch', { name: 'Hide inactive accounts' }));
    await waitFor(() =>
      expect(within(accounts).queryByText(sampleObDepositAccount.uuid)).toBeNull(),
    );
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('hideInactive=1');
  });

  it('asks before turning data reading on, naming the annual fee, then sends the PUT', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(sampleObInactiveRegistry.fiscalId);
    await user.click(
      within(row).getByRole('switch', { name: 'Data reading for Bianchi Ceramiche S.p.A.' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enable data reading' });
    expect(dialog).toHaveTextContent('€120.00 a year, renewed automatically');
    expect(sentRequests({ method: 'PUT' })).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(
      await screen.findByText('Data reading enabled for Bianchi Ceramiche S.p.A.'),
    ).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/ob/business-registry/${sampleObInactiveRegistry.fiscalId}`,
      body: { businessName: 'Bianchi Ceramiche S.p.A.', emailAlerts: false, enabled: true },
    });
    await waitFor(() =>
      expect(
        within(row).getByRole('switch', { name: 'Data reading for Bianchi Ceramiche S.p.A.' }),
      ).toBeChecked(),
    );
  });

  it('disables an account after asking, and shows the server detail when refused', async () => {
    const user = userEvent.setup();
    await renderPage();
    const accounts = await expandAccounts(user);
    await within(accounts).findByTitle(sampleObCard.uuid);
    await user.click(
      within(accounts).getByRole('switch', { name: 'Account Carta aziendale enabled' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Disable account' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Account Carta aziendale disabled')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/ob/accounts/${sampleObCard.uuid}`,
      body: { enabled: false },
    });

    server.use(
      http.put(apiUrl('ob', '/accounts/:uuid'), () =>
        problem(409, 'Conflict', 'The bank connection is being renewed.'),
      ),
    );
    await user.click(
      within(accounts).getByRole('switch', { name: 'Account Conto corrente ordinario enabled' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Disable account' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The bank connection is being renewed.')).toBeVisible();
  });

  it('deletes an account with its whole connection only when all are disabled', async () => {
    const user = userEvent.setup();
    await renderPage();
    const accounts = await expandAccounts(user);
    const deposit = (await within(accounts).findByTitle(sampleObDepositAccount.uuid)).closest(
      'tr',
    )!;
    await user.click(within(deposit).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent('Delete Conto deposito? Its bank connection is removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 account deleted')).toBeVisible();
    expect(sentRequests({ method: 'DELETE' })[0]?.path).toBe(
      `/api/ob/accounts/${sampleObDepositAccount.uuid}`,
    );
    await waitFor(() =>
      expect(within(accounts).queryByText(sampleObDepositAccount.uuid)).toBeNull(),
    );
  });

  it('tells the account-delete error with the server detail', async () => {
    server.use(
      http.delete(apiUrl('ob', '/accounts/:uuid'), () =>
        problem(409, 'Conflict', 'A payment is linked to this account.'),
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    const accounts = await expandAccounts(user);
    const deposit = (await within(accounts).findByTitle(sampleObDepositAccount.uuid)).closest(
      'tr',
    )!;
    await user.click(within(deposit).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The account was not deleted. A payment is linked to this account.'),
    ).toBeVisible();
  });

  it('receives a payment: the form, then the link with copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage();
    const accounts = await expandAccounts(user);
    const current = (await within(accounts).findByTitle(sampleObCurrentAccount.uuid)).closest(
      'tr',
    )!;
    await user.click(within(current).getByRole('button', { name: 'Receive payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive payment' });
    expect(within(dialog).getByRole('textbox', { name: 'Currency' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Currency' })).toHaveValue('EUR');
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await user.type(amount, '12x');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('Invalid value')).toBeVisible();
    expect(within(dialog).getByText('This value should not be blank.')).toBeVisible();

    await user.clear(amount);
    await user.type(amount, '250,5');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Ordine 77');
    await user.click(within(dialog).getByRole('combobox', { name: /System/ }));
    await user.click(await screen.findByRole('option', { name: 'SEPA Instant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Link' });
    expect((link as HTMLTextAreaElement).value).toMatch(/^https:\/\/pay\.example\.com\/ob\//);
    expect(sentRequests({ method: 'POST' })[0]).toMatchObject({
      path: '/api/ob/payments/receive/sepa-instant',
      body: {
        accountUuid: sampleObCurrentAccount.uuid,
        amount: '250.50',
        currencyCode: 'EUR',
        description: 'Ordine 77',
        email: null,
      },
    });
    expect(within(dialog).getByRole('link', { name: 'Open' })).toHaveAttribute('target', '_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('button', { name: 'Link copied' })).toBeVisible();
    expect(writeText).toHaveBeenCalledWith((link as HTMLTextAreaElement).value);
  });

  it('connects a bank: the link returns to this screen, which tells the outcome', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(sampleObRegistry.fiscalId);
    await user.click(
      within(row).getByRole('button', { name: 'Connect a bank to Rossi Forniture S.r.l.' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect a bank' });
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(
      `http://localhost/api/ob/connect/session-${sampleObRegistry.fiscalId}`,
    );
    expect(sentRequests({ method: 'POST' })[0]).toMatchObject({
      path: `/api/ob/business-registry/${sampleObRegistry.fiscalId}/connect`,
      body: {
        locale: 'en',
        returnUrl: `${window.location.origin}${PAGE}?connected=${sampleObRegistry.fiscalId}`,
      },
    });
  });

  it('tells a failed connection by its error class and a successful one', async () => {
    await renderPage(`${PAGE}?connected=${sampleObRegistry.fiscalId}&error=InvalidCredentials`);
    expect(
      await screen.findByText(
        `The bank of ${sampleObRegistry.fiscalId} was not connected: the bank refused the credentials.`,
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).not.toHaveTextContent('connected'),
    );
  });

  it('opens the accounts of a registry coming back connected', async () => {
    await renderPage(`${PAGE}?connected=${sampleObRegistry.fiscalId}`);
    expect(
      await screen.findByText(
        `The bank of ${sampleObRegistry.fiscalId} is connected: its accounts are being read.`,
      ),
    ).toBeVisible();
    expect(
      await screen.findByRole('table', { name: 'Accounts of Rossi Forniture S.r.l.' }),
    ).toBeVisible();
  });

  it('goes to the payments of an account, filtered by its fiscal id and account', async () => {
    const user = userEvent.setup();
    const { router } = await renderPage();
    const accounts = await expandAccounts(user);
    const current = (await within(accounts).findByTitle(sampleObCurrentAccount.uuid)).closest(
      'tr',
    )!;
    await user.click(within(current).getByRole('button', { name: 'Transactions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/openbanking/transactions'));
    expect(router.state.location.search).toBe(
      `?fiscalId=${sampleObRegistry.fiscalId}&account=${sampleObCurrentAccount.uuid}`,
    );
  });

  it('reconnects an account in a new tab, and tells a failure', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    await renderPage();
    const accounts = await expandAccounts(user);
    const current = (await within(accounts).findByTitle(sampleObCurrentAccount.uuid)).closest(
      'tr',
    )!;
    await user.click(within(current).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() =>
      expect(tab.location.href).toBe(
        `http://localhost/api/ob/connect/reconnect-${sampleObCurrentAccount.uuid}`,
      ),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');

    server.use(
      http.get(apiUrl('ob', '/accounts/:uuid/reconnect'), () => problem(502, 'Bad Gateway')),
    );
    await user.click(within(current).getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('The reconnect link could not be made.')).toBeVisible();
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows the subscription, or says there is none', async () => {
    await renderPage(`${PAGE}?dialogId=subscription&dialog_fiscalId=${sampleObRegistry.fiscalId}`);
    const dialog = await screen.findByRole('dialog', { name: /Subscription of/ });
    expect(await within(dialog).findByText('€120.00')).toBeVisible();
    expect(dialog).toHaveTextContent('Automatic renewal');
  });

  it('says a registry without data reading has no subscription', async () => {
    await renderPage(
      `${PAGE}?dialogId=subscription&dialog_fiscalId=${sampleObInactiveRegistry.fiscalId}`,
    );
    const dialog = await screen.findByRole('dialog', { name: /Subscription of/ });
    expect(
      await within(dialog).findByText(
        'No subscription: data reading has not been enabled for this business.',
      ),
    ).toBeVisible();
  });

  it('edits the business name only: fiscal id and e-mail stay', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(sampleObRegistry.fiscalId);
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit business registry' });
    expect(await within(dialog).findByRole('textbox', { name: /Fiscal id/ })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: /Business name/ });
    await user.clear(name);
    await user.type(name, 'Rossi Forniture Industriali S.r.l.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Business registry Rossi Forniture Industriali S.r.l. saved'),
    ).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/ob/business-registry/${sampleObRegistry.fiscalId}`,
      body: { businessName: 'Rossi Forniture Industriali S.r.l.', emailAlerts: true },
    });
    expect(await rowOf('Rossi Forniture Industriali S.r.l.')).toBeVisible();
  });

  it('shows an account’s details: IBAN, else BBAN', async () => {
    await renderPage(`${PAGE}?dialogId=account&dialog_uuid=${sampleObCard.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: 'Account Carta aziendale' });
    expect(dialog).toHaveTextContent('BBAN0542811101000000654321');
    expect(dialog).not.toHaveTextContent('IBAN');
    expect(dialog).toHaveTextContent('Card');
  });

  it('creates a registry: the 422 on its field and as a toast', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New business registry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New business registry' });
    await user.type(within(dialog).getByRole('textbox', { name: /Fiscal id/ }), 'IT-123');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'a@b.it');
    await user.type(within(dialog).getByRole('textbox', { name: /Business name/ }), 'Verdi');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A fiscal id has only letters and digits, without prefix.'),
    ).toBeVisible();

    const fiscalId = within(dialog).getByRole('textbox', { name: /Fiscal id/ });
    await user.clear(fiscalId);
    await user.type(fiscalId, sampleObRegistry.fiscalId);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fiscalId).toHaveAccessibleDescription(
        'A business registry with this fiscal id already exists.',
      ),
    );
    expect(
      await screen.findByText('fiscalId: A business registry with this fiscal id already exists.', {
        selector: '#notistack-snackbar',
      }),
    ).toBeVisible();

    await user.clear(fiscalId);
    await user.type(fiscalId, '01234567897');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business registry Verdi created')).toBeVisible();
    expect(sentRequests({ method: 'POST' }).at(-1)?.body).toEqual({
      fiscalId: '01234567897',
      email: 'a@b.it',
      businessName: 'Verdi',
      emailAlerts: true,
      locale: 'en',
    });
  });

  it('speaks Italian', async () => {
    await renderPage(PAGE, 'it');
    const table = await screen.findByRole('table', { name: 'Anagrafiche' });
    const row = (await within(table).findByText(sampleObRegistry.fiscalId)).closest('tr')!;
    expect(
      within(row).getByRole('button', { name: 'Collega una banca a Rossi Forniture S.r.l.' }),
    ).toHaveTextContent('Collega');
    expect(screen.getByRole('button', { name: 'Nuova anagrafica' })).toBeVisible();
    expect(screen.getByText('1–2 di 2, pagina 1 di 1')).toBeVisible();
  });

  it('speaks Polish', async () => {
    await renderPage(PAGE, 'pl');
    const table = await screen.findByRole('table', { name: 'Rejestr firm' });
    const row = (await within(table).findByText(sampleObRegistry.fiscalId)).closest('tr')!;
    expect(
      within(row).getByRole('switch', { name: 'Odczyt danych dla Rossi Forniture S.r.l.' }),
    ).toBeChecked();
    expect(within(row).getByRole('button', { name: 'Płatności' })).toBeVisible();
    expect(screen.getByText('1–2 z 2, strona 1 z 1')).toBeVisible();
  });
});
