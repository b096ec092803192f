import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import subAccounts from '../../../locales/en/subAccounts.json';
import SubAccountsPage from './sub-accounts-page';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

const sub = {
  email: 'sub@demo.fiscus.test',
  fiscal_id: 'SBUDMO80A01F205X',
  fullname: 'Sub Demo',
  enabled: true,
  created_at: '2026-01-31T10:00:00.000Z',
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

/** A tiny in-memory common service answering the sub-account routes. */
function fakeApi(options: { failDelete?: boolean } = {}) {
  const calls: Call[] = [];
  const accounts = [sub];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && url.pathname === '/api/common/users/me/accounts') {
      const email = url.searchParams.get('email') ?? '';
      const members = accounts.filter((account) => account.email.includes(email));
      return json(
        200,
        { 'hydra:member': members, 'hydra:totalItems': members.length },
        'application/ld+json',
      );
    }
    if (method === 'POST' && url.pathname === '/api/common/users/me/accounts') {
      const request = body as { email: string };
      if (accounts.some((account) => account.email === request.email)) {
        return json(
          422,
          {
            type: 'about:blank',
            title: 'Unprocessable Entity',
            status: 422,
            detail: 'email: This email is already used.',
            violations: [
              {
                propertyPath: 'email',
                message: 'This email is already used.',
                code: 'already_used',
              },
            ],
          },
          'application/problem+json',
        );
      }
      const created = { ...sub, ...request, created_at: '2026-02-01T10:00:00.000Z' };
      accounts.unshift(created);
      return json(201, created);
    }
    if (method === 'DELETE' && options.failDelete) {
      return json(
        500,
        { type: 'about:blank', title: 'Error', status: 500, detail: 'boom' },
        'application/problem+json',
      );
    }
    return json(404, { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function renderPage(initialUrl = '/settings/sub-accounts') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3}>
        <ListKitTestProviders initialUrl={initialUrl} namespaces={{ subAccounts }}>
          <SubAccountsPage />
        </ListKitTestProviders>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('SubAccountsPage', () => {
  it('lists the sub-accounts with the filters from the URL', async () => {
    const api = fakeApi();
    renderPage('/settings/sub-accounts?email=sub&enabled=true');
    const table = await screen.findByRole('table', { name: 'Sub-accounts' });
    expect(await within(table).findByText('sub@demo.fiscus.test')).toBeInTheDocument();
    expect(within(table).getByText('SBUDMO80A01F205X')).toBeInTheDocument();
    const list = api.calls.find((call) => call.url.pathname.endsWith('/users/me/accounts'));
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({
      page: '1',
      itemsPerPage: '30',
      email: 'sub',
      enabled: 'true',
    });
  });

  it('shows a 422 in the banner and on the email field, then creates', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New sub-account' }));
    const dialog = screen.getByRole('dialog', { name: 'New sub-account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), sub.email);
    await user.type(within(dialog).getByRole('textbox', { name: 'Fiscal ID' }), 'RSSMRA80A01H501U');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Sub!Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('email: This email is already used.');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'This email is already used.',
    );
    // Empty full name is left out of the request, enabled defaults to true.
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
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
    const api = fakeApi();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New sub-account' }));
    const dialog = screen.getByRole('dialog', { name: 'New sub-account' });
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
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('reports a failed delete with the delete_error snackbar', async () => {
    const user = userEvent.setup();
    fakeApi({ failDelete: true });
    renderPage();
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
