import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem } from '../../../test/handlers/http';
import { sampleSubAccount as sub } from '../../../test/handlers/sub-accounts';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import SubAccountsPage from './sub-accounts-page';

function renderPage(route = '/settings/sub-accounts') {
  return renderWithProviders(<SubAccountsPage />, { route, namespaces: ['subAccounts'] });
}

describe('SubAccountsPage', () => {
  it('lists the sub-accounts with the filters from the URL', async () => {
    await renderPage('/settings/sub-accounts?email=sub&enabled=true');
    const table = await screen.findByRole('table', { name: 'Sub-accounts' });
    expect(await within(table).findByText('sub@demo.fiscus.test')).toBeInTheDocument();
    expect(within(table).getByText('SBUDMO80A01F205X')).toBeInTheDocument();
    const [list] = sentRequests({ path: '/api/common/users/me/accounts' });
    expect(Object.fromEntries(list?.query ?? [])).toEqual({
      page: '1',
      itemsPerPage: '30',
      email: 'sub',
      enabled: 'true',
    });
  });

  it('shows a 422 in the banner and on the email field, then creates', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New sub-account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), sub.email);
    await user.type(within(dialog).getByRole('textbox', { name: 'Fiscal ID' }), 'RSSMRA80A01H501U');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Sub!Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('Email: This email is already used.');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'This email is already used.',
    );
    // Empty full name is left out of the request, enabled defaults to true.
    expect(sentRequests({ method: 'POST' })[0]?.body).toEqual({
      email: sub.email,
      fiscal_id: 'RSSMRA80A01H501U',
      password: 'Sub!Password1',
      enabled: true,
    });

    const emailBox = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(emailBox);
    await user.type(emailBox, 'new@demo.fiscus.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sub-account new@demo.fiscus.test created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list was invalidated and fetched again.
    expect(await screen.findByText('new@demo.fiscus.test')).toBeInTheDocument();
  });

  it('checks the form before calling the API', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New sub-account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Al');
    await user.type(within(dialog).getByLabelText(/^Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'This value is too short. It should have 3 characters or more.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('This value is too short. It should have 8 characters or more.'),
    ).toBeInTheDocument();
    expect(sentRequests({ method: 'POST' })).toEqual([]);
  });

  it('reports a failed delete with the delete_error snackbar', async () => {
    const user = userEvent.setup();
    server.use(
      http.delete(apiUrl('common', '/users/me/accounts/:email'), () =>
        problem(500, 'Internal Server Error', 'boom'),
      ),
    );
    await renderPage();
    const row = (await screen.findByText('sub@demo.fiscus.test')).closest('tr');
    if (!row) throw new Error('row not found');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete sub-account' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('The sub-account could not be deleted, please try again later.'),
    ).toBeInTheDocument();
  });
});
