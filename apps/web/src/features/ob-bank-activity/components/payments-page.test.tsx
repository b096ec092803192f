import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleObCurrentAccount, sampleObRegistry } from '../../../test/handlers/ob';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import PaymentsPage from './payments-page';

const PAYMENTS = `/api/ob/business-registry/${sampleObRegistry.fiscalId}/payments`;

function renderPage(route = '/openbanking/payments', language?: 'it' | 'pl') {
  return renderWithProviders(
    <>
      <PaymentsPage />
      <AddressProbe />
    </>,
    { route, namespaces: ['obBankActivity', 'listKit'], language },
  );
}

beforeEach(() => {
  // Only the clock: the default window is the 30 days before 2 Dec 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T10:00:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('open-banking PaymentsPage', () => {
  it('asks for a registry, searched by fiscal id 300 ms after the last key, kept in the URL', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(
      await screen.findByText(
        'Choose a business registry by its fiscal id to see its bank activity.',
      ),
    ).toBeVisible();
    expect(sentRequests({ path: PAYMENTS })).toEqual([]);

    const picker = screen.getByRole('combobox', { name: 'Business registry (fiscal id)' });
    await user.type(picker, '1234');
    // One search for what was typed once the keys stopped, none per key.
    const searched = () =>
      sentRequests({ path: '/api/ob/business-registry' })
        .map((request) => request.query.get('fiscalId'))
        .filter((fiscalId) => fiscalId !== null);
    await waitFor(() => expect(searched()).toEqual(['1234']));
    const option = await screen.findByRole('option', { name: /12345678903/ });
    expect(option).toHaveTextContent('Rossi Forniture S.r.l.');
    expect(screen.queryByRole('option', { name: /09876543217/ })).toBeNull();

    await user.click(option);
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      `fiscalId=${sampleObRegistry.fiscalId}`,
    );
    const table = await screen.findByRole('table', {
      name: `Payments of ${sampleObRegistry.fiscalId}`,
    });
    const row = (await within(table).findByText('Saldo fattura FT 2026/118')).closest('tr')!;
    expect(row).toHaveTextContent('Incoming');
    expect(row).toHaveTextContent('SEPA Instant');
    expect(row).toHaveTextContent('€1,220.00');
    expect(row).toHaveTextContent('Received');
    expect(row).toHaveTextContent('28 Nov 2026');
    const sent = sentRequests({ path: PAYMENTS })[0]!;
    expect(sent.query.get('madeOn[after]')).toBe('2026-11-02');
    expect(sent.query.get('madeOn[before]')).toBe('2026-12-02');
    expect(sent.query.get('itemsPerPage')).toBe('30');
  });

  it('lands filtered by the account of a shortcut, and sends the chosen systems', async () => {
    const user = userEvent.setup();
    await renderPage(
      `/openbanking/payments?fiscalId=${sampleObRegistry.fiscalId}&account=${sampleObCurrentAccount.uuid}`,
    );
    const table = await screen.findByRole('table', {
      name: `Payments of ${sampleObRegistry.fiscalId}`,
    });
    await within(table).findByText('Saldo fattura FT 2026/118');
    expect(sentRequests({ path: PAYMENTS })[0]?.query.getAll('account.uuid')).toEqual([
      sampleObCurrentAccount.uuid,
    ]);

    await user.click(screen.getByRole('combobox', { name: 'System' }));
    await user.click(await screen.findByRole('option', { name: 'SEPA' }));
    await user.click(await screen.findByRole('option', { name: 'SWIFT' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(sentRequests({ path: PAYMENTS }).at(-1)?.query.getAll('system')).toEqual([
        'sepa',
        'swift',
      ]),
    );
    expect(await within(table).findByText('Acconto ordine 45')).toBeVisible();
    expect(within(table).queryByText('Saldo fattura FT 2026/118')).toBeNull();
  });

  it('speaks Polish', async () => {
    await renderPage(`/openbanking/payments?fiscalId=${sampleObRegistry.fiscalId}`, 'pl');
    const table = await screen.findByRole('table', {
      name: `Płatności ${sampleObRegistry.fiscalId}`,
    });
    const row = (await within(table).findByText('Saldo fattura FT 2026/118')).closest('tr')!;
    expect(row).toHaveTextContent('Przychodząca');
    expect(row).toHaveTextContent('Otrzymana');
  });
});
