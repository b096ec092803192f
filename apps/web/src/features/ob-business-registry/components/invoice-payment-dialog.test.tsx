/**
 * Issue 36: the payment request of an Italian customer invoice, on the open-banking accounts
 * (`test/handlers/ob.ts`: Rossi Forniture's current account is the one payable account; its card
 * has no IBAN, its deposit account is disabled).
 */
import type { ObBusinessRegistry } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { apiUrl, hydraCollection, unprocessable } from '../../../test/handlers/http';
import {
  sampleObCurrentAccount,
  sampleObInactiveRegistry,
  sampleObRegistry,
} from '../../../test/handlers/ob';
import { renderWithProviders, type TestLanguage } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import type { InvoiceToBePaid } from '../model/invoice-payment-form';
import { InvoicePaymentDialog } from './invoice-payment-dialog';

const invoice: InvoiceToBePaid = {
  invoiceUuid: '6b0d7f0e-3c1a-4e55-9d3b-2f8a4c1e7a10',
  invoiceNumber: 'FT-43',
  senderFiscalIds: ['01234567897'],
  amountOwed: '500.00',
};

beforeEach(() => signIn(fakeToken({ ob: ['ROLE_OB'], common: ['ROLE_USER'] })));
afterEach(() => clearSession());

async function renderDialog(language: TestLanguage = 'en', onClose = vi.fn()) {
  await renderWithProviders(<InvoicePaymentDialog invoice={invoice} onClose={onClose} />, {
    namespaces: ['obBusinessRegistry'],
    language,
  });
  return onClose;
}

const currentAccountLabel = `Conto corrente ordinario · ${sampleObCurrentAccount.iban} (Rossi Forniture S.r.l.)`;

describe('the payment request of an invoice', () => {
  it('prefills the amount still owed, the description and the only payable account', async () => {
    await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Request payment of invoice FT-43' });
    expect(await within(dialog).findByRole('textbox', { name: /Amount/ })).toHaveValue('500.00');
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue(
      'Fattura FT-43',
    );
    expect(
      within(dialog).getByRole('combobox', { name: /Account to be paid on/ }),
    ).toHaveTextContent(currentAccountLabel);
    expect(within(dialog).getByRole('combobox', { name: /System/ })).toHaveTextContent('SEPA');
    // Only the registry with enabled accounts is asked for them, a whole page at once.
    const asked = sentRequests({ method: 'GET' }).map((request) => request.path);
    expect(asked).toContain(`/api/ob/business-registry/${sampleObRegistry.fiscalId}/accounts`);
    expect(asked).not.toContain(
      `/api/ob/business-registry/${sampleObInactiveRegistry.fiscalId}/accounts`,
    );
    expect(sentRequests({ path: '/api/ob/business-registry' })[0]?.query.get('itemsPerPage')).toBe(
      '100',
    );

    await user().click(within(dialog).getByRole('combobox', { name: /Account to be paid on/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([currentAccountLabel]);
  });

  it('sends the invoice with the request and shows the payer link', async () => {
    const clicks = user();
    await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Request payment of invoice FT-43' });
    await within(dialog).findByRole('textbox', { name: /Amount/ });
    await clicks.click(within(dialog).getByRole('combobox', { name: /System/ }));
    await clicks.click(await screen.findByRole('option', { name: 'SEPA Instant' }));
    await clicks.type(within(dialog).getByRole('textbox', { name: /email/ }), 'pay@verdi.it');
    await clicks.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Link' });
    expect((link as HTMLTextAreaElement).value).toMatch(/^https:\/\/pay\.example\.com\/ob\//);
    expect(sentRequests({ method: 'POST' })[0]).toMatchObject({
      path: '/api/ob/payments/receive/sepa-instant',
      body: {
        accountUuid: sampleObCurrentAccount.uuid,
        amount: '500.00',
        currencyCode: 'EUR',
        description: 'Fattura FT-43',
        email: 'pay@verdi.it',
        invoiceUuid: invoice.invoiceUuid,
      },
    });
    expect(within(dialog).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      (link as HTMLTextAreaElement).value,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  it("puts the API's violations on their fields and lists them in the alert", async () => {
    server.use(
      http.post(apiUrl('ob', '/payments/receive/sepa'), () =>
        unprocessable([
          {
            propertyPath: 'amount',
            message: 'The amount is above what a SEPA transfer may carry.',
            code: 'too_high',
          },
          {
            propertyPath: 'invoiceUuid',
            message: 'This invoice is not one of yours.',
            code: 'not_found',
          },
        ]),
      ),
    );
    const clicks = user();
    await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Request payment of invoice FT-43' });
    await within(dialog).findByRole('textbox', { name: /Amount/ });
    await clicks.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await vi.waitFor(() => expect(amount).toHaveAccessibleDescription(/above what a SEPA/));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('invoiceUuid: This invoice is not one of yours.');
    expect(within(dialog).queryByRole('textbox', { name: 'Link' })).not.toBeInTheDocument();
  });

  it('asks for a description and an account before sending', async () => {
    const registryWithTwo: ObBusinessRegistry = { ...sampleObRegistry, enabledAccountsCount: 2 };
    server.use(
      http.get(apiUrl('ob', '/business-registry'), () => hydraCollection([registryWithTwo])),
      http.get(apiUrl('ob', '/business-registry/:fiscalId/accounts'), () =>
        hydraCollection([
          sampleObCurrentAccount,
          {
            ...sampleObCurrentAccount,
            uuid: crypto.randomUUID(),
            nature: 'savings',
            name: 'Deposito',
          },
        ]),
      ),
    );
    const clicks = user();
    await renderWithProviders(
      <InvoicePaymentDialog
        invoice={{ ...invoice, senderFiscalIds: ['IT999'] }}
        onClose={vi.fn()}
      />,
      { namespaces: ['obBusinessRegistry'] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request payment of invoice FT-43' });
    await clicks.clear(await within(dialog).findByRole('textbox', { name: /Description/ }));
    await clicks.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findAllByText('This value should not be blank.')).toHaveLength(2);
    expect(sentRequests({ method: 'POST' })).toHaveLength(0);
  });

  it('says when no account can receive the payment and leads to the registries', async () => {
    server.use(
      http.get(apiUrl('ob', '/business-registry/:fiscalId/accounts'), () =>
        hydraCollection([{ ...sampleObCurrentAccount, iban: null }]),
      ),
    );
    const onClose = await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Request payment of invoice FT-43' });
    expect(
      await within(dialog).findByText(/None of your open-banking accounts can receive/),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Go to the business registry' }),
    ).toHaveAttribute('href', '/openbanking/business-registry');
    expect(within(dialog).queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks Polish', async () => {
    await renderDialog('pl');
    const dialog = await screen.findByRole('dialog', { name: 'Poproś o zapłatę faktury FT-43' });
    expect(
      await within(dialog).findByRole('combobox', { name: /Rachunek do wpłaty/ }),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Kwota/ })).toHaveValue('500.00');
    expect(within(dialog).getByRole('button', { name: 'Utwórz link' })).toBeVisible();
  });
});

function user() {
  return userEvent.setup();
}
