import { EXPENSE_VIOLATION_MESSAGES } from '@fiscus/contracts/expense-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { sampleExpense } from '../../../test/handlers/expenses';
import { apiUrl, hydraCollection, problem, unprocessable } from '../../../test/handlers/http';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import ExpensesPage from './expenses-page';

const LIST = apiUrl('it', '/sistema-ts/expenses');

function renderPage(route = '/expenses') {
  return renderWithProviders(<ExpensesPage />, {
    route,
    namespaces: ['expenses', 'listKit'],
  });
}

describe('ExpensesPage', () => {
  it('lists the last month of expenses, 30 a page, with the cache marker', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Health expenses' });
    const row = (await within(table).findByText('FT-2026/17')).closest('tr');
    if (!row) throw new Error('row not found');
    expect(within(row).getByText('BNCLCU85M10F205Z')).toBeInTheDocument();
    expect(within(row).getByText('SR – Specialist care and medical visits')).toBeInTheDocument();
    expect(within(row).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Accepted with warnings')).toBeInTheDocument();
    // The latest protocol is in the details; the column is one of the chooser's, hidden at first.
    expect(within(row).queryByText('26112109300012345')).toBeNull();
    expect(
      within(row).getByRole('button', { name: 'Download the latest receipt' }),
    ).toBeInTheDocument();

    // The citizen who opposed has a marker instead of a code; nothing to download yet.
    const opposed = within(table).getByText('DC-0042').closest('tr');
    if (!opposed) throw new Error('row not found');
    expect(within(opposed).getByText('Opposed')).toBeInTheDocument();
    expect(within(opposed).getByText('Pending')).toBeInTheDocument();
    expect(
      within(opposed).queryByRole('button', { name: 'Download the latest receipt' }),
    ).toBeNull();

    const [list] = sentRequests({ method: 'GET', path: '/api/it/sistema-ts/expenses' });
    expect(list?.query.get('itemsPerPage')).toBe('30');
    expect(list?.query.get('created_at[after]')).toMatch(/T00:00:00[+-]\d{2}:\d{2}$/);
    expect(list?.query.get('created_at[before]')).toMatch(/T23:59:59[+-]\d{2}:\d{2}$/);
    expect(list?.query.get('ts')).toBe(
      window.localStorage.getItem(storageKeys.expensesCacheMarker),
    );
  });

  it("says 'No records found' when there is none", async () => {
    server.use(http.get(LIST, () => hydraCollection([])));
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Health expenses' });
    expect(await within(table).findByText('No records found')).toBeInTheDocument();
  });

  it('hides the table when the list cannot be read', async () => {
    server.use(http.get(LIST, () => problem(500, 'Internal Server Error', 'boom')));
    await renderPage();
    expect(
      await screen.findByText('An error occurred, please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens the details from the address, with the transmissions and the receipts', async () => {
    const user = userEvent.setup();
    await renderPage(`/expenses?dialogId=expense&dialog_uuid=${sampleExpense.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: 'Expense FT-2026/17' });
    expect(within(dialog).getByRole('tab', { name: 'Info' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByText('RSSMRA80A01H501U')).toBeInTheDocument();
    const transmissions = within(dialog).getByRole('table', {
      name: 'Transmissions to Sistema TS',
    });
    expect(within(transmissions).getByText('26112109300012345')).toBeInTheDocument();
    expect(within(transmissions).getByText('Warning')).toBeInTheDocument();
    expect(within(transmissions).getByText('W210')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Receipts' }));
    const receipts = await within(dialog).findByRole('table', { name: 'Receipts' });
    expect(within(receipts).getByText('Processed with warnings')).toBeInTheDocument();
    expect(within(receipts).getByText('Insertion')).toBeInTheDocument();
    expect(
      within(receipts).getByRole('button', { name: 'Download receipt 26112109300012345' }),
    ).toBeInTheDocument();
  });

  it('reports a failed receipt download in a snackbar', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('it', '/sistema-ts/expenses/:uuid/receipts/:protocol'), () =>
        problem(500, 'Internal Server Error', 'boom'),
      ),
    );
    await renderPage();
    const row = (await screen.findByText('FT-2026/17')).closest('tr');
    if (!row) throw new Error('row not found');
    await user.click(within(row).getByRole('button', { name: 'Download the latest receipt' }));
    expect(await screen.findByText('The file could not be downloaded')).toBeInTheDocument();
    expect(
      sentRequests({
        path: `/api/it/sistema-ts/expenses/${sampleExpense.uuid}/receipts/26112109300012345`,
      })[0]?.headers.get('Accept'),
    ).toBe('application/pdf');
  });

  it('downloads the receipts of the page as a zip, by the same call', async () => {
    const user = userEvent.setup();
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      await renderPage('/expenses?status=warning');
      await screen.findByText('FT-2026/17');
      await user.click(screen.getByRole('button', { name: 'Download receipts (zip)' }));
      await waitFor(() => expect(names).toEqual(['expense-receipts.zip']));
      const zip = sentRequests({ path: '/api/it/sistema-ts/expenses' }).find(
        (request) => request.headers.get('Accept') === 'application/zip',
      );
      expect(zip?.query.get('status')).toBe('warning');
      expect(zip?.query.get('page')).toBe('1');
      expect(zip?.query.get('itemsPerPage')).toBe('30');
      expect(zip?.query.get('ts')).not.toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('creates an expense, with the violations of the API on their fields', async () => {
    const user = userEvent.setup();
    let refused = false;
    server.use(
      http.post(LIST, () => {
        if (refused) return undefined;
        refused = true;
        return unprocessable([
          {
            propertyPath: 'codice_fiscale_cittadino',
            message: EXPENSE_VIOLATION_MESSAGES.fiscal_code_invalid,
            code: 'fiscal_code_invalid',
          },
        ]);
      }),
    );
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'New expense' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Owner fiscal code' }));
    await user.click(await screen.findByRole('option', { name: 'RSSMRA80A01H501U · Mario Rossi' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Citizen fiscal code' }),
      'bnclcu85m10f205r',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '25,90');
    await user.click(within(dialog).getByRole('combobox', { name: 'Expense type' }));
    await user.click(await screen.findByRole('option', { name: 'FC – Medicine' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Document number' }), 'DC-7');
    expect(within(dialog).getByRole('checkbox', { name: 'Traceable payment' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const citizen = within(dialog).getByRole('textbox', { name: 'Citizen fiscal code' });
    await waitFor(() =>
      expect(citizen).toHaveAccessibleDescription(
        'This is not a valid codice fiscale: its check character does not match.',
      ),
    );

    // The citizen opposed: the code goes, and the expense with it.
    await user.click(within(dialog).getByRole('checkbox', { name: 'The citizen opposed' }));
    expect(citizen).toBeDisabled();
    expect(citizen).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Expense DC-7 created: it is on its way to Sistema TS'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = sentRequests({ method: 'POST', path: '/api/it/sistema-ts/expenses' });
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toMatchObject({
      codice_fiscale_proprietario: 'RSSMRA80A01H501U',
      codice_fiscale_cittadino: 'BNCLCU85M10F205R',
      flag_opposizione: false,
      amount: '25.90',
      expense_type: 'FC',
      payment_tracked: true,
      document_type: 'F',
      document_number: 'DC-7',
    });
    expect(posts[1]?.body).toMatchObject({
      codice_fiscale_cittadino: null,
      flag_opposizione: true,
    });
    // The list shows the new expense, read back from the API.
    expect(await screen.findByText('DC-7')).toBeInTheDocument();
  });
});
