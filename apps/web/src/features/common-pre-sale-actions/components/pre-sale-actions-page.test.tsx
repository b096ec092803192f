import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, unprocessable } from '../../../test/handlers/http';
import { samplePreSaleAction } from '../../../test/handlers/pre-sale-actions';
import { samplePreSale } from '../../../test/handlers/dashboard';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import PreSaleActionsPage from './pre-sale-actions-page';

function renderPage() {
  return renderWithProviders(<PreSaleActionsPage />, {
    route: '/settings/pre-sale-actions',
    namespaces: ['preSaleActions'],
  });
}

describe('PreSaleActionsPage', () => {
  it('lists the actions', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Pre-sale actions' });
    expect(await within(table).findByText('finance@demo.fiscus.test')).toBeInTheDocument();
    expect(within(table).getByText('Alert email')).toBeInTheDocument();
  });

  it('creates on the fetched pre-sale after the threshold and target pass', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New action' }));
    const dialog = await screen.findByRole('dialog', { name: 'New pre-sale action' });
    const threshold = await within(dialog).findByRole('spinbutton', { name: 'Threshold' });
    expect(threshold).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value should be positive.')).toBeInTheDocument();
    expect(within(dialog).getByText('This value should not be blank.')).toBeInTheDocument();
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '50');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Recipient email' }),
      'ops@example.test',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Action for ops@example.test created')).toBeInTheDocument();
    const [post] = sentRequests({ method: 'POST' });
    expect(post?.path).toBe('/api/common/pre-sale-actions');
    expect(post?.body).toEqual({
      pre_sale_uuid: samplePreSale.uuid,
      threshold: 50,
      action_type: 'alert_mail',
      target: 'ops@example.test',
      enabled: true,
    });
    // The list shows the new action, read back from the API.
    expect(await screen.findByText('ops@example.test')).toBeInTheDocument();
  });

  it('shows the 422 detail and puts the violation on its field when editing', async () => {
    const user = userEvent.setup();
    // The stored target predates the rule the API now applies.
    server.use(
      http.put(apiUrl('common', '/pre-sale-actions/:uuid'), () =>
        unprocessable([
          {
            propertyPath: 'target',
            message: 'This value is not a valid email address.',
            code: 'invalid_email',
          },
        ]),
      ),
    );
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit pre-sale action' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Recipient email: This value is not a valid email address.');
    expect(
      within(dialog).getByRole('textbox', { name: 'Recipient email' }),
    ).toHaveAccessibleDescription('This value is not a valid email address.');
    await waitFor(() =>
      expect(sentRequests({ method: 'PUT' })[0]?.path).toBe(
        `/api/common/pre-sale-actions/${samplePreSaleAction.uuid}`,
      ),
    );
  });
});
