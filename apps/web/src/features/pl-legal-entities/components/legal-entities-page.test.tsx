import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, problem } from '../../../test/handlers/http';
import {
  REFUSED_KSEF_TOKEN,
  sampleActiveEntity,
  sampleBlockedEntity,
  sampleExpiredEntity,
  samplePendingEntity,
} from '../../../test/handlers/pl-legal-entities';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import LegalEntitiesPage from './legal-entities-page';

const PATH = '/api/pl/legal-entities';

function renderPage(route = '/gov-pl/legal-entities', language?: 'it' | 'pl') {
  return renderWithProviders(<LegalEntitiesPage />, {
    route,
    namespaces: ['plLegalEntities', 'listKit'],
    language,
  });
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Legal entities' });
  const row = (await within(table).findByText(name)).closest('tr');
  expect(row).not.toBeNull();
  return row!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LegalEntitiesPage', () => {
  it('lists the legal entities with their status, onboarding and sync times', async () => {
    await renderPage();
    const active = await rowOf(sampleActiveEntity.name);
    expect(active).toHaveTextContent('5260250274');
    expect(active).toHaveTextContent('ksef@alfa.example');
    expect(active).toHaveTextContent('Warszawa');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Completed');
    expect(active).toHaveTextContent('01 Dec 2026');
    expect(active).toHaveTextContent('30 Nov 2026');
    // Onboarded: nothing to start or connect.
    expect(within(active).queryByRole('button', { name: 'Start onboarding' })).toBeNull();
    expect(within(active).queryByRole('button', { name: 'Connect with a KSeF token' })).toBeNull();
    expect(within(active).getByRole('button', { name: 'Disable' })).toBeVisible();

    const pending = await rowOf(samplePendingEntity.name);
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Not started');
    expect(pending).toHaveTextContent('Never');
    expect(within(pending).getByRole('button', { name: 'Start onboarding' })).toBeVisible();
    expect(
      within(pending).getByRole('button', { name: 'Connect with a KSeF token' }),
    ).toBeVisible();

    expect(await rowOf(sampleExpiredEntity.name)).toHaveTextContent('Expired');

    const blocked = await rowOf(sampleBlockedEntity.name);
    expect(blocked).toHaveTextContent('Disabled');
    expect(within(blocked).getByRole('button', { name: 'Enable' })).toBeVisible();
    expect(within(blocked).queryByRole('button', { name: 'Start onboarding' })).toBeNull();
    expect(sentRequests({ path: PATH })).toHaveLength(1);
  });

  it('filters by name, NIP and status', async () => {
    const user = userEvent.setup();
    await renderPage();
    await rowOf(sampleActiveEntity.name);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(await screen.findByRole('textbox', { name: 'NIP' }), '52');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Disabled' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sentRequests({ path: PATH })).toHaveLength(2));
    expect(Object.fromEntries(sentRequests({ path: PATH })[1]?.query ?? [])).toEqual({
      page: '1',
      itemsPerPage: '30',
      nip: '52',
      status: 'blocked',
    });
    const table = screen.getByRole('table', { name: 'Legal entities' });
    await waitFor(() => expect(within(table).queryByText(sampleActiveEntity.name)).toBeNull());
    expect(within(table).getByText(sampleBlockedEntity.name)).toBeVisible();
  });

  it('checks a new legal entity, shows the API’s refusal of the NIP, then creates it', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New legal entity' }));
    const dialog = await screen.findByRole('dialog', { name: 'New legal entity' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Name, NIP, e-mail, both address lines, postcode and city; the province is optional.
    expect(await within(dialog).findAllByText('Required field.')).toHaveLength(7);
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(field('Name'), 'EPSILON SP. Z O.O.');
    await user.type(field('NIP'), '123-456-78-90');
    await user.type(field('E-mail'), 'not an e-mail');
    await user.type(field('Address line 1'), 'ul. Długa 5');
    await user.type(field('Address line 2'), 'piętro 3');
    await user.type(field('Postcode'), '80-831');
    await user.type(field('City'), 'Gdańsk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This value is not a valid email address.'),
    ).toBeVisible();
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'ksef@epsilon.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The API's 422: on the field and, with the server's detail, in the alert.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'NIP: This NIP is not valid (its check digit does not match).',
    );
    expect(field('NIP')).toHaveAccessibleDescription(
      'This NIP is not valid (its check digit does not match).',
    );
    expect(sentRequests({ method: 'POST' })[0]?.body).toEqual({
      name: 'EPSILON SP. Z O.O.',
      nip: '1234567890',
      email: 'ksef@epsilon.example',
      addressLine1: 'ul. Długa 5',
      addressLine2: 'piętro 3',
      postcode: '80-831',
      city: 'Gdańsk',
      province: null,
      incomingInvoiceEnabled: true,
      countryIso2: 'PL',
    });

    await user.clear(field('NIP'));
    await user.type(field('NIP'), '1234563218');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legal entity EPSILON SP. Z O.O. created')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('EPSILON SP. Z O.O.')).toHaveTextContent('Not started');
  });

  it('shows the NIP already used in Polish, worded by its code', async () => {
    const user = userEvent.setup();
    await renderPage(
      `/gov-pl/legal-entities?dialogId=edit&dialog_uuid=${samplePendingEntity.uuid}`,
      'pl',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj podmiot' });
    const nip = await within(dialog).findByRole('textbox', { name: 'NIP' });
    expect(nip).toHaveValue(samplePendingEntity.nip);
    await user.clear(nip);
    await user.type(nip, sampleActiveEntity.nip);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(nip).toHaveAccessibleDescription('Podmiot z tym NIP już istnieje na tym koncie.'),
    );
  });

  it('edits through the URL; the NIP of an onboarded entity is read-only', async () => {
    const user = userEvent.setup();
    await renderPage(`/gov-pl/legal-entities?dialogId=edit&dialog_uuid=${sampleActiveEntity.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit legal entity' });
    const nip = await within(dialog).findByRole('textbox', { name: 'NIP' });
    expect(nip).toBeDisabled();
    expect(nip).toHaveAccessibleDescription('The NIP of an onboarded legal entity cannot change.');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'nowy@alfa.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legal entity ALFA KSEF SP. Z O.O. saved')).toBeVisible();
    const put = sentRequests({ method: 'PUT' })[0];
    expect(put?.path).toBe(`${PATH}/${sampleActiveEntity.uuid}`);
    expect(put?.body).toMatchObject({ nip: sampleActiveEntity.nip, email: 'nowy@alfa.example' });
    expect(put?.body).not.toHaveProperty('countryIso2');
  });

  it('disables a legal entity after asking, then offers to enable it', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(sampleActiveEntity.name);
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable legal entity' });
    expect(dialog).toHaveTextContent('Disable ALFA KSEF SP. Z O.O. (NIP 5260250274)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable legal entity' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Legal entity ALFA KSEF SP. Z O.O. disabled')).toBeVisible();
    expect(sentRequests({ method: 'POST' })[0]?.path).toBe(
      `${PATH}/${sampleActiveEntity.uuid}/block`,
    );
    const updated = await rowOf(sampleActiveEntity.name);
    expect(await within(updated).findByRole('button', { name: 'Enable' })).toBeVisible();
    expect(updated).toHaveTextContent('Disabled');
  });

  it('enables a disabled legal entity, and says so when the API refuses', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(sampleBlockedEntity.name);
    await user.click(within(row).getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable legal entity' });
    server.use(
      http.post(apiUrl('pl', '/legal-entities/:uuid/block'), () =>
        problem(403, 'Forbidden', 'A sub-account may not change this legal entity.'),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(
      await screen.findByText('A sub-account may not change this legal entity.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts an onboarding and shows its link, to copy or open', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage();
    const row = await rowOf(samplePendingEntity.name);
    await user.click(within(row).getByRole('button', { name: 'Start onboarding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onboarding link' });
    const url = `http://localhost:3000/onboarding/${samplePendingEntity.uuid}/8f3e2a1b9c7d`;
    expect(within(dialog).getByRole('textbox', { name: 'Onboarding link' })).toHaveValue(url);
    expect(dialog).toHaveTextContent('they have 10 minutes to finish');
    expect(within(dialog).getByRole('link', { name: 'Open link' })).toHaveAttribute('href', url);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(dialog).getByRole('button', { name: 'Link copied' })).toBeVisible();
    expect(sentRequests({ method: 'POST' })[0]?.path).toBe(
      `${PATH}/${samplePendingEntity.uuid}/onboard/init`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf(samplePendingEntity.name)).toHaveTextContent('Initialized');
  });

  it('connects with a KSeF token: required, a sandbox token, KSeF’s refusal, then done', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(samplePendingEntity.name);
    await user.click(within(row).getByRole('button', { name: 'Connect with a KSeF token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect with a KSeF token' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Required field.')).toBeVisible();

    const token = within(dialog).getByRole('textbox', { name: 'KSeF authorisation token' });
    await user.type(token, REFUSED_KSEF_TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(token).toHaveAccessibleDescription('KSeF did not accept this authorisation token.'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Get a sandbox token' }));
    await waitFor(() => expect(token).toHaveValue(`sandbox-ksef-token-${samplePendingEntity.nip}`));
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      await screen.findByText('Legal entity BETA HANDEL S.A. connected to KSeF'),
    ).toBeVisible();
    expect(
      sentRequests({ path: `${PATH}/${samplePendingEntity.uuid}/ksef-token/create` }).at(-1)?.body,
    ).toEqual({
      authorizationToken: `sandbox-ksef-token-${samplePendingEntity.nip}`,
      autoSelect: true,
    });
    const connected = await rowOf(samplePendingEntity.name);
    await waitFor(() => expect(connected).toHaveTextContent('Active'));
  });

  it('shows a legal entity’s details through the URL', async () => {
    await renderPage(
      `/gov-pl/legal-entities?dialogId=details&dialog_uuid=${sampleActiveEntity.uuid}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Legal entity ALFA KSEF SP. Z O.O.' });
    expect(
      await within(dialog).findByText(
        'ul. Marszałkowska 1, lok. 2, 00-001 Warszawa, mazowieckie, PL',
      ),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('Completed');
  });
});
