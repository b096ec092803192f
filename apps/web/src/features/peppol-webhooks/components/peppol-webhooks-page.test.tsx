import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem } from '../../../test/handlers/http';
import { samplePeppolWebhook as webhook } from '../../../test/handlers/peppol-webhooks';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import PeppolWebhooksPage from './peppol-webhooks-page';

function renderPage(route = '/peppol/webhooks') {
  return renderWithProviders(<PeppolWebhooksPage />, {
    route,
    namespaces: ['peppolWebhooks', 'listKit'],
  });
}

describe('PeppolWebhooksPage', () => {
  it('lists the webhooks of the domain: uuid, event, url, created', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const row = (await within(table).findByText(webhook.uuid)).closest('tr');
    expect(row).toHaveTextContent('A document received');
    expect(row).toHaveTextContent('https://hooks.example.com/peppol/incoming');
    expect(row).toHaveTextContent('25 Nov 2026');
    expect(within(row!).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(sentRequests({ path: '/api/peppol/it/webhooks' })).toHaveLength(1);
  });

  it('checks the new webhook, shows the 422 on the url, then creates it', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This value should not be blank.')).toHaveLength(2);
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: /A document sent/ }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value is not a valid URL.')).toBeVisible();
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.clear(url);
    await user.type(url, 'http://192.168.1.10/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'URL: Webhook targets on loopback or private addresses are not allowed.',
    );
    expect(url).toHaveAccessibleDescription(
      'Webhook targets on loopback or private addresses are not allowed.',
    );

    await user.clear(url);
    await user.type(url, 'https://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook created')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests({ method: 'POST' }).at(-1)).toMatchObject({
      path: '/api/peppol/it/webhooks',
      body: { event: 'outgoing-document', url: 'https://example.com/hook' },
    });
    expect(await screen.findByText('https://example.com/hook')).toBeVisible();
  });

  it('opens the delivery log through the URL', async () => {
    await renderPage(`/peppol/webhooks?dialogId=deliveries&dialog_uuid=${webhook.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: /Delivery log/ });
    const log = await within(dialog).findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('Failed')).closest('tr');
    expect(row).toHaveTextContent('502');
    expect(row).toHaveTextContent('87 ms');
    expect(row).toHaveTextContent('Bad Gateway');
    expect(dialog).toHaveTextContent(
      'A document received → https://hooks.example.com/peppol/incoming',
    );
  });

  it('deletes a webhook after asking', async () => {
    const user = userEvent.setup();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    await within(table).findByText(webhook.uuid);
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Webhook deleted')).toBeVisible();
    expect(await within(table).findByText('No records found')).toBeVisible();
    expect(sentRequests({ method: 'DELETE' })[0]?.path).toBe(
      `/api/peppol/it/webhooks/${webhook.uuid}`,
    );
  });

  it('lists Belgium’s webhooks on the Belgian API', async () => {
    await renderPage('/peppol-be/webhooks');
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(await within(table).findByText('No records found')).toBeVisible();
    expect(sentRequests({ path: '/api/peppol/be/webhooks' })).toHaveLength(1);
    expect(sentRequests({ path: '/api/peppol/it/webhooks' })).toEqual([]);
  });

  it('shows the generic error to a sub-account, which the API refuses', async () => {
    server.use(
      http.get(apiUrl('peppol', '/it/webhooks'), () =>
        problem(
          403,
          'Forbidden',
          'Peppol webhooks are the business’s: a sub-account manages none.',
        ),
      ),
    );
    await renderPage();
    expect(await screen.findByText('An error occurred, please try again later.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  });
});
