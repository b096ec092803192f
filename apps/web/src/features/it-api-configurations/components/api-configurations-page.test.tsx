import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import apiConfigurations from '../../../locales/en/apiConfigurations.json';
import common from '../../../locales/en/common.json';
import ApiConfigurationsPage from './api-configurations-page';

const UUID = '0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f';

const configuration = {
  '@id': `/api/it/api-configurations/${UUID}`,
  uuid: UUID,
  event: 'customer-invoice',
  target_url: 'https://hooks.example.com/fiscus',
  authentication_type: 'header',
  authentication_key: 'Bearer',
  authentication_token_hint: '••••cret',
  business_registry_configurations: [
    { '@id': '/api/it/business-registry-configurations/01234567890', fiscal_id: '01234567890' },
  ],
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
};

const registry = {
  '@id': '/api/it/business-registry-configurations/01234567890',
  uuid: '2cbf67e3-1900-40d0-85e2-492546262a23',
  fiscal_id: '01234567890',
  name: 'ALPHA SRL',
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const collection = (members: unknown[]) =>
  json(200, { 'hydra:member': members, 'hydra:totalItems': members.length }, 'application/ld+json');

function fakeApi(saveAnswer: (body: unknown) => Response) {
  const sent: { method: string; path: string; query: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, query: url.search, body });
      if (url.pathname === '/api/it/business-registry-configurations')
        return collection([registry]);
      if (url.pathname.endsWith('/deliveries')) {
        return collection([
          {
            uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
            event: 'customer-invoice',
            status: 'failed',
            attempt: 3,
            response_code: 503,
            duration_ms: 42,
            error: 'HTTP 503',
            replay_of: null,
            created_at: '2026-11-21T08:00:00.000Z',
            updated_at: '2026-11-21T08:05:00.000Z',
            delivered_at: null,
          },
        ]);
      }
      if (method === 'GET' && url.pathname === `/api/it/api-configurations/${UUID}`) {
        return json(200, configuration);
      }
      if (method === 'GET') return collection([configuration]);
      return saveAnswer(body);
    }),
  );
  return sent;
}

