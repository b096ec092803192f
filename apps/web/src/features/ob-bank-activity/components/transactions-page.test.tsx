import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SECOND_INVOICE_UUID,
  sampleObCurrentAccount,
  sampleObRegistry,
  sampleSuggestedTransaction,
} from '../../../test/handlers/ob';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import TransactionsPage from './transactions-page';

const TRANSACTIONS = `/api/ob/business-registry/${sampleObRegistry.fiscalId}/transactions`;
const ROUTE = `/openbanking/transactions?fiscalId=${sampleObRegistry.fiscalId}`;

function renderPage(route = ROUTE, language?: 'it' | 'pl') {
  return renderWithProviders(<TransactionsPage />, {
    route,
    namespaces: ['obBankActivity', 'listKit'],
    language,
  });
}

async function table() {
  return screen.findByRole('table', { name: `Transactions of ${sampleObRegistry.fiscalId}` });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T10:00:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('open-banking TransactionsPage', () => {
  it('lists the transactions with what each pays', async () => {
    await renderPage();
    const rows = await table();
    const matched = (await within(rows).findByText(/SALDO FT 2026\/118/)).closest('tr')!;
    expect(matched).toHaveTextContent('2026-11-28');
    expect(matched).toHaveTextContent('Customer payment');
    expect(matched).toHaveTextContent('€1,220.00');
    expect(matched).toHaveTextContent('Posted');
    expect(matched).toHaveTextContent('FT 2026/118');
    const card = within(rows).getByText('PAGAMENTO POS CARBURANTI').closest('tr')!;
    expect(card).toHaveTextContent('-€64.30');
    expect(card).toHaveTextContent('—');
    expect(within(rows).getByRole('button', { name: 'To confirm: FT 2026/120' })).toBeVisible();
    const sent = sentRequests({ path: TRANSACTIONS })[0]!;
    expect(sent.query.get('duplicated')).toBe('false');
    expect(sent.query.get('madeOn[after]')).toBe('2026-11-02');
  });

  it('sends the filters: category, status and accounts', async () => {
    const user = userEvent.setup();
    await renderPage();
    await within(await table()).findByText(/SALDO FT 2026\/118/);
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Customer payment' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Accounts' }));
    await user.click(await screen.findByRole('option', { name: /Conto corrente ordinario/ }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Posted' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const query = sentRequests({ path: TRANSACTIONS }).at(-1)!.query;
      expect(query.getAll('category')).toEqual(['customer_payment']);
      expect(query.getAll('account.uuid')).toEqual([sampleObCurrentAccount.uuid]);
      expect(query.get('status')).toBe('posted');
    });
    const rows = await table();
    await waitFor(() => expect(within(rows).queryByText(/NERI IMPIANTI/)).toBeNull());
    expect(within(rows).getByText(/SALDO FT 2026\/118/)).toBeVisible();
    expect(sentRequests({ path: '/api/ob/categories' })).toHaveLength(1);
  });

  it('confirms a suggested match from its candidates', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      await within(await table()).findByRole('button', { name: 'To confirm: FT 2026/120' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Which invoice does it pay?' });
    const candidates = await within(dialog).findByRole('table', { name: 'Candidate invoices' });
    const best = within(candidates).getByText('FT 2026/120').closest('tr')!;
    expect(best).toHaveTextContent('72%');
    expect(best).toHaveTextContent('Invoice number with a typo: 2026/120');
    expect(best).toHaveTextContent('Same amount');
    expect(best).toHaveTextContent('€854.00');
    expect(best).toHaveTextContent('Neri Impianti S.n.c.');
    // A reason the console does not know shows its code.
    const other = within(candidates).getByText('FT 2026/121').closest('tr')!;
    expect(other).toHaveTextContent('future-rule');
    expect(other).toHaveTextContent('Similar payer name');

    await user.click(within(best).getByRole('button', { name: 'Confirm invoice FT 2026/120' }));
    expect(await screen.findByText('The transaction pays invoice FT 2026/120')).toBeVisible();
    expect(sentRequests({ method: 'PUT' })[0]).toMatchObject({
      path: `/api/ob/transactions/${sampleSuggestedTransaction.transactionId}/match`,
      body: { invoices: [{ uuid: SECOND_INVOICE_UUID, amount: '854.00' }] },
    });
    const rows = await table();
    await waitFor(() =>
      expect(within(rows).queryByRole('button', { name: /To confirm/ })).toBeNull(),
    );
    expect(within(rows).getByText('FT 2026/120')).toBeVisible();
  });

  it('rejects a suggestion', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      await within(await table()).findByRole('button', { name: 'To confirm: FT 2026/120' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Which invoice does it pay?' });
    await within(dialog).findByRole('table', { name: 'Candidate invoices' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject the suggestion' }));
    expect(await screen.findByText('Suggestion rejected')).toBeVisible();
    expect(sentRequests({ method: 'DELETE' })[0]?.path).toBe(
      `/api/ob/transactions/${sampleSuggestedTransaction.transactionId}/match`,
    );
  });

  it('imports a camt.053 statement as XML and shows what it brought', async () => {
    const user = userEvent.setup();
    await renderPage();
    await within(await table()).findByText(/SALDO FT 2026\/118/);
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a bank statement' });
    await user.click(await within(dialog).findByRole('combobox', { name: /Account/ }));
    // Only the enabled accounts.
    expect(screen.queryByRole('option', { name: 'Conto deposito' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Conto corrente ordinario' }));

    const xml =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>';
    await user.upload(
      within(dialog).getByLabelText(/Statement file/),
      new File([xml], 'estratto.xml', { type: 'text/xml' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Entries in the file')).toBeVisible();
    expect(dialog).toHaveTextContent('New transactions9');
    expect(dialog).toHaveTextContent('Matched to invoices5');
    expect(dialog).toHaveTextContent('Suggestions to confirm2');
    const sent = sentRequests({ method: 'POST' })[0]!;
    expect(sent.path).toBe(`/api/ob/business-registry/${sampleObRegistry.fiscalId}/statements`);
    expect(sent.query.get('account')).toBe(sampleObCurrentAccount.uuid);
    expect(sent.headers.get('content-type')).toBe('application/xml');
    expect(sent.body).toBe(xml);
  });

  it('imports the statement of an account whose bank is not connected: the file names its account', async () => {
    const user = userEvent.setup();
    await renderPage(`${ROUTE}&dialogId=import`);
    const dialog = await screen.findByRole('dialog', { name: 'Import a bank statement' });
    await user.click(await within(dialog).findByRole('combobox', { name: /Account/ }));
    await user.click(
      await screen.findByRole('option', { name: 'The account named in the file (new if unknown)' }),
    );
    await user.upload(
      within(dialog).getByLabelText(/Statement file/),
      new File(
        ['<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'],
        'poste.xml',
        {
          type: 'text/xml',
        },
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('New account, read from its statements')).toBeVisible();
    const sent = sentRequests({ method: 'POST' })[0]!;
    expect(sent.query.has('account')).toBe(false);
  });

  it('shows the refusal of a file that is no statement', async () => {
    const user = userEvent.setup();
    await renderPage(`${ROUTE}&dialogId=import`);
    const dialog = await screen.findByRole('dialog', { name: 'Import a bank statement' });
    await user.click(await within(dialog).findByRole('combobox', { name: /Account/ }));
    await user.click(await screen.findByRole('option', { name: 'Carta aziendale' }));
    await user.upload(
      within(dialog).getByLabelText(/Statement file/),
      new File(['<invoice/>'], 'fattura.xml', { type: 'text/xml' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The document element is missing.',
    );
    expect(
      await screen.findByText('The file is not a camt.053 or camt.054 statement.'),
    ).toBeVisible();
  });

  it('speaks Italian', async () => {
    await renderPage(ROUTE, 'it');
    const rows = await screen.findByRole('table', {
      name: `Movimenti di ${sampleObRegistry.fiscalId}`,
    });
    expect(
      await within(rows).findByRole('button', { name: 'Da confermare: FT 2026/120' }),
    ).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Paga la fattura' })).toBeVisible();
  });
});
