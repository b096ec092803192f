import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { businessRegistryHandlers, demoFisconline } from '../../../test/handlers/business-registry';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import BusinessRegistryPage from './business-registry-page';

const ROSSI = 'RSSMRA80A01H501U';
const COMPANY = '01234567890';
const settingsOf = (fiscalId: string) =>
  `/business-registry-configurations?dialogId=business-registry&dialog_fiscal_id=${fiscalId}`;
const storedCredentials = {
  credentials_set: true,
  set_at: '2026-11-20T10:15:00.000Z',
  source: 'form' as const,
};

function renderPage(route: string) {
  return renderWithProviders(
    <>
      <BusinessRegistryPage />
      <AddressProbe />
    </>,
    { route, namespaces: ['businessRegistry', 'listKit'] },
  );
}

async function openTab(fiscalId: string, tab: string) {
  const user = userEvent.setup();
  await renderPage(settingsOf(fiscalId));
  const dialog = await screen.findByRole('dialog', { name: `Business registry ${fiscalId}` });
  await user.click(await within(dialog).findByRole('tab', { name: tab }));
  return { user, dialog };
}

const withRoles = (...roles: string[]) =>
  signIn(fakeToken({ it: ['ROLE_CONFIG', ...roles], common: ['ROLE_USER'] }));

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('registry dialog: tax drawer tab', () => {
  it('shows the tabs in the spec order, no recover tab without ROLE_INVOICING_RECOVER', async () => {
    withRoles();
    await renderPage(settingsOf(ROSSI));
    const dialog = await screen.findByRole('dialog', { name: `Business registry ${ROSSI}` });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Settings',
      'Tax drawer',
      'Smart receipt',
      'Massive imports',
    ]);
    clearSession();
  });

  it('stores the credentials; wrong ones show the invalid-credentials message', async () => {
    withRoles();
    const { user, dialog } = await openTab(COMPANY, 'Tax drawer');
    expect(await within(dialog).findByText(/No tax portal credentials are stored/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save credentials' }));
    expect(within(dialog).getByLabelText(/Codice fiscale/)).toHaveAccessibleDescription(
      'codice fiscale is required',
    );
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'password is required',
    );
    expect(sentRequests({ method: 'PUT' })).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Codice fiscale/), demoFisconline.codice_fiscale);
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong-password');
    await user.type(within(dialog).getByLabelText(/^PIN/), demoFisconline.pin);
    await user.click(within(dialog).getByRole('button', { name: 'Save credentials' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Invalid credentials: the tax portal refused this codice fiscale, password and PIN.',
    );

    const password = within(dialog).getByLabelText(/^Password/);
    await user.clear(password);
    await user.type(password, demoFisconline.password);
    await user.click(within(dialog).getByRole('button', { name: 'Save credentials' }));
    expect(await screen.findByText('Tax portal credentials saved')).toBeVisible();
    expect(sentRequests({ method: 'PUT' }).at(-1)).toMatchObject({
      path: `/api/it/business-registry-configurations/${COMPANY}/credentials/fisconline`,
      body: demoFisconline,
    });
  });

  it('shows when credentials were stored, never the password', async () => {
    withRoles();
    server.use(...businessRegistryHandlers({ credentials: { [COMPANY]: storedCredentials } }));
    const { dialog } = await openTab(COMPANY, 'Tax drawer');
    expect(await within(dialog).findByText(/Fisconline credentials stored on 20/)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');
  });

  it('opens the interactive set-up in a new tab, only with a phone number', async () => {
    withRoles();
    const page = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(page as unknown as Window);
    const { user, dialog } = await openTab(ROSSI, 'Tax drawer');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Start interactive set-up' }),
    );
    await waitFor(() =>
      expect(page.location.href).toBe(`http://localhost/api/it/tax-portal/consent/token-${ROSSI}`),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(page.opener).toBeNull();
    expect(
      within(dialog).getByRole('link', { name: 'Open the tax portal page again' }),
    ).toHaveAttribute('target', '_blank');
  });

  it('keeps the interactive set-up off without a phone number', async () => {
    withRoles();
    const { dialog } = await openTab(COMPANY, 'Tax drawer');
    expect(
      await within(dialog).findByRole('button', { name: 'Start interactive set-up' }),
    ).toBeDisabled();
    expect(within(dialog).getByText(/needs the company's phone number/)).toBeVisible();
  });
});

describe('registry dialog: massive imports tab', () => {
  it('without ROLE_INVOICING_DOWNLOAD: the missing permission, contact sales, only cancel', async () => {
    withRoles();
    const { dialog } = await openTab(COMPANY, 'Massive imports');
    expect(
      await within(dialog).findByText('You do not have the permission to use massive imports.'),
    ).toBeVisible();
    expect(within(dialog).getByText(/Contact sales/)).toBeVisible();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toContain('Cancel');
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(sentRequests({ path: `/api/it/schedule/invoice-download/${COMPANY}` })).toEqual([]);
  });

  it('activates, toggles auto-renew and deactivates, refreshing the status after each', async () => {
    withRoles('ROLE_INVOICING_DOWNLOAD');
    server.use(...businessRegistryHandlers({ credentials: { [COMPANY]: storedCredentials } }));
    const { user, dialog } = await openTab(COMPANY, 'Massive imports');
    expect(await within(dialog).findByText('Inactive')).toBeVisible();
    await user.click(
      within(dialog).getByRole('switch', { name: 'Renew automatically every year' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Massive imports activated')).toBeVisible();
    expect(await within(dialog).findByText('Active')).toBeVisible();
    expect(within(dialog).getByText(/Valid until 22/)).toBeVisible();
    const path = `/api/it/schedule/invoice-download/${COMPANY}`;
    expect(sentRequests({ method: 'POST', path })[0]?.body).toEqual({
      auto_renew: true,
      download_archive: false,
    });
    // The status was asked again after the change.
    expect(sentRequests({ method: 'GET', path }).length).toBeGreaterThanOrEqual(2);

    const renew = within(dialog).getByRole('switch', { name: 'Renew automatically every year' });
    await waitFor(() => expect(renew).toBeChecked());
    await waitFor(() => expect(renew).toBeEnabled());
    await user.click(renew);
    expect(await screen.findByText('Auto-renew updated')).toBeVisible();
    expect(sentRequests({ method: 'PUT', path })[0]?.body).toEqual({ auto_renew: false });
    await waitFor(() => expect(renew).not.toBeChecked());

    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Deactivate' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Massive imports deactivated')).toBeVisible();
    expect(await within(dialog).findByText('Inactive')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'View the download jobs' })).toHaveAttribute(
      'href',
      `/jobs?fiscal_id=${COMPANY}`,
    );
  });

  it('asks for credentials first when none are stored', async () => {
    withRoles('ROLE_INVOICING_DOWNLOAD');
    const { dialog } = await openTab(COMPANY, 'Massive imports');
    expect(
      await within(dialog).findByText(/Store the Fisconline credentials in the Tax drawer tab/),
    ).toBeVisible();
    // Issue 31: activating without them would only make failing jobs.
    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    expect(activate).toBeDisabled();
    expect(activate).toHaveAccessibleDescription(
      'Store the Fisconline credentials in the Tax drawer tab first: the downloads need them.',
    );
  });
});

describe('registry dialog: recover tab', () => {
  it('counts the last 90 days, recovers the pending invoices and links to them', async () => {
    withRoles('ROLE_INVOICING_RECOVER');
    server.use(
      ...businessRegistryHandlers({
        credentials: { [COMPANY]: storedCredentials },
        rejected: { [COMPANY]: { count: 3, pending: 2 } },
      }),
    );
    const { user, dialog } = await openTab(COMPANY, 'Recover invoices');
    expect(
      await within(dialog).findByText('3 invoices rejected by SDI in this period'),
    ).toBeVisible();
    expect(within(dialog).getByText('2 to recover (not here yet)')).toBeVisible();
    const [count] = sentRequests({ path: `/api/it/rejected-invoices/${COMPANY}/count` });
    const from = count?.query.get('from_date') ?? '';
    const to = count?.query.get('to_date') ?? '';
    expect(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)).toBe(90);

    await user.click(within(dialog).getByRole('button', { name: 'Recover' }));
    expect(await screen.findAllByText('2 invoices recovered')).not.toHaveLength(0);
    expect(within(dialog).getByText('1 was already here and was skipped.')).toBeVisible();
    expect(sentRequests({ method: 'POST' })[0]?.body).toEqual({ from_date: from, to_date: to });
    expect(
      within(dialog).getByRole('link', { name: 'Open the rejected invoices to fix them' }),
    ).toHaveAttribute(
      'href',
      `/customer-invoice?invoiceDate%5Bafter%5D=&invoiceDate%5Bbefore%5D=&sender.fiscalId=${COMPANY}&rejectedToFix=1`,
    );
    expect(await within(dialog).findByText('0 to recover (not here yet)')).toBeVisible();
  });

  it("says why a recovery is refused in the user's language, by the field's label", async () => {
    withRoles('ROLE_INVOICING_RECOVER');
    for (const [language, title, tab, submit, label, reason] of [
      [
        'it',
        'Anagrafica',
        'Recupera fatture',
        'Recupera',
        'Codice fiscale / P. IVA',
        /^Nessuna credenziale Fisconline/,
      ],
      [
        'pl',
        'Rejestr firmy',
        'Odzyskaj faktury',
        'Odzyskaj',
        'Identyfikator podatkowy',
        /^Dla tej konfiguracji nie zapisano danych logowania Fisconline/,
      ],
    ] as const) {
      const user = userEvent.setup();
      const page = await renderWithProviders(<BusinessRegistryPage />, {
        route: settingsOf(COMPANY),
        namespaces: ['businessRegistry', 'listKit'],
        language,
      });
      const dialog = await screen.findByRole('dialog', { name: `${title} ${COMPANY}` });
      await user.click(await within(dialog).findByRole('tab', { name: tab }));
      await user.click(await within(dialog).findByRole('button', { name: submit }));
      // The alert of the refused submit (the count's warning is an alert too).
      const alert = await waitFor(() => {
        const found = within(dialog)
          .getAllByRole('alert')
          .find((each) => each.textContent?.includes(`${label}: `));
        if (!found) throw new Error(`no alert with ${label}`);
        return found;
      });
      const text = (alert.textContent ?? '').split(`${label}: `)[1] ?? '';
      expect(text).toMatch(reason);
      expect(alert).not.toHaveTextContent(/fiscal_id|Store the Fisconline/);
      // The error toast says why too, not 'an error occurred, try again later'.
      expect(
        (await screen.findAllByText(reason)).filter((shown) => !alert.contains(shown)),
      ).not.toHaveLength(0);
      page.unmount();
    }
  }, 40_000);

  it('asks for the credentials when none are stored', async () => {
    withRoles('ROLE_INVOICING_RECOVER');
    const { dialog } = await openTab(COMPANY, 'Recover invoices');
    expect(
      await within(dialog).findByText(/Store the Fisconline credentials in the Tax drawer tab/),
    ).toBeVisible();
  });
});
