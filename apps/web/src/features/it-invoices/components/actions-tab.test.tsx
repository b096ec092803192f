import type { Invoice, InvoiceNotification } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoicesHandlers, sampleInvoice } from '../../../test/handlers/invoices';
import { renderWithProviders } from '../../../test/render-with-providers';
import { server } from '../../../test/server';
import { ActionsTab } from './actions-tab';

function notification(type: InvoiceNotification['type']): InvoiceNotification {
  return {
    uuid: `0c6a2f4e-5b7d-4c1e-9a3b-00000000000${type === 'RC' ? 1 : 2}`,
    invoice_uuid: sampleInvoice.uuid,
    type,
    file_name: `IT01234567890_00001_${type}_001.xml`,
    created_at: '2026-03-02T10:00:00.000Z',
    message: {},
  };
}

async function renderActions(invoice: Invoice) {
  server.use(...invoicesHandlers([invoice]));
  await renderWithProviders(<ActionsTab invoice={invoice} />, { namespaces: ['invoices'] });
  const sandbox = await screen.findByRole('heading', { name: 'SDI sandbox' });
  return sandbox.parentElement ?? document.body;
}

const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });

describe('ActionsTab: the SDI outcomes offered are those SDI could send now', () => {
  it('while SDI holds the file (sent): its first answer only', async () => {
    const scope = await renderActions({ ...sampleInvoice, marking: 'sent', notifications: [] });
    await expect.poll(() => button(scope, 'Rejection (NS)')).toBeEnabled();
    expect(button(scope, 'Delivered (RC)')).toBeEnabled();
    expect(button(scope, 'Not delivered (MC)')).toBeEnabled();
    for (const name of ['Accepted by PA', 'Refused by PA', 'Terms expired', 'Transmission']) {
      expect(button(scope, name)).toBeDisabled();
    }
    const reasons = within(scope).getByRole('list', { name: 'Not possible now:' });
    expect(reasons).toHaveTextContent(
      /Terms expired \(DT\).*after an RC to a public administration/,
    );
    expect(reasons).toHaveTextContent(/Transmission attestation \(AT\): .*after an MC/);
  });

  it('a delivered B2B invoice: nothing, and the way to rehearse a rejection is told', async () => {
    const scope = await renderActions({
      ...sampleInvoice,
      marking: 'delivered',
      notifications: [notification('RC')],
    });
    await expect.poll(() => within(scope).queryByRole('list')).not.toBeNull();
    for (const name of [
      'Rejection (NS)',
      'Delivered (RC)',
      'Not delivered (MC)',
      'Terms expired',
    ]) {
      expect(button(scope, name)).toBeDisabled();
    }
    expect(within(scope).getByRole('combobox', { name: 'NS error code' })).toBeDisabled();
    const reasons = within(scope).getByRole('list', { name: 'Not possible now:' });
    expect(reasons).toHaveTextContent(
      /Rejection \(NS\), Delivered \(RC\), Not delivered \(MC\): SDI already answered this file \(RC\).*HOLD001/,
    );
    expect(reasons).toHaveTextContent(/only for invoices to a public administration/);
  });

  it("a public administration's delivered invoice: its outcome or the terms' end", async () => {
    const scope = await renderActions({
      ...sampleInvoice,
      marking: 'delivered-pa',
      transmission_format: 'FPA12',
      notifications: [notification('RC')],
    });
    await expect.poll(() => button(scope, 'Accepted by PA')).toBeEnabled();
    expect(button(scope, 'Refused by PA')).toBeEnabled();
    expect(button(scope, 'Terms expired')).toBeEnabled();
    expect(button(scope, 'Transmission')).toBeDisabled();
    expect(button(scope, 'Rejection (NS)')).toBeDisabled();
  });
});
