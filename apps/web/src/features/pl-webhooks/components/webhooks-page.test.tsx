import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleActiveEntity, samplePendingEntity } from '../../../test/handlers/pl-legal-entities';
import { samplePlWebhook as webhook } from '../../../test/handlers/pl-webhooks';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import WebhooksPage from './webhooks-page';

function renderPage(route = '/gov-pl/webhooks') {
  return renderWithProviders(<WebhooksPage />, {
    route,
    namespaces: ['plWebhooks', 'listKit'],
  });
}

const entitySearches = () =>
  sentRequests({ path: '/api/pl/legal-entities' }).map((request) =>
    Object.fromEntries(request.query),
  );

describe('WebhooksPage', () => {
  it('lists every webhook: legal entity, type in words, URL; asked without pages', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const row = (await within(table).findByText(sampleActiveEntity.name)).closest('tr');
    expect(row).toHaveTextContent('Invoice received');
    expect(row).toHaveTextContent('https://erp.alfa.example/ksef/received');
    expect(within(row!).getByRole('button', { name: 'Delivery log' })).toBeVisible();
    expect(within(row!).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(row!).getByRole('button', { name: 'Delete' })).toBeVisible();
    const [list] = sentRequests({ path: '/api/pl/webhooks' });
    expect([...(list?.query.keys() ?? [])]).toEqual([]);
  });

  it('checks a new webhook, picks its legal entity by search, shows the API’s refusal, then creates it', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Required field.')).toHaveLength(3);
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    // The search waits 300 ms after the last key: one request for "beta", none per letter.
    const picker = within(dialog).getByRole('combobox', { name: 'Legal entity' });
    await user.type(picker, 'beta');
    await waitFor(() =>
      expect(entitySearches().map((query) => query.name)).toEqual([undefined, 'beta']),
    );
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /BETA HANDEL S\.A\./ }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    const types = await screen.findAllByRole('option');
    expect(types).toHaveLength(7);
    await user.click(screen.getByRole('option', { name: /Sent invoice confirmed \(UPO\)/ }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'ftp://erp.beta.example/ksef');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'This value is not a valid URL: use an http or https address.',
      ),
    ).toBeVisible();

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
    await user.type(url, 'https://erp.beta.example/ksef/upo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook created')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests({ method: 'POST' }).at(-1)?.body).toEqual({
      legalEntity: samplePendingEntity.uuid,
      webhookType: 'legal-entity-invoice-upo',
      webhookUrl: 'https://erp.beta.example/ksef/upo',
    });
    expect(await screen.findByText('https://erp.beta.example/ksef/upo')).toBeVisible();
  });

  it('searches the legal entities by NIP when digits are typed', async () => {
    const user = userEvent.setup();
    await renderPage('/gov-pl/webhooks?dialogId=new');
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Legal entity' }), '5260');
    expect(await screen.findByRole('option', { name: /ALFA KSEF/ })).toBeVisible();
    await waitFor(() => expect(entitySearches().at(-1)?.nip).toBe('5260'));
  });

  it('edits a webhook through the URL', async () => {
    const user = userEvent.setup();
    await renderPage(`/gov-pl/webhooks?dialogId=edit&dialog_uuid=${webhook.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect(await within(dialog).findByRole('combobox', { name: 'Legal entity' })).toHaveValue(
      sampleActiveEntity.name,
    );
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent(
      'Invoice received',
    );
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'https://erp.alfa.example/ksef/v2/received');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook saved')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/pl/webhooks/${webhook.uuid}`,
      body: {
        legalEntity: sampleActiveEntity.uuid,
        webhookType: 'legal-entity-invoice-receiver',
        webhookUrl: 'https://erp.alfa.example/ksef/v2/received',
      },
    });
    expect(await screen.findByText('https://erp.alfa.example/ksef/v2/received')).toBeVisible();
  });

  it('refuses a second webhook of one legal entity and type, on the type', async () => {
    const user = userEvent.setup();
    await renderPage('/gov-pl/webhooks?dialogId=new');
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Legal entity' }));
    await user.click(await screen.findByRole('option', { name: /ALFA KSEF/ }));
    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: /Invoice received/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://x.example/h');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(type).toHaveAccessibleDescription(
        'This legal entity already has a webhook of this type.',
      ),
    );
  });

  it('opens the delivery log through the URL', async () => {
    await renderPage(`/gov-pl/webhooks?dialogId=deliveries&dialog_uuid=${webhook.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: /Delivery log/ });
    const log = await within(dialog).findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('Failed')).closest('tr');
    expect(row).toHaveTextContent('Invoice received');
    expect(row).toHaveTextContent('503');
    expect(row).toHaveTextContent('112 ms');
    expect(row).toHaveTextContent('Service Unavailable');
    expect(dialog).toHaveTextContent(
      'ALFA KSEF SP. Z O.O. · Invoice received → https://erp.alfa.example/ksef/received',
    );
  });

  it('deletes a webhook after asking', async () => {
    const user = userEvent.setup();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    await within(table).findByText(sampleActiveEntity.name);
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(dialog).toHaveTextContent(
      'Delete the webhook “Invoice received” of ALFA KSEF SP. Z O.O. to https://erp.alfa.example/ksef/received?',
    );
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Webhook deleted')).toBeVisible();
    expect(await within(table).findByText('No records found')).toBeVisible();
    expect(sentRequests({ method: 'DELETE' })[0]?.path).toBe(`/api/pl/webhooks/${webhook.uuid}`);
  });
});
