import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { sampleApiConfiguration } from '../../../test/handlers/api-configurations';
import { apiUrl, hydraCollection } from '../../../test/handlers/http';
import { sampleSubAccount } from '../../../test/handlers/sub-accounts';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import BusinessRegistryPage from './business-registry-page';

const ROSSI = 'RSSMRA80A01H501U';
const settingsOf = (fiscalId: string) =>
  `/business-registry-configurations?dialogId=business-registry&dialog_fiscal_id=${fiscalId}`;

function renderPage(route = '/business-registry-configurations') {
  return renderWithProviders(<BusinessRegistryPage />, {
    route,
    namespaces: ['businessRegistry', 'listKit'],
  });
}

const manager = () =>
  signIn(
    fakeToken({
      it: ['ROLE_CONFIG', 'ROLE_SUB_ACCOUNT_MANAGER'],
      common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
    }),
  );

afterEach(() => clearSession());

describe('RegistryDialog', () => {
  it('creates a registry from New: one tab, the fiscal id checked, then "saved" with it', async () => {
    const user = userEvent.setup();
    signIn(fakeToken({ it: ['ROLE_CONFIG'], common: ['ROLE_USER'] }));
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'New business registry configuration',
    });
    expect(within(dialog).queryByRole('tab')).toBeNull();
    // Only a sub-account manager links sub-accounts.
    expect(within(dialog).queryByRole('combobox', { name: 'Sub-accounts' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const fiscalId = within(dialog).getByRole('textbox', { name: 'Fiscal ID' });
    expect(fiscalId).toHaveAccessibleDescription('This field is required');
    await user.type(fiscalId, 'it0123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fiscalId).toHaveAccessibleDescription(
      'Enter an 11-digit VAT number or a 16-character codice fiscale, without country prefix.',
    );
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    // Issue 31: the check digit of a VAT number and the check character of a codice fiscale.
    for (const wrong of ['01234567891', 'bncgnn75c41f205x']) {
      await user.clear(fiscalId);
      await user.type(fiscalId, wrong);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(fiscalId).toHaveAccessibleDescription(
        'This fiscal id is not valid: its check digit (VAT number) or check character (codice fiscale) does not match.',
      );
    }
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.clear(fiscalId);
    await user.type(fiscalId, 'bncgnn75c41f205h');
    expect(fiscalId).toHaveValue('BNCGNN75C41F205H');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Giovanna Bianchi');
    await user.click(within(dialog).getByRole('switch', { name: 'Digital signature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved - Fiscal ID: BNCGNN75C41F205H')).toBeVisible();
    expect(sentRequests({ method: 'POST' })[0]?.body).toEqual({
      fiscal_id: 'BNCGNN75C41F205H',
      name: 'Giovanna Bianchi',
      email: null,
      supplier_invoice_enabled: false,
      apply_signature: true,
      apply_legal_storage: false,
      receipts_enabled: false,
      api_configurations: [],
    });
    // Issue 31: the dialog goes on with the registry it created, its other tabs open.
    const created = await screen.findByRole('dialog', {
      name: 'Business registry BNCGNN75C41F205H',
    });
    expect(within(created).getByRole('tab', { name: 'Tax drawer' })).toBeVisible();
    expect(within(created).getByRole('textbox', { name: 'Fiscal ID' })).toBeDisabled();
    expect(within(created).getByRole('textbox', { name: 'Name' })).toHaveValue('Giovanna Bianchi');
    await user.click(within(created).getByRole('tab', { name: 'Smart receipt' }));
    expect(await within(created).findByRole('textbox', { name: 'Phone number' })).toBeVisible();
    // Nothing changed since the save: closing asks nothing.
    await user.click(within(created).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('BNCGNN75C41F205H')).toBeVisible();
  });

  it('shows the server 422 of a used fiscal id on its field', async () => {
    const user = userEvent.setup();
    await renderPage(
      '/business-registry-configurations?dialogId=business-registry&dialog_fiscal_id=new',
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'New business registry configuration',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Fiscal ID' }), ROSSI);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Fiscal ID: A business registry configuration with this fiscal id already exists.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Fiscal ID' })).toHaveAccessibleDescription(
      'A business registry configuration with this fiscal id already exists.',
    );
  });

  it('edits a registry opened from the address: fixed fiscal id, a webhook searched by URL, "updated"', async () => {
    const user = userEvent.setup();
    signIn(fakeToken({ it: ['ROLE_CONFIG'], common: ['ROLE_USER'] }));
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Settings',
      'Tax drawer',
      'Smart receipt',
      'Massive imports',
    ]);
    expect(await within(dialog).findByRole('textbox', { name: 'Fiscal ID' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Mario Rossi');

    const picker = within(dialog).getByRole('combobox', { name: 'Webhook configurations' });
    await user.type(picker, 'hooks');
    await user.click(await screen.findByRole('option', { name: /hooks\.example\.com\/fiscus/ }));
    await waitFor(() =>
      expect(
        sentRequests({ path: '/api/it/api-configurations' }).some(
          (request) =>
            request.query.get('targetUrl') === 'hooks' &&
            request.query.get('itemsPerPage') === '100',
        ),
      ).toBe(true),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/it/business-registry-configurations/${ROSSI}`,
      body: {
        fiscal_id: ROSSI,
        name: 'Mario Rossi',
        apply_signature: true,
        api_configurations: [sampleApiConfiguration['@id']],
        // The smart receipt tab's number goes along unchanged (spec 7).
        phone_number: '+393331234567',
      },
    });
  });

  it('shows the webhook links read-only without ROLE_CONFIG (ROLE_CONFIG_BRC cannot list them)', async () => {
    signIn(fakeToken({ it: ['ROLE_CONFIG_BRC'], common: ['ROLE_USER'] }));
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    expect(
      await within(dialog).findByRole('combobox', { name: 'Webhook configurations' }),
    ).toBeDisabled();
    expect(sentRequests({ path: '/api/it/api-configurations' })).toEqual([]);
  });

  it('shows the sub-accounts field to a manager whose role is in common only (italy@)', async () => {
    signIn(fakeToken({ it: ['ROLE_CONFIG'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'] }));
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    expect(await within(dialog).findByRole('combobox', { name: 'Sub-accounts' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: sampleSubAccount.email })).toBeVisible();
  });

  it('connects and disconnects sub-accounts one by one, listing what failed', async () => {
    const user = userEvent.setup();
    manager();
    server.use(
      http.get(apiUrl('common', '/users/me/accounts'), () =>
        hydraCollection([
          sampleSubAccount,
          { ...sampleSubAccount, email: 'second@demo.fiscus.test', fullname: 'Second' },
          { ...sampleSubAccount, email: 'ghost@demo.fiscus.test', fullname: 'Gone meanwhile' },
        ]),
      ),
    );
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    const linked = await within(dialog).findByRole('button', { name: sampleSubAccount.email });
    await user.click(within(linked).getByTestId('CancelIcon'));
    const picker = within(dialog).getByRole('combobox', { name: 'Sub-accounts' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /second@demo/ }));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /ghost@demo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const report = await within(dialog).findByTestId('sub-account-sync-report');
    expect(report).toHaveTextContent('Some sub-accounts could not be updated');
    expect(within(report).getByRole('list', { name: 'Done:' })).toHaveTextContent(
      `${sampleSubAccount.email} disconnected`,
    );
    expect(within(report).getByRole('list', { name: 'Done:' })).toHaveTextContent(
      'second@demo.fiscus.test connected',
    );
    expect(within(report).getByRole('list', { name: 'Failed:' })).toHaveTextContent(
      'ghost@demo.fiscus.test not connected: This sub-account does not exist.',
    );
    expect(
      await screen.findByText('Some sub-accounts could not be connected or disconnected.'),
    ).toBeVisible();
    expect(sentRequests({ method: 'DELETE' }).map((request) => request.path)).toEqual([
      `/api/it/business-registry-configurations/${ROSSI}/sub-accounts/${encodeURIComponent(sampleSubAccount.email)}`,
    ]);
    expect(
      sentRequests({ method: 'POST' }).map((request) => (request.body as { email: string }).email),
    ).toEqual(['second@demo.fiscus.test', 'ghost@demo.fiscus.test']);

    // Save again: only the failed one is tried again.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentRequests({ method: 'POST' })).toHaveLength(3));
    expect(sentRequests({ method: 'DELETE' })).toHaveLength(1);
  });

  it('saves the smart receipt alerts: valid emails, a phone with its international prefix', async () => {
    const user = userEvent.setup();
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    await user.click(await within(dialog).findByRole('tab', { name: 'Smart receipt' }));
    const first = await within(dialog).findByRole('textbox', { name: 'Alert recipient 1' });
    expect(first).toHaveValue('alerts@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add recipient' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Alert recipient 2' }),
      'not-an-email',
    );
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await user.clear(phone);
    await user.type(phone, '333 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByRole('textbox', { name: 'Alert recipient 2' }),
    ).toHaveAccessibleDescription('Invalid email');
    expect(phone).toHaveAccessibleDescription(
      'The phone number must include the international prefix and be a valid number (e.g. +393331234567).',
    );
    expect(sentRequests({ method: 'PUT' })).toEqual([]);

    const second = within(dialog).getByRole('textbox', { name: 'Alert recipient 2' });
    await user.clear(second);
    await user.type(second, 'ops@example.com');
    await user.clear(phone);
    await user.type(phone, '+39 347 765 4321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Smart receipt settings saved')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/it/business-registry-configurations/${ROSSI}/receipt-settings`,
      body: {
        receipts_alert_recipients: ['alerts@example.com', 'ops@example.com'],
        phone_number: '+393477654321',
      },
    });
  });

  it('saves a phone number alone: every recipient box can be removed, a blank one is none', async () => {
    const user = userEvent.setup();
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    await user.click(await within(dialog).findByRole('tab', { name: 'Smart receipt' }));
    await within(dialog).findByRole('textbox', { name: 'Alert recipient 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove recipient 1' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Alert recipient 1' })).toBeNull();
    // A box added and left blank is no recipient either.
    await user.click(within(dialog).getByRole('button', { name: 'Add recipient' }));
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await user.clear(phone);
    await user.type(phone, '+39 347 765 4321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Smart receipt settings saved')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]?.body).toEqual({
      receipts_alert_recipients: [],
      phone_number: '+393477654321',
    });
  });

  it('keeps what was typed in every tab and asks before discarding it', async () => {
    const user = userEvent.setup();
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Rossi Nuovo');
    await user.click(within(dialog).getByRole('tab', { name: 'Tax drawer' }));
    const codiceFiscale = await within(dialog).findByRole('textbox', { name: /^Codice fiscale/ });
    await user.type(codiceFiscale, 'rssmra80a01h501u');
    await user.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Rossi Nuovo');
    await user.click(within(dialog).getByRole('tab', { name: 'Tax drawer' }));
    expect(within(dialog).getByRole('textbox', { name: /^Codice fiscale/ })).toHaveValue(
      'RSSMRA80A01H501U',
    );

    // Escape on a changed dialog asks; Cancel keeps it, Discard closes it.
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard the changes?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: `Business registry ${ROSSI}` })).toBeNull(),
    );
  });

  it('checks the Fisconline PIN in the form: 10 digits', async () => {
    const user = userEvent.setup();
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    await user.click(await within(dialog).findByRole('tab', { name: 'Tax drawer' }));
    await user.type(
      await within(dialog).findByRole('textbox', { name: /^Codice fiscale/ }),
      'RSSMRA80A01H501U',
    );
    await user.type(within(dialog).getByLabelText(/^Password/), 'Fisconline.2026');
    const pin = within(dialog).getByLabelText(/^PIN/);
    await user.type(pin, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save credentials' }));
    expect(pin).toHaveAccessibleDescription('The Fisconline PIN is 10 digits.');
    expect(sentRequests({ method: 'PUT' })).toEqual([]);
  });

  it('shows a receipt setting the server refuses on its field', async () => {
    const user = userEvent.setup();
    server.use(
      http.put(apiUrl('it', '/business-registry-configurations/:id/receipt-settings'), () =>
        Response.json(
          {
            type: '/errors/422',
            title: 'An error occurred',
            status: 422,
            detail: 'receipts_alert_recipients.0: Invalid email',
            violations: [
              {
                propertyPath: 'receipts_alert_recipients.0',
                message: 'Invalid email',
                code: 'invalid',
              },
            ],
          },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    await user.click(await within(dialog).findByRole('tab', { name: 'Smart receipt' }));
    await within(dialog).findByRole('textbox', { name: 'Alert recipient 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Alert recipients 1: Invalid email',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Alert recipient 1' }),
    ).toHaveAccessibleDescription('Invalid email');
  });

  it('says so when the registry of the address does not exist', async () => {
    await renderPage(settingsOf('99999999999'));
    const dialog = await screen.findByRole('dialog', { name: 'Business registry 99999999999' });
    expect(
      await within(dialog).findByText(
        'This business registry configuration does not exist or could not be loaded.',
      ),
    ).toBeVisible();
  });
});
