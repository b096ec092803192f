import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  sampleApiConfiguration as configuration,
  sampleFailedDelivery,
} from '../../../test/handlers/api-configurations';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import ApiConfigurationsPage from './api-configurations-page';

const UUID = configuration.uuid;

function renderPage(route = '/api-configurations') {
  return renderWithProviders(<ApiConfigurationsPage />, {
    route,
    namespaces: ['apiConfigurations'],
  });
}

describe('ApiConfigurationsPage', () => {
  it('lists the configurations, searching by target URL with pages of 100', async () => {
    await renderPage('/api-configurations?targetUrl=hooks');
    const table = await screen.findByRole('table', { name: 'Integration configurations' });
    expect(await within(table).findByText('https://hooks.example.com/fiscus')).toBeVisible();
    expect(within(table).getByText('Authorization header')).toBeVisible();
    expect(within(table).getByText('01234567890')).toBeVisible();
    const [list] = sentRequests({ path: '/api/it/api-configurations' });
    expect(list?.query.get('targetUrl')).toBe('hooks');
    expect(list?.query.get('itemsPerPage')).toBe('100');
  });

  it('checks the form, then shows the server 422 on its field, in an alert and a toast', async () => {
    const user = userEvent.setup();
    // The API refuses a target that is not http(s), as the form does not.
    await renderPage();
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
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Query parameter name' }), 'key');
    await user.type(within(dialog).getByRole('textbox', { name: 'Token' }), 't0k3n');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('Target URL: This value is not a valid URL.');
    expect(within(dialog).getByRole('textbox', { name: 'Target URL' })).toHaveAccessibleDescription(
      'This value is not a valid URL.',
    );
    expect(screen.getAllByText('Validation Error')).toHaveLength(2);
    expect(sentRequests({ method: 'POST' })[0]?.body).toEqual({
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
    await renderPage(`/api-configurations?dialogId=api-configuration&dialog_uuid=${UUID}`);
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
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
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
    await renderPage(`/api-configurations?dialogId=api-configuration&dialog_uuid=${UUID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit integration configuration' });
    const token = await within(dialog).findByRole('textbox', { name: 'Token' });
    expect(token).toHaveValue('');
    expect(token).not.toBeRequired();
    expect(token).toHaveAccessibleDescription(
      'A token is saved (••••cret). Leave empty to keep it, or type a new one to replace it.',
    );
    expect(dialog).not.toHaveTextContent('secret');

    // A new target origin: the API asks for the token again.
    const url = within(dialog).getByRole('textbox', { name: 'Target URL' });
    await user.clear(url);
    await user.type(url, 'https://elsewhere.example.com/fiscus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByRole('textbox', { name: 'Token' }),
    ).toHaveAccessibleDescription('The target address changed: type the token again.');
    expect(sentRequests({ method: 'PUT' })[0]?.body).toMatchObject({
      target_url: 'https://elsewhere.example.com/fiscus',
      authentication_type: 'header',
      authentication_key: 'Bearer',
      // Empty field: keep the saved token.
      authentication_token: null,
    });

    await user.type(within(dialog).getByRole('textbox', { name: 'Token' }), 'n3w-s3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeVisible();
    expect(sentRequests({ method: 'PUT' }).at(-1)?.body).toMatchObject({
      authentication_token: 'n3w-s3cret',
    });
  });

  it('shows the delivery log and replays one delivery', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('Failed')).closest('tr');
    expect(row).toHaveTextContent('503');
    expect(row).toHaveTextContent('42 ms');
    await user.click(within(log).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Delivery queued again')).toBeVisible();
    expect(sentRequests({ method: 'POST' })[0]?.path).toBe(
      `/api/it/api-configurations/${UUID}/deliveries/${sampleFailedDelivery.uuid}/replay`,
    );
  });

  it("picks the replay period with the console's date-time pickers, not native inputs", async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Delivery log' });
    expect(dialog.querySelector('input[type="datetime-local"]')).toBeNull();
    // The pickers' sections in the console's order: day / month / year hours:minutes.
    const from = within(dialog).getByRole('group', { name: 'From' });
    const sections = within(from).getAllByRole('spinbutton');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Day',
      'Month',
      'Year',
      'Hours',
      'Minutes',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Replay period' }));
    expect(within(dialog).getAllByText('Choose a date and time.')).toHaveLength(2);
    expect(sentRequests({ method: 'POST' })).toHaveLength(0);
  });
});
