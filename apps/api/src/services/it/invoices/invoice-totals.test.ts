/**
 * List totals (hydra:totalItems). Unfiltered lists and lists filtered by marking only take their
 * total from counters the database keeps by trigger (it_invoice_counts); these tests hold them to
 * the rows a filtered, counted list sees, through every write that moves an invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { generatedInvoiceJson } from '../sdi-simulation/generated-invoice.ts';
import { createAlpha, drainJobs } from '../it-test-kit.ts';

let t: TestApp;
let alpha: { token: string };
let other: { token: string };

type Collection = { 'hydra:totalItems': number; 'hydra:member': { uuid: string }[] };

async function total(path: string, token = alpha.token): Promise<number> {
  const response = await t.request({
    method: 'GET',
    url: `/api/it${path}`,
    token,
    headers: { accept: 'application/ld+json' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Collection)['hydra:totalItems'];
}

/** The same list counted row by row: a date filter that matches everything bypasses the counters. */
function counted(path: string): Promise<number> {
  const separator = path.includes('?') ? '&' : '?';
  return total(`${path}${separator}createdAt[after]=2000-01-01`);
}

let sequence = 0;
function invoice(): object {
  sequence += 1;
  return generatedInvoiceJson({
    sellerVat: '01234567890',
    sellerName: 'ALPHA SRL',
    buyerVat: '12345678903',
    buyerName: 'GAMMA',
    recipientCode: 'ABC1234',
    number: `TOT-${sequence}`,
    date: '2026-02-10',
  });
}

async function post(url: string, token: string, headers: Record<string, string> = {}) {
  const response = await t.request({ method: 'POST', url, token, payload: invoice(), headers });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.json() as { uuid: string }).uuid;
}

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  alpha = await createAlpha(t);
  other = await createAlpha(t);
});

afterAll(async () => {
  await t.close();
});

describe('list totals', () => {
  it('follow sends, SDI outcomes, draft sends and deletes, per account and marking', async () => {
    expect(await total('/invoices?type=0')).toBe(0);

    await post('/api/it/invoices', alpha.token);
    await post('/api/it/invoices', alpha.token);
    await post('/api/it/invoices', other.token);
    const draft = await post('/api/it/invoices/draft', alpha.token);
    const blocked = await post('/api/it/invoices/draft', alpha.token, {
      'x-draft-blocked': 'true',
    });

    // Before the SDI sandbox runs: two waiting invoices, two drafts, one invoice of another account.
    expect(await total('/invoices?type=0')).toBe(2);
    expect(await total('/invoices?type=0&marking=waiting')).toBe(2);
    expect(await total('/invoices/draft')).toBe(2);
    expect(await total('/invoices/draft?marking=draft-blocked')).toBe(1);
    expect(await total('/invoices/draft?marking=delivered')).toBe(0);
    expect(await total('/invoices?type=0&marking=draft')).toBe(0);
    expect(await total('/invoices?type=0', other.token)).toBe(1);

    await drainJobs(t);
    expect(await total('/invoices?type=0&marking=waiting')).toBe(0);
    expect(await total('/invoices?type=0&marking=delivered')).toBe(2);
    expect(await total('/invoices?type=0&marking[]=delivered&marking[]=rejected')).toBe(2);

    // Sending a draft moves it to the invoices; deleting one removes it.
    const sent = await t.request({
      method: 'POST',
      url: `/api/it/invoices/draft/${draft}/send`,
      token: alpha.token,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/it/invoices/draft/${blocked}`,
      token: alpha.token,
    });
    expect(removed.statusCode).toBe(204);
    await drainJobs(t);

    expect(await total('/invoices?type=0')).toBe(3);
    expect(await total('/invoices/draft')).toBe(0);
    for (const path of [
      '/invoices?type=0',
      '/invoices?type=0&marking=delivered',
      '/invoices?type=1',
      '/invoices/draft',
    ]) {
      expect(await total(path), path).toBe(await counted(path));
    }
    expect(await total('/invoices?type=0', other.token)).toBe(1);
  });

  it('stay exact for filters the counters cannot answer', async () => {
    const [first] = (
      (
        await t.request({
          method: 'GET',
          url: '/api/it/invoices?type=0',
          token: alpha.token,
          headers: { accept: 'application/ld+json' },
        })
      ).json() as Collection
    )['hydra:member'];
    expect(await total(`/invoices?type=0&uuid=${first?.uuid}`)).toBe(1);
    expect(await total('/invoices?type=0&invoiceNumber=TOT-1&invoiceDate[after]=2026-02-10')).toBe(
      1,
    );
    expect(await total('/invoices?type=0&marking=delivered&sender.fiscalId=99999999999')).toBe(0);
    // A party matching by fiscal id and by VAT number at once is counted once.
    const all = await total('/invoices?type=0');
    expect(await total('/invoices?type=0&sender.fiscalId=01234567890')).toBe(all);
    expect(await total('/invoices?type=0&sender.fiscalId=IT01234567890')).toBe(all);
    expect(await total('/invoices?type=0&recipient.fiscalId=12345678903')).toBe(all);
  });
});
