import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jobsHandlers,
  sampleCompletedJob,
  sampleFailedJob,
  sampleRunningJob,
} from '../../../test/handlers/jobs';
import { AddressProbe, renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests, server } from '../../../test/server';
import JobsPage from './jobs-page';

function renderPage(route = '/jobs') {
  return renderWithProviders(
    <>
      <JobsPage />
      <AddressProbe />
    </>,
    { route, namespaces: ['jobs', 'listKit', 'invoiceForm'] },
  );
}

const DAY_MS = 86_400_000;

describe('JobsPage', () => {
  it('lists the jobs of the last 30 days, newest first, with their status', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Jobs' });
    await within(table).findByText('01234567890');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('01234567890');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[1]).toHaveTextContent('Daily schedule');
    expect(rows[2]).toHaveTextContent('RSSMRA80A01H501U');
    expect(rows[2]).toHaveTextContent('Error');
    const [list] = sentRequests({ path: '/api/it/jobs' });
    const after = Date.parse(list?.query.get('created_at[after]') ?? '');
    const before = Date.parse(list?.query.get('created_at[before]') ?? '');
    // From the start of the day 30 days back: 30 to 31 days ago, whatever the time of day (± the
    // hour a daylight-saving change in between moves it).
    const daysBack = (Date.now() - after) / DAY_MS;
    expect(daysBack).toBeGreaterThanOrEqual(30 - 1 / 24);
    expect(daysBack).toBeLessThan(31 + 1 / 24);
    expect(before).toBeGreaterThan(Date.now());
    expect(before - Date.now()).toBeLessThan(DAY_MS);
  });

  it("takes the registry's fiscal id from the address and sends the status filter", async () => {
    const user = userEvent.setup();
    await renderPage('/jobs?fiscal_id=rssmra80a01h501u');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(await within(table).findByText('RSSMRA80A01H501U')).toBeVisible();
    expect(within(table).queryByText('01234567890')).toBeNull();
    expect(sentRequests({ path: '/api/it/jobs' })[0]?.query.get('fiscal_id')).toBe(
      'RSSMRA80A01H501U',
    );
    expect(screen.getByRole('textbox', { name: 'Fiscal ID' })).toHaveValue('rssmra80a01h501u');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent('status=COMPLETED'),
    );
    await waitFor(() =>
      expect(sentRequests({ path: '/api/it/jobs' }).at(-1)?.query.get('status')).toBe('COMPLETED'),
    );
    expect(await within(table).findByText(/No results|No records/i)).toBeVisible();
  });

  it('opens the details through the address: parameters, output and the imported invoice', async () => {
    const user = userEvent.setup();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const row = (await within(table).findByText('01234567890')).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job details' });
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `dialogId=job&dialog_uuid=${sampleCompletedJob.uuid}`,
    );
    expect(await within(dialog).findByText(sampleCompletedJob.uuid)).toBeVisible();
    expect(within(dialog).getByText('Supplier invoices (received)')).toBeVisible();
    expect(within(dialog).getByText('1 invoice imported, 1 skipped, 1 failed.')).toBeVisible();
    const imported = within(dialog).getByRole('link', { name: 'IT09876543210_00A01.xml' });
    expect(imported).toHaveAttribute(
      'href',
      '/supplier-invoice?dialogId=invoice&dialog_uuid=9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    );
    expect(within(dialog).getByText(/The file is not a FatturaPA invoice/)).toBeVisible();
  });

  it('reopens the details of a failed job from a link', async () => {
    await renderPage(`/jobs?dialogId=job&dialog_uuid=${sampleFailedJob.uuid}`);
    const dialog = await screen.findByRole('dialog', { name: 'Job details' });
    expect(
      await within(dialog).findByText('The tax portal refused the stored Fisconline credentials.'),
    ).toBeVisible();
    expect(within(dialog).getByText('0 invoices imported')).toBeVisible();
  });

  it('asks again while a job runs, until it completes', async () => {
    server.use(...jobsHandlers({ jobs: [sampleRunningJob], settleAfter: 3 }));
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(await within(table).findByText('Running')).toBeVisible();
    expect(await within(table).findByText('Completed', {}, { timeout: 6_000 })).toBeVisible();
  }, 10_000);
});
