import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleObWebhook as webhook } from '../../../test/handlers/ob';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import WebhooksPage from './webhooks-page';

function renderPage(route = '/openbanking/webhooks', language?: 'it' | 'pl') {
  return renderWithProviders(<WebhooksPage />, {
    route,
    namespaces: ['obWebhooks', 'listKit'],
    language,
  });
}

describe('open-banking WebhooksPage', () => {
  it('lists the webhooks: uuid, event, target URL and authentication', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const row = (await within(table).findByText(webhook.uuid)).closest('tr')!;
    expect(row).toHaveTextContent('Payment');
    expect(row).toHaveTextContent(webhook.targetUrl);
    expect(row).toHaveTextContent('Header');
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(sentRequests({ path: '/api/ob/webhooks' })[0]?.query.get('itemsPerPage')).toBe('30');
  });

  it('creates a webhook: the 422 on its field and as a toast, empty strings as null', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This value should not be blank.')).toHaveLength(2);

    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: /Bank connected/ }));
    const url = within(dialog).getByRole('textbox', { name: 'Target URL' });
    await user.type(url, 'http://192.168.1.10/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(url).toHaveAccessibleDescription(
      'Webhook targets on loopback or private addresses are not allowed.',
    );
    // The detail as a toast too.
    expect(
      await screen.findByText(
        'targetUrl: Webhook targets on loopback or private addresses are not allowed.',
        { selector: '#notistack-snackbar' },
      ),
    ).toBeVisible();

    await user.clear(url);
    await user.type(url, 'https://erp.example.com/hooks/connect');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook created')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests({ method: 'POST', path: '/api/ob/webhooks' }).at(-1)?.body).toEqual({
      event: 'connect',
      targetUrl: 'https://erp.example.com/hooks/connect',
      authenticationType: 'none',
      authenticationKey: null,
      authenticationToken: null,
    });
    expect(await screen.findByText('https://erp.example.com/hooks/connect')).toBeVisible();
  });

  it('edits a webhook keeping its write-only token when left empty', async () => {
    const user = userEvent.setup();
    await renderPage(`/openbanking/webhooks?dialogId=edit&dialog_uuid=${webhook.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    const key = await within(dialog).findByRole('textbox', { name: /Header name/ });
    expect(key).toHaveValue('X-Api-Key');
    expect(within(dialog).getByText(/A token is saved \(••••f00d\)/)).toBeVisible();
    await user.clear(key);
    await user.type(key, 'Authorization');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook saved')).toBeVisible();
    const body = sentRequests({ method: 'PUT' }).at(-1)?.body;
    expect(body).toEqual({
      event: 'payment',
      targetUrl: webhook.targetUrl,
      authenticationType: 'header',
      authenticationKey: 'Authorization',
    });
  });

  it('opens the delivery log through the URL', async () => {
    await renderPage(`/openbanking/webhooks?dialogId=deliveries&dialog_uuid=${webhook.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: /Delivery log/ });
    const log = await within(dialog).findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('Delivered')).closest('tr')!;
    expect(row).toHaveTextContent('200');
    expect(row).toHaveTextContent('142 ms');
    expect(row).toHaveTextContent('Payment');
    expect(sentRequests({ path: `/api/ob/webhooks/${webhook.uuid}/deliveries` })).toHaveLength(1);
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
  });

  it('speaks Polish', async () => {
    await renderPage('/openbanking/webhooks', 'pl');
    const table = await screen.findByRole('table', { name: 'Webhooki' });
    const row = (await within(table).findByText(webhook.uuid)).closest('tr')!;
    expect(row).toHaveTextContent('Płatność');
    expect(row).toHaveTextContent('Nagłówek');
    expect(screen.getByRole('button', { name: 'Nowy webhook' })).toBeVisible();
  });
});
