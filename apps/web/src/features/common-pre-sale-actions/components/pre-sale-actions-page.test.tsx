import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import preSaleActions from '../../../locales/en/preSaleActions.json';
import PreSaleActionsPage from './pre-sale-actions-page';

const PRE_SALE = '0b9a3c1e-6f0e-4b8a-9d55-1a2b3c4d5e6f';

const action = {
  uuid: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  pre_sale_uuid: PRE_SALE,
  threshold: 100,
  action_type: 'alert_mail',
  target: 'finance@demo.fiscus.test',
  enabled: true,
  running: false,
  created_at: '2026-01-31T10:00:00.000Z',
  updated_at: '2026-01-31T10:00:00.000Z',
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

const collection = (members: unknown[]) =>
  json(200, { 'hydra:member': members, 'hydra:totalItems': members.length }, 'application/ld+json');

function fakeApi(saveAnswer: (body: unknown) => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/common/pre-sales') {
        return collection([
          {
            uuid: PRE_SALE,
            current_credit_purchased: '500.00',
            current_credit_available: '320.50',
            current_credit_purchased_at: '2026-01-01T00:00:00.000Z',
            invoices_received: 3,
            invoices_sent: 7,
          },
        ]);
      }
      if (method === 'GET') return collection([action]);
      return saveAnswer(body);
    }),
  );
  return sent;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3}>
        <ListKitTestProviders
          initialUrl="/settings/pre-sale-actions"
          namespaces={{ preSaleActions }}
        >
          <PreSaleActionsPage />
        </ListKitTestProviders>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PreSaleActionsPage', () => {
  it('lists the actions', async () => {
    fakeApi(() => json(500, {}));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Pre-sale actions' });
    expect(await within(table).findByText('finance@demo.fiscus.test')).toBeInTheDocument();
    expect(within(table).getByText('Alert email')).toBeInTheDocument();
  });

  it('creates on the fetched pre-sale after the threshold and target pass', async () => {
    const user = userEvent.setup();
    const sent = fakeApi((body) =>
      json(201, { ...action, ...(body as object), uuid: action.uuid }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New action' }));
    const dialog = await screen.findByRole('dialog', { name: 'New pre-sale action' });
    const threshold = await within(dialog).findByRole('spinbutton', { name: 'Threshold' });
    expect(threshold).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value should be positive.')).toBeInTheDocument();
    expect(within(dialog).getByText('This value should not be blank.')).toBeInTheDocument();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(threshold);
    await user.type(threshold, '50');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Recipient email' }),
      'ops@example.test',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Action for ops@example.test created')).toBeInTheDocument();
    expect(sent.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/common/pre-sale-actions',
      body: {
        pre_sale_uuid: PRE_SALE,
        threshold: 50,
        action_type: 'alert_mail',
        target: 'ops@example.test',
        enabled: true,
      },
    });
  });

  it('shows the 422 detail and puts the violation on its field when editing', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(() =>
      json(
        422,
        {
          type: 'about:blank',
          title: 'Unprocessable Entity',
          status: 422,
          detail: 'target: This value is not a valid email address.',
          violations: [
            {
              propertyPath: 'target',
              message: 'This value is not a valid email address.',
              code: 'invalid_email',
            },
          ],
        },
        'application/problem+json',
      ),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit pre-sale action' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('target: This value is not a valid email address.');
    expect(
      within(dialog).getByRole('textbox', { name: 'Recipient email' }),
    ).toHaveAccessibleDescription('This value is not a valid email address.');
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')?.path).toBe(
        `/api/common/pre-sale-actions/${action.uuid}`,
      ),
    );
  });
});
