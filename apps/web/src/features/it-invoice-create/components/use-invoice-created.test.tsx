/** The 'invoice created' notice leads to the new invoice whatever the list's date filter. */
import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { sampleInvoice } from '../../../test/handlers/invoices';
import { renderRoutes } from '../../../test/render-with-providers';
import { useInvoiceCreatedToast } from './use-invoice-created';

beforeEach(() => {
  localStorage.clear();
  signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
});

afterEach(() => clearSession());

function CreatedNow() {
  const toast = useInvoiceCreatedToast();
  return <Button onClick={() => toast(sampleInvoice.uuid)}>Create</Button>;
}

it('the created notice shows the new invoice in the list, outside the default date window', async () => {
  const user = userEvent.setup();
  // The sample invoice is dated 2026-03-01: the default window (last month) hides it.
  const { router } = await renderRoutes(
    [
      { path: '/new', element: <CreatedNow /> },
      { path: '/customer-invoice', element: <p>the list</p> },
    ],
    '/new',
    ['common', 'invoices', 'listKit', 'invoiceCreate'],
  );
  await user.click(screen.getByRole('button', { name: 'Create' }));
  const notice = await screen.findByText(`Invoice created: ${sampleInvoice.uuid}`);
  expect(notice).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Show in the list' }));
  // The list looks the invoice up by uuid, with no invoice-date window to hide it (the list's
  // side is covered by invoice-filter-rules.test.tsx).
  expect(router.state.location.pathname).toBe('/customer-invoice');
  const params = new URLSearchParams(router.state.location.search);
  expect(params.get('uuid')).toBe(sampleInvoice.uuid);
  expect(params.get('invoiceDate[after]')).toBe('');
  expect(params.get('invoiceDate[before]')).toBe('');
  expect(await screen.findByText('the list')).toBeVisible();
});