function renderPage(initialUrl = '/api-configurations') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3}>
        <ListKitTestProviders initialUrl={initialUrl} namespaces={{ apiConfigurations, common }}>
          <ApiConfigurationsPage />
        </ListKitTestProviders>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiConfigurationsPage', () => {
  it('lists the configurations, searching by target URL with pages of 100', async () => {
    const sent = fakeApi(() => json(500, {}));
    renderPage('/api-configurations?targetUrl=hooks');
    const table = await screen.findByRole('table', { name: 'Integration configurations' });
    expect(await within(table).findByText('https://hooks.example.com/fiscus')).toBeVisible();
    expect(within(table).getByText('Authorization header')).toBeVisible();
    expect(within(table).getByText('01234567890')).toBeVisible();
    const list = sent.find((call) => call.path === '/api/it/api-configurations');
    expect(new URLSearchParams(list?.query).get('targetUrl')).toBe('hooks');
    expect(new URLSearchParams(list?.query).get('itemsPerPage')).toBe('100');
  });

  it('checks the form, then shows the server 422 on its field, in an alert and a toast', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(() =>
      json(
        422,
        {
          type: '/errors/422',
          title: 'An error occurred',
          status: 422,
          detail: 'target_url: This value is not a valid URL.',
          violations: [
            {
              propertyPath: 'target_url',
              message: 'This value is not a valid URL.',
              code: 'invalid',
            },
          ],
        },
        'application/problem+json',
      ),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New integration configuration' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This value should not be blank.')).toHaveLength(2);

    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: /^customer-notification/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Target URL' }), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value is not a valid URL.')).toBeVisible();

    // Credentials are asked for once an authentication type needs them.
    await user.click(within(dialog).getByRole('combobox', { name: 'Authentication' }));
    await user.click(await screen.findByRole('option', { name: 'Query parameter' }));
    const url = within(dialog).getByRole('textbox', { name: 'Target URL' });
    await user.clear(url);
    await user.type(url, 'ftp://files.example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByRole('textbox', { name: 'Query parameter name' }),
    ).toHaveAccessibleDescription('This value should not be blank.');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Query parameter name' }), 'key');
    await user.type(within(dialog).getByRole('textbox', { name: 'Token' }), 't0k3n');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('target_url: This value is not a valid URL.');
    expect(within(dialog).getByRole('textbox', { name: 'Target URL' })).toHaveAccessibleDescription(
      'This value is not a valid URL.',
    );
    expect(screen.getAllByText('Validation Error')).toHaveLength(2);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      event: 'customer-notification',
      target_url: 'ftp://files.example.com/hook',
      authentication_type: 'query',
      authentication_key: 'key',
      authentication_token: 't0k3n',
      business_registry_configurations: [],
    });
  });

  it('opens the edit dialog from the URL and saves with the linked registries', async () => {
    const user = userEvent.setup();
    const sent = fakeApi((body) => json(200, { ...configuration, ...(body as object) }));
    renderPage(`/api-configurations?dialogId=api-configuration&dialog_uuid=${UUID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit integration configuration' });
    expect(await within(dialog).findByRole('textbox', { name: 'Target URL' })).toHaveValue(
      'https://hooks.example.com/fiscus',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Authorization scheme' })).toHaveValue(
      'Bearer',
    );
    expect(within(dialog).getByText('01234567890 · ALPHA SRL')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Authentication' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeVisible();
    expect(sent.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/it/api-configurations/${UUID}`,
      body: {
        authentication_type: 'none',
        // Switching to none clears the stored credentials.
        authentication_key: null,
        authentication_token: null,
        business_registry_configurations: [{ fiscal_id: '01234567890' }],
      },
    });
  });

  it('never shows the saved token: an empty field keeps it, a new target asks for it again', async () => {
    const user = userEvent.setup();
    let answer = (body: unknown) => json(200, { ...configuration, ...(body as object) });
    const sent = fakeApi((body) => answer(body));
    renderPage(`/api-configurations?dialogId=api-configuration&dialog_uuid=${UUID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit integration configuration' });
    const token = await within(dialog).findByRole('textbox', { name: 'Token' });
    expect(token).toHaveValue('');
    expect(token).not.toBeRequired();
    expect(token).toHaveAccessibleDescription(
      'A token is saved (••••cret). Leave empty to keep it, or type a new one to replace it.',
    );
    expect(dialog).not.toHaveTextContent('secret');

    answer = () =>
      json(
        422,
        {
          type: '/errors/422',
          title: 'An error occurred',
          status: 422,
          detail: 'authentication_token: The target address changed: type the token again.',
          violations: [
            {
              propertyPath: 'authentication_token',
              message: 'The target address changed: type the token again.',
              code: 'invalid',
            },
          ],
        },
        'application/problem+json',
      );
    const url = within(dialog).getByRole('textbox', { name: 'Target URL' });
    await user.clear(url);
    await user.type(url, 'https://elsewhere.example.com/fiscus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByRole('textbox', { name: 'Token' }),
    ).toHaveAccessibleDescription('The target address changed: type the token again.');
    expect(sent.find((call) => call.method === 'PUT')?.body).toMatchObject({
      target_url: 'https://elsewhere.example.com/fiscus',
      authentication_type: 'header',
      authentication_key: 'Bearer',
      // Empty field: keep the saved token.
      authentication_token: null,
    });

    answer = (body) => json(200, { ...configuration, ...(body as object) });
    await user.type(within(dialog).getByRole('textbox', { name: 'Token' }), 'n3w-s3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeVisible();
    expect(sent.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({
      authentication_token: 'n3w-s3cret',
    });
  });

  it('shows the delivery log and replays one delivery', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(() =>
      json(202, {
        uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        event: 'customer-invoice',
        status: 'pending',
        attempt: 0,
        response_code: null,
        duration_ms: null,
        error: null,
        replay_of: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        created_at: '2026-11-21T09:00:00.000Z',
        updated_at: '2026-11-21T09:00:00.000Z',
        delivered_at: null,
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('Failed')).closest('tr');
    expect(row).toHaveTextContent('503');
    expect(row).toHaveTextContent('42 ms');
    await user.click(within(log).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Delivery queued again')).toBeVisible();
    expect(sent.find((call) => call.method === 'POST')?.path).toBe(
      `/api/it/api-configurations/${UUID}/deliveries/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/replay`,
    );
  });
});
